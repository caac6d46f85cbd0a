<?php
/*
 * The array path of the extension (toolcompact_compact()) against the
 * userland implementation of the contract in tests/lib/reference.php (the
 * baseline), in one process, on the same inputs. No timing is asserted
 * anywhere; the only failure is an output difference (exit status 1).
 *
 *   php -d extension=modules/toolcompact.so bench/compact.php [--quick] [--csv FILE] [--plot FILE]
 *
 * Cases: generated histories (bench/history.php) of 10, 100, 1000 and 10 000
 * messages with large payloads (kilobytes of file content per result or
 * written file) and with small ones (a few hundred bytes); every transcript
 * in ../shared/data/trajectories/ (skipped with a message when absent) and
 * in examples/transcripts/. Per case: messages, bytes (JSON of the history),
 * the median wall time per call of each implementation, the ratio, MB/s of
 * history, and the peak extra memory of a call of each.
 *
 * Times: the two implementations' calls on a case run in five alternating
 * blocks (bench/timing.php median_pair_us()), the calls of a block back to
 * back, so that a slow spell of the shared machine weighs on both medians
 * alike. A call of the extension right after one of the baseline finds its
 * data evicted from the caches by it and takes longer (measured: 4-5% on
 * two short transcripts, 10% on the generated large history of 1000
 * messages); only the first call of a
 * block does, so the medians are the time of a call that follows another one
 * of its own kind. A round gives each side of a case 31 calls, fewer (down
 * to 3) where they would take more than 0.4 s; every case is timed in three
 * rounds (one in --quick), each round over all the cases, so that a case's
 * rounds are seconds apart, and its times are the medians of its rounds'
 * medians, each side's (and its OpenSSL block time). The calls of a short
 * transcript take well under a millisecond in all, and the machine's speed
 * changes over seconds, the baseline's time more than the extension's (its
 * time per call moved by up to 1.8x between two runs where the extension's
 * moved by 1.1x): one round of a case can land in a spell that leaves its
 * ratio far from the others. More calls in a round is no cure: with a
 * thousand in a row the baseline's calls on a short transcript got faster
 * (12 against 18-32 us), the extension's barely (1.8 against 1.7-3.7).
 *
 * Peak extra memory: for each implementation, after gc_collect_cycles(),
 * memory_reset_peak_usage() and $base = memory_get_usage(); then one call,
 * with its result held; peak = memory_get_peak_usage() - $base. It counts
 * everything the call allocated through PHP's allocator at its highest point
 * (the result included, temporaries too), not the input, which exists before.
 * It is shown in KB and as a percentage of the history's JSON bytes; "ext
 * out %" is the part of it that the returned history itself holds
 * (memory_get_usage() - $base with the result still held): the new arrays of
 * the changed messages, calls, results, payloads and metas, which a result
 * cannot do without; the untouched parts are shared with the input.
 *
 * SHA-256 reference: the values the pass omitted (newly listed in a meta)
 * are json_encode()d here and checked against the meta's bytes and sha256.
 * The SHA-256 work they need is one compression per 64-byte block of each
 * padded message (ceil((len + 9) / 64) blocks). The time of one block is
 * measured with openssl_digest() over 4 MiB (median of 7), so that the fixed
 * cost of a PHP function call per value (about 1 µs, more than the hashing
 * of a few hundred bytes) is not counted as hashing: once at the start of
 * the run (printed), and for each case that omits something right before
 * and right after its calls are timed, the mean of the two being the
 * case's (sha_block_ns in the CSV), so that a slower or faster spell of the
 * shared machine weighs on both sides of the comparison. "sha %" is the
 * blocks' time divided by the extension's time per call: its throughput
 * over the omitted bytes as a percentage of raw OpenSSL SHA-256.
 * The "sha-only ceiling" is the baseline's time divided by the blocks' time:
 * the ratio of a pass that did nothing but that hashing, which no
 * implementation that hashes one value at a time with OpenSSL can beat
 * (hashing many values side by side in SIMD lanes could go past it).
 *
 * Freeing a result: each timed call above (of either implementation) also
 * frees the result of the call before it, as an agent replacing its context
 * does. How long PHP takes for that is measured per case on its own (a
 * result made outside the timed part, then unset(); median of 15) and kept
 * in the CSV (free_us). The "floor ceiling" is the baseline's time divided by
 * the blocks' time plus that: the ratio of a pass that did nothing but the
 * hashing and whose result, with the shape the contract gives it, cost
 * nothing to build, only to free. The extension's pass escapes each string
 * into the digest as it hashes it, so its rate is not that of
 * openssl_digest() over a ready buffer: the "pass floor ceiling" takes the
 * blocks at the rate a pass of the extension hashes them (pass_block_us(),
 * measured once per run, after the cold cases, on two strings of 256 KiB),
 * plus the freeing.
 *
 * Cold calls are calls on a history the extension has not seen: the cold
 * cases and the "ext cold" column run with toolcompact.memo_entries=0, since
 * repeating a call on the same arrays would otherwise measure the memo (a
 * history met for the first time never uses it; README "The memo").
 *
 * Warm: an agent loop that keeps its (uncompacted) history in memory, adds a
 * turn and calls the strategy on the whole history each time, the memo on
 * (its default). The cost of the last call at a given number of turns is the
 * median over several repeats of (the history every earlier call saw, plus a
 * newly built last turn). The baseline keeps no state between calls, so its
 * last call costs what a cold call on the same history costs; that is what is
 * reported for it. A second loop does the same with trigger.tokens set and a
 * report asked for at every call (of each side), both of which need the
 * estimate of the whole history.
 *
 * Writes a CSV (default bench/out/results.csv) and, unless --quick, a PNG
 * plot (default docs/bench.png) of time per call against history length with
 * gnuplot (Debian: apt-get install gnuplot-nox). --quick runs a few small
 * cases a few times, only to show that it runs and that the outputs agree.
 */

require __DIR__ . '/compare.php';
require __DIR__ . '/history.php';

use function ToolCompact\Tests\reference_compact;

ini_set('memory_limit', '-1');
// the memo off for the cold cases (see the header); the warm ones turn it on
$quick = bench_cold_start('bench/compact.php', $argv);
$csvPath = bench_option($argv, '--csv', __DIR__ . '/out/results.csv');
$plotPath = bench_option($argv, '--plot', $quick ? null : __DIR__ . '/../docs/bench.png');

// ----------------------------------------------------------------------
// Measuring
// ----------------------------------------------------------------------

/** How many timed runs $fn gets: about 0.4 s of them, 3 to 31, judged from one first call (not kept). */
function runs_for(callable $fn, bool $quick): int
{
    $start = hrtime(true);
    $fn();
    $first = (hrtime(true) - $start) / 1e3;
    return $quick ? 3 : max(3, min(31, (int) ceil(400000 / max($first, 1.0))));
}

/** Median wall time of $fn in microseconds over a number of runs chosen from a first call. */
function median_us(callable $fn, bool $quick): float
{
    return median_over_runs_us($fn, runs_for($fn, $quick));
}

/** Median wall times of $a and $b, as median_us() runs them, taken in alternating blocks (median_pair_us()). */
function median_pair(callable $a, callable $b, bool $quick): array
{
    return median_pair_us($a, runs_for($a, $quick), $b, runs_for($b, $quick));
}

/**
 * Median time in microseconds to free one result of $make (made outside the
 * timed part): what PHP spends releasing a call's returned history when the
 * next call's result replaces it, which each timed call above includes.
 */
function free_us(callable $make, bool $quick): float
{
    $t = [];
    $runs = $quick ? 3 : 15;
    for ($i = 0; $i < $runs; $i++) {
        $result = $make();
        $start = hrtime(true);
        unset($result);
        $t[] = (hrtime(true) - $start) / 1e3;
    }
    return median_of($t);
}

/**
 * The baseline's time over $floor($row) for each row that omitted something,
 * ascending ([INF] when none did): the ratios a pass costing only that floor
 * would reach.
 */
function ceiling_ratios(array $rows, callable $floor): array
{
    $ratios = array_map(fn ($r) => $r['user_us'] / $floor($r), array_filter($rows, fn ($r) => $r['omitted_bytes'] > 0));
    sort($ratios);
    return $ratios ?: [INF];
}

/** The time of one SHA-256 compression (a 64-byte block), in microseconds. */
function sha_block_us(): float
{
    $data = str_repeat(hash('sha512', 'block', true), 65536); // 4 MiB
    $us = median_over_runs_us(fn () => openssl_digest($data, 'sha256'), 7);
    return $us / (strlen($data) / 64 + 1);
}

/**
 * The time of one compression as the extension hashes omitted strings, in
 * microseconds:
 * a history of three bash results of 256 KiB of plain ASCII each
 * (bench_repeated_calls()), the older two of which are omitted, timed with
 * the defaults less timed with nothing omitted, over the blocks of the two.
 * Its escaping (a copy, for plain ASCII) and the two new results are
 * counted as hashing: a little slower than the hashing alone.
 */
function pass_block_us(): float
{
    $len = 262144;
    $history = bench_repeated_calls('bash', fn (int $n) => ['command' => 'cat'],
        fn (int $n) => ['output' => str_repeat(chr(ord('a') + $n), $len)], 3);
    $report = null;
    toolcompact_compact($history, [], $report);
    if ($report['fieldsOmitted'] !== 2) {
        throw new LogicException("pass_block_us(): {$report['fieldsOmitted']} fields omitted, not 2");
    }
    $none = ['inputTrimBytes' => PHP_INT_MAX, 'outputTrimBytes' => PHP_INT_MAX];
    [$with, $without] = median_pair_us(fn () => toolcompact_compact($history, []), 31,
        fn () => toolcompact_compact($history, $none), 31);
    return ($with - $without) / (2 * intdiv($len + 2 + 9 + 63, 64));
}

/** [peak extra memory of one call, memory its result holds], in bytes (method in the header). */
function peak_extra(callable $fn): array
{
    gc_collect_cycles();
    memory_reset_peak_usage();
    $base = memory_get_usage();
    $result = $fn();
    $peak = memory_get_peak_usage() - $base;
    $held = memory_get_usage() - $base;
    unset($result);
    return [$peak, $held];
}

// ----------------------------------------------------------------------
// Cases
// ----------------------------------------------------------------------

$cases = []; // name => [kind, messages, params]
$sizes = $quick ? [10, 100] : [10, 100, 1000, 10000];
foreach (['large', 'small'] as $kind) {
    foreach ($sizes as $n) {
        $cases["generated $kind $n"] = [$kind, bench_history($n, $kind), bench_params()];
    }
}
foreach (bench_transcript_files($quick) as $name => $file) {
    $cases[$name] = ['transcript', bench_transcript($file), []];
}

// ----------------------------------------------------------------------
// Cold calls
// ----------------------------------------------------------------------

$rows = [];
$differences = 0;
$blockUs = sha_block_us();
printf("OpenSSL SHA-256: %.1f ns per 64-byte block (%.0f MB/s)\n\n", 1e3 * $blockUs, 64 / $blockUs);
$head = sprintf("%-44s %6s %10s %10s %10s %7s %8s %8s %6s %8s %6s %10s %8s %6s",
    'case', 'msgs', 'bytes', 'ext µs', 'user µs', 'ratio', 'ext MB/s', 'usr MB/s', 'sha %', 'ext mem', 'ext %', 'ext out %', 'usr mem', 'usr %');
echo "cold calls (median per call; memory: peak extra KB of one call, and % of the history's bytes)\n$head\n";
// Outputs, memory and freeing once per case; then the times, in rounds over
// every case (see the header).
$prep = [];
foreach ($cases as $name => [$kind, $history, $params]) {
    $ext = toolcompact_compact($history, $params);
    $ref = reference_compact($history, $params);
    $errors = 0;
    if ($ext !== $ref) {
        $errors++;
    }
    $omitted = omitted_values($history, $ext, $errors);
    if ($errors) {
        $differences++;
        echo "OUTPUTS DIFFER: $name\n";
    }
    unset($ext, $ref);
    [$extMem, $extHeld] = peak_extra(fn () => toolcompact_compact($history, $params));
    [$userMem] = peak_extra(fn () => reference_compact($history, $params));
    $prep[$name] = [
        'bytes' => strlen(json_encode($history)),
        'fields' => count($omitted),
        'omitted_bytes' => array_sum(array_map('strlen', $omitted)),
        'blocks' => array_sum(array_map(fn ($json) => intdiv(strlen($json) + 9 + 63, 64), $omitted)),
        'ext_mem' => $extMem, 'ext_held' => $extHeld, 'user_mem' => $userMem,
        'free_us' => $extHeld ? free_us(fn () => toolcompact_compact($history, $params), $quick) : 0.0,
    ];
}
$times = []; // name => [ext µs of each round, user µs of each round, block µs of each round]
for ($round = 0; $round < ($quick ? 1 : 3); $round++) {
    foreach ($cases as $name => [$kind, $history, $params]) {
        $blockBefore = $prep[$name]['blocks'] ? sha_block_us() : $blockUs;
        [$extUs, $userUs] = median_pair(fn () => toolcompact_compact($history, $params), fn () => reference_compact($history, $params), $quick);
        $times[$name][0][] = $extUs;
        $times[$name][1][] = $userUs;
        $times[$name][2][] = $prep[$name]['blocks'] ? ($blockBefore + sha_block_us()) / 2 : $blockUs;
    }
}
foreach ($cases as $name => [$kind, $history, $params]) {
    $c = $prep[$name];
    [$extUs, $userUs, $caseBlockUs] = array_map('median_of', $times[$name]);
    $bytes = $c['bytes'];
    $shaUs = $c['blocks'] * $caseBlockUs;
    $row = [
        'case' => $name, 'kind' => $kind, 'messages' => count($history), 'bytes' => $bytes,
        'ext_us' => $extUs, 'user_us' => $userUs, 'ratio' => $userUs / $extUs,
        'ext_mbps' => $bytes / $extUs, 'user_mbps' => $bytes / $userUs,
        'ext_peak_bytes' => $c['ext_mem'], 'ext_out_bytes' => $c['ext_held'], 'user_peak_bytes' => $c['user_mem'],
        'omitted_fields' => $c['fields'], 'omitted_bytes' => $c['omitted_bytes'],
        'sha_us' => $shaUs, 'sha_pct' => $c['omitted_bytes'] ? 100 * $shaUs / $extUs : null, 'free_us' => $c['free_us'],
        'sha_block_ns' => 1e3 * $caseBlockUs,
        'blocks' => $c['blocks'],
    ];
    $rows[] = $row;
    printf("%-44s %6d %10d %10.1f %10.1f %6.1fx %8.0f %8.0f %6s %7.0fK %5.1f%% %9.1f%% %7.0fK %5.1f%%\n",
        $name, $row['messages'], $bytes, $extUs, $userUs, $row['ratio'], $row['ext_mbps'], $row['user_mbps'],
        $row['sha_pct'] === null ? '-' : sprintf('%.0f%%', $row['sha_pct']),
        $c['ext_mem'] / 1024, 100 * $c['ext_mem'] / $bytes, 100 * $c['ext_held'] / $bytes, $c['user_mem'] / 1024, 100 * $c['user_mem'] / $bytes);
}

// Measured after the cold cases, whose allocations it would otherwise precede.
$passBlockUs = pass_block_us();
foreach ($rows as &$row) {
    $row['pass_sha_us'] = $row['blocks'] * $passBlockUs;
}
unset($row);
printf("\nSHA-256 in the extension's pass: %.1f ns per 64-byte block (%.0f MB/s), %.2fx OpenSSL's\n",
    1e3 * $passBlockUs, 64 / $passBlockUs, $blockUs / $passBlockUs);

// Summary by kind: the worst ratio and the throughput over all omitted bytes.
echo "\nby kind: worst and median ratio; omitted bytes; OpenSSL SHA-256 MB/s over them; extension MB/s over them; sha %;\n"
    . "memory; sha-only ceiling: user time / OpenSSL SHA-256 time over the omitted bytes, the ratio of a pass that only hashed;\n"
    . "floor ceiling: user time / (that SHA-256 time + the time PHP takes to free one result), the ratio of a pass that only\n"
    . "hashed and whose result cost nothing to build; pass floor ceiling: the same with the hashing at the rate the\n"
    . "extension's pass reaches\n";
foreach (['large', 'small', 'transcript'] as $kind) {
    $of = array_values(array_filter($rows, fn ($r) => $r['kind'] === $kind));
    if (!$of) {
        continue;
    }
    $ratios = array_column($of, 'ratio');
    sort($ratios);
    $ob = array_sum(array_column($of, 'omitted_bytes'));
    $sha = array_sum(array_column($of, 'sha_us'));
    $ext = array_sum(array_column($of, 'ext_us'));
    $mem = max(array_map(fn ($r) => $r['ext_peak_bytes'] / $r['bytes'], $of));
    $transient = max(array_map(fn ($r) => ($r['ext_peak_bytes'] - $r['ext_out_bytes']) / $r['bytes'], $of));
    // The ratio a pass would reach that did nothing but OpenSSL SHA-256 over
    // the bytes it must omit: no implementation that hashes one value at a
    // time with OpenSSL, this one included, can be faster than the baseline
    // by more than this.
    $ceilings = ceiling_ratios($of, fn ($r) => $r['sha_us']);
    // The same with the freeing of the result added: every timed call frees
    // the previous call's result (the baseline's too), and what it holds is
    // fixed by the contract's output and PHP's array layout.
    $floors = ceiling_ratios($of, fn ($r) => $r['sha_us'] + $r['free_us']);
    // And with the hashing as fast as the extension's own (pass_block_us()):
    // a pass of this extension cannot hash faster than that.
    $passFloors = ceiling_ratios($of, fn ($r) => $r['pass_sha_us'] + $r['free_us']);
    printf("%-11s worst %5.1fx  median %5.1fx  omitted %11d B  sha %6.0f MB/s  ext %6.0f MB/s  sha %% %3.0f%%  worst ext mem %5.1f%% (beyond its result %4.1f%%)  sha-only ceiling worst %5.1fx median %5.1fx  floor ceiling worst %5.1fx median %5.1fx  pass floor ceiling worst %5.1fx median %5.1fx\n",
        $kind, $ratios[0], $ratios[intdiv(count($ratios), 2)], $ob, $ob / max($sha, 1e-9), $ob / max($ext, 1e-9),
        100 * $sha / max($ext, 1e-9), 100 * $mem, 100 * $transient, $ceilings[0], $ceilings[intdiv(count($ceilings), 2)],
        $floors[0], $floors[intdiv(count($floors), 2)], $passFloors[0], $passFloors[intdiv(count($passFloors), 2)]);
}

// ----------------------------------------------------------------------
// Warm: an agent loop over one growing history
// ----------------------------------------------------------------------

ini_restore('toolcompact.memo_entries');

/**
 * The warm table of an agent loop with $params (see the header), with a
 * report at every call when $report; prints a row per checkpoint and
 * returns the rows. Counts output (and report) differences at each
 * checkpoint in $differences.
 */
function warm_rows(array $params, bool $report, array $checkpoints, bool $quick, int &$differences): array
{
    $call = $report
        ? static fn (array $h) => [toolcompact_compact($h, $params, $r), $r]
        : static fn (array $h) => toolcompact_compact($h, $params);
    $reference = $report
        ? static fn (array $h) => [reference_compact($h, $params, $r), $r]
        : static fn (array $h) => reference_compact($h, $params);
    $repeats = $quick ? 3 : 9;
    $rows = [];
    $history = bench_header();
    $last = end($checkpoints);
    for ($t = 1; $t <= $last; $t++) {
        if (!in_array($t, $checkpoints, true)) {
            array_push($history, ...bench_turn($t, 'large'));
            $call($history);
            continue;
        }
        $times = [];
        for ($i = 0; $i < $repeats; $i++) {
            $with = $history;
            array_push($with, ...bench_turn($t, 'large')); // a newly built last turn each time
            $start = hrtime(true);
            $out = $call($with);
            $times[] = (hrtime(true) - $start) / 1e3;
            unset($out, $with);
        }
        $warm = median_of($times);
        array_push($history, ...bench_turn($t, 'large'));
        $fresh = unserialize(serialize($history)); // the same content in new zvals: nothing seen before
        ini_set('toolcompact.memo_entries', '0');
        $cold = median_us(fn () => $call($fresh), $quick);
        ini_restore('toolcompact.memo_entries');
        $user = median_us(fn () => $reference($history), $quick);
        if ($call($history) !== $reference($history)) {
            $differences++;
            echo "OUTPUTS DIFFER: warm, $t turns\n";
        }
        unset($fresh);
        $bytes = strlen(json_encode($history));
        $rows[] = ['turns' => $t, 'messages' => count($history), 'bytes' => $bytes, 'ext_warm_us' => $warm, 'ext_cold_us' => $cold, 'user_us' => $user];
        printf("%6d %6d %10d %12.1f %12.1f %12.1f %8.1fx %8.1fx\n", $t, count($history), $bytes, $warm, $cold, $user, $user / $warm, $cold / $warm);
    }
    return $rows;
}

$checkpoints = $quick ? [5, 20] : [5, 50, 100, 500, 1000];
$warmHead = sprintf("%6s %6s %10s %12s %12s %12s %9s %9s", 'turns', 'msgs', 'bytes', 'ext warm µs', 'ext cold µs', 'user µs', 'user/warm', 'cold/warm');
echo "\nwarm: the last call of an agent loop that calls the strategy after every turn (large payloads)\n$warmHead\n";
$warmRows = warm_rows(bench_params(), false, $checkpoints, $quick, $differences);
echo "\nwarm, every call with a report and trigger.tokens (each side's own report)\n$warmHead\n";
$reportRows = warm_rows(bench_params() + ['trigger' => ['tokens' => 1]], true, $checkpoints, $quick, $differences);

// ----------------------------------------------------------------------
// CSV and plot
// ----------------------------------------------------------------------

@mkdir(dirname($csvPath), 0777, true);
$csv = fopen($csvPath, 'w');
fputcsv($csv, ['series', 'case', 'kind', 'messages', 'bytes', 'ext_us', 'ext_warm_us', 'user_us', 'ratio', 'ext_mbps', 'user_mbps',
    'ext_peak_bytes', 'ext_out_bytes', 'user_peak_bytes', 'omitted_fields', 'omitted_bytes', 'sha_us', 'sha_pct', 'free_us', 'pass_sha_us',
    'sha_block_ns']);
foreach ($rows as $r) {
    fputcsv($csv, ['cold', $r['case'], $r['kind'], $r['messages'], $r['bytes'], round($r['ext_us'], 1), '', round($r['user_us'], 1),
        round($r['ratio'], 2), round($r['ext_mbps'], 1), round($r['user_mbps'], 1), $r['ext_peak_bytes'], $r['ext_out_bytes'], $r['user_peak_bytes'],
        $r['omitted_fields'], $r['omitted_bytes'], round($r['sha_us'], 1), $r['sha_pct'] === null ? '' : round($r['sha_pct'], 1), round($r['free_us'], 1),
        round($r['pass_sha_us'], 1), round($r['sha_block_ns'], 2)]);
}
foreach (['warm' => $warmRows, 'warm_report' => $reportRows] as $series => $seriesRows) {
    foreach ($seriesRows as $r) {
        fputcsv($csv, [$series, "$series {$r['turns']} turns", 'large', $r['messages'], $r['bytes'], round($r['ext_cold_us'], 1), round($r['ext_warm_us'], 1),
            round($r['user_us'], 1), round($r['user_us'] / $r['ext_warm_us'], 2), '', '', '', '', '', '', '', '', '', '', '', '']);
    }
}
fclose($csv);
echo "\nCSV: $csvPath\n";

if ($plotPath !== null) {
    $gnuplot = trim((string) shell_exec('command -v gnuplot'));
    if ($gnuplot === '') {
        echo "no gnuplot (Debian: apt-get install gnuplot-nox): no plot written\n";
    } else {
        $data = tempnam(sys_get_temp_dir(), 'tcbench');
        $series = [
            'userland (tests/lib/reference.php)' => array_map(fn ($r) => [$r['messages'], $r['user_us']], array_filter($rows, fn ($r) => $r['kind'] === 'large')),
            'extension, cold' => array_map(fn ($r) => [$r['messages'], $r['ext_us']], array_filter($rows, fn ($r) => $r['kind'] === 'large')),
            'extension, warm (agent loop, last call)' => array_map(fn ($r) => [$r['messages'], $r['ext_warm_us']], $warmRows),
            'extension, warm, with a report and trigger.tokens' => array_map(fn ($r) => [$r['messages'], $r['ext_warm_us']], $reportRows),
        ];
        $blocks = [];
        foreach ($series as $points) {
            $blocks[] = implode("\n", array_map(fn ($p) => sprintf('%d %.3f', $p[0], $p[1] / 1000), $points));
        }
        file_put_contents($data, implode("\n\n\n", $blocks) . "\n");
        $plots = [];
        $i = 0;
        foreach (array_keys($series) as $title) {
            $plots[] = sprintf("'%s' index %d with linespoints lw 2 pt %d title '%s'", $data, $i, [7, 5, 9, 11][$i], $title);
            $i++;
        }
        @mkdir(dirname($plotPath), 0777, true);
        $script = implode("\n", [
            "set terminal pngcairo size 900,560 noenhanced font ',11'",
            "set output '$plotPath'",
            "set title 'toolcompact: time per call against history length (generated histories, large payloads)'",
            "set logscale xy",
            "set xlabel 'messages in the history'",
            "set ylabel 'ms per call'",
            "set grid",
            "set key top left",
            'plot ' . implode(', ', $plots),
        ]);
        $proc = proc_open([$gnuplot], [0 => ['pipe', 'r']], $pipes);
        fwrite($pipes[0], $script . "\n");
        fclose($pipes[0]);
        $status = proc_close($proc);
        unlink($data);
        echo $status === 0 ? "plot: $plotPath\n" : "gnuplot failed (status $status)\n";
    }
}

printf("\n%d output differences\n", $differences);
exit($differences ? 1 : 0);
