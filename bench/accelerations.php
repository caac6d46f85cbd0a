<?php
/*
 * Each acceleration of the extension against its simplest correct
 * alternative, in one process: its php.ini directive switched on and off
 * between alternating blocks of calls (bench/timing.php median_pair_us()),
 * the same inputs on both sides, and the outputs checked byte for byte
 * (serialize()) on and off: exit status 1 when they differ. Per case the
 * median time on, the median time off and the gain, (off - on) / off.
 *
 *   php -d extension=modules/toolcompact.so bench/accelerations.php [--quick]
 *
 * - toolcompact.escaper auto / bytes (the vector escaper against the byte
 *   loop): cold calls (toolcompact.memo_entries=0), the time of one call.
 * - toolcompact.format_cache on / off (provider entries kept across calls):
 *   the memo on, an agent loop (the history grows by a turn, the strategy
 *   is called on all of it after each turn; new arrays on every run, as a
 *   new conversation), the time of the whole loop, in each provider format
 *   (tests/lib/convert.php).
 *
 * Cases: generated histories (bench/history.php) with large payloads and
 * with small ones, the shipped transcripts, and the transcripts of
 * ../shared/data (times summed over them; "skipped" when absent). A
 * directive this build does not have, or cannot change at run time, prints
 * "not in this build". Last, per acceleration, the gain over the real
 * transcripts and over the generated histories with large payloads, all
 * their rows summed. --quick: two rounds, small inputs, two transcripts.
 */

declare(strict_types=1);

require __DIR__ . '/compare.php';
require __DIR__ . '/history.php';
require_once dirname(__DIR__) . '/tests/lib/convert.php';

use function ToolCompact\Tests\convert_history;

ini_set('memory_limit', '-1');
$quick = bench_cold_start('bench/accelerations.php', $argv);
$rounds = $quick ? 2 : 7;
$formats = ['openai', 'openai-responses', 'anthropic', 'gemini'];
const MEMO_ON = '16384';

/** Can $name be set to $on and to $off at run time? Leaves it at $on. */
function switchable(string $name, string $on, string $off): bool
{
    return ini_get($name) !== false && @ini_set($name, $off) !== false && @ini_set($name, $on) !== false;
}

/** Timed calls a side: about 0.4 s of them (3 to 41), judged from the time of one call in µs. */
function runs_for_us(float $first, bool $quick): int
{
    return $quick ? 3 : max(3, min(41, (int) ceil(400000 / max($first, 1.0))));
}

/**
 * Times $fn with $name at $on and at $off in alternating blocks; $prepare
 * (given the calls a block will make) runs untimed before each block.
 * $check runs once on each side and returns the outputs as a string.
 *
 * @return array{0: float, 1: float, 2: bool} on µs, off µs, outputs identical
 */
function time_switch(string $name, string $on, string $off, callable $fn, callable $check, callable $prepare, int $rounds, bool $quick): array
{
    ini_set($name, $off);
    $prepare(1);
    $offOut = $check();
    ini_set($name, $on);
    $prepare(1);
    $onOut = $check();
    $prepare(1);
    $start = hrtime(true);
    $fn();
    $runs = runs_for_us((hrtime(true) - $start) / 1e3, $quick);
    $block = intdiv($runs + $rounds - 1, $rounds) + 1;
    [$timeOn, $timeOff] = median_pair_us($fn, $runs, $fn, $runs, $rounds,
        function () use ($name, $on, $prepare, $block) { ini_set($name, $on); $prepare($block); },
        function () use ($name, $off, $prepare, $block) { ini_set($name, $off); $prepare($block); });
    ini_set($name, $on);
    return [$timeOn, $timeOff, $onOut === $offOut];
}

/** The keys of $messages after which an agent calls the strategy: the ends of its turns (a message not followed by a tool result). */
function turn_ends(array $messages): array
{
    $ends = [];
    $keys = array_keys($messages);
    foreach ($keys as $i => $key) {
        if (!isset($keys[$i + 1]) || ($messages[$keys[$i + 1]]['role'] ?? '') !== 'tool') {
            $ends[] = $i;
        }
    }
    return $ends;
}

/**
 * An agent loop over $entries (the history in some format; $origins, the
 * adachsoft message each entry comes from): the entries are appended one
 * by one and the strategy is called at each of $ends. With $outs, the
 * md5 of each output is appended to it.
 */
function agent_loop(array $entries, array $origins, array $ends, array $params, ?array &$outs = null): void
{
    $history = [];
    $k = 0;
    $n = count($entries);
    foreach ($ends as $end) {
        for (; $k < $n && $origins[$k] <= $end; $k++) {
            $history[] = $entries[$k];
        }
        $out = toolcompact_compact($history, $params);
        if ($outs !== null) {
            $outs[] = md5(serialize($out));
        }
    }
}

/** Times of an agent loop on $messages in $format with $name on and off, the memo on. */
function loop_switch(string $name, string $on, string $off, array $messages, string $format, array $params, int $rounds, bool $quick): array
{
    $origins = [];
    $entries = $format === 'adachsoft' ? array_values($messages) : convert_history($messages, $format, [], $origins);
    $origins = $format === 'adachsoft' ? array_keys($entries) : $origins;
    $ends = turn_ends(array_values($messages));
    $frozen = serialize($entries);
    $fresh = []; // new arrays for each run: a new conversation every time
    $prepare = function (int $count) use (&$fresh, $frozen) {
        $fresh = [];
        for ($i = 0; $i < $count; $i++) {
            $fresh[] = unserialize($frozen);
        }
    };
    $fn = function () use (&$fresh, $origins, $ends, $params) {
        agent_loop(array_pop($fresh) ?? throw new LogicException('no history prepared'), $origins, $ends, $params);
    };
    $check = function () use (&$fresh, $origins, $ends, $params) {
        $outs = [];
        agent_loop(array_pop($fresh), $origins, $ends, $params, $outs);
        return implode(',', $outs);
    };
    ini_set('toolcompact.memo_entries', MEMO_ON);
    $result = time_switch($name, $on, $off, $fn, $check, $prepare, $rounds, $quick);
    ini_set('toolcompact.memo_entries', '0');
    $fresh = [];
    return $result;
}

/** Times of one cold call on $messages with $name on and off, the memo off. */
function cold_switch(string $name, string $on, string $off, array $messages, array $params, int $rounds, bool $quick): array
{
    $fn = fn () => toolcompact_compact($messages, $params);
    return time_switch($name, $on, $off, $fn, fn () => serialize($fn()), static function (int $count) {}, $rounds, $quick);
}

// ----------------------------------------------------------------------
// The cases
// ----------------------------------------------------------------------

$generated = $quick ? 100 : 1000;  // messages of a cold generated history
$turns = $quick ? 20 : 150;        // turns of a generated agent loop
$cases = [
    ['generated large', 'large', bench_history($generated, 'large'), bench_history(2 + 2 * $turns, 'large'), bench_params()],
    ['generated small', 'small', bench_history($generated, 'small'), bench_history(2 + 2 * $turns, 'small'), bench_params()],
];
$shared = [];
foreach (bench_transcript_files($quick) as $name => $file) {
    if (str_starts_with($name, 'shipped/')) {
        $messages = bench_transcript($file);
        $cases[] = [$name, 'real', $messages, $messages, []];
    } else {
        $shared[$name] = bench_transcript($file);
    }
}
$sharedName = sprintf('shared (%d transcripts)', count($shared));
$cases[] = [$sharedName, 'real', $shared, $shared, []];

$accelerations = [
    ['escaper', 'toolcompact.escaper', 'auto', 'bytes', 'cold', ['adachsoft']],
    ['format_cache', 'toolcompact.format_cache', '1', '0', 'loop', $formats],
];

ob_start();
(new ReflectionExtension('toolcompact'))->info();
preg_match('/JSON escaper => (\S+)/', ob_get_clean(), $escaper);
$load = sys_getloadavg();
printf("PHP %s, JSON escaper %s, %d rounds, load average %.2f %.2f %.2f at the start\n", PHP_VERSION, $escaper[1] ?? '?', $rounds, ...$load);
echo "cold: µs a call, memo off; loop: µs a whole agent loop, memo on; shared: summed over the transcripts (gain range per transcript)\n\n";
printf("%-13s %-5s %-32s %-17s %12s %12s %8s  %s\n", 'acceleration', 'kind', 'case', 'format', 'on µs', 'off µs', 'gain', '');

$failed = 0;
$totals = [];
foreach ($accelerations as [$label, $name, $on, $off, $kind, $inFormats]) {
    if (!switchable($name, $on, $off)) {
        printf("%-13s %-5s %s\n", $label, $kind, "not in this build ($name)");
        continue;
    }
    foreach ($cases as [$case, $class, $cold, $loop, $params]) {
        $set = $class === 'real' && $case === $sharedName ? $cold : [$case => $kind === 'cold' ? $cold : $loop];
        if ($set === []) {
            printf("%-13s %-5s %-32s skipped\n", $label, $kind, $case);
            continue;
        }
        foreach ($inFormats as $format) {
            $sumOn = $sumOff = 0.0;
            $gains = [];
            foreach ($set as $file => $messages) {
                [$timeOn, $timeOff, $same] = $kind === 'cold'
                    ? cold_switch($name, $on, $off, $messages, $params, $rounds, $quick)
                    : loop_switch($name, $on, $off, $messages, $format, $params, $rounds, $quick);
                if (!$same) {
                    printf("OUTPUTS DIFFER: %s on and off, %s, %s\n", $name, $file, $format);
                    $failed++;
                }
                $sumOn += $timeOn;
                $sumOff += $timeOff;
                $gains[] = 100 * ($timeOff - $timeOn) / $timeOff;
            }
            sort($gains);
            printf("%-13s %-5s %-32s %-17s %12.1f %12.1f %7.1f%%  %s\n", $label, $kind, $case, $format, $sumOn, $sumOff,
                100 * ($sumOff - $sumOn) / $sumOff, count($gains) > 1 ? sprintf('(%.1f%% to %.1f%%)', $gains[0], end($gains)) : '');
            $totals[$label][$class][0] = ($totals[$label][$class][0] ?? 0.0) + $sumOn;
            $totals[$label][$class][1] = ($totals[$label][$class][1] ?? 0.0) + $sumOff;
        }
    }
}

$load = sys_getloadavg();
printf("\nThe rule: an acceleration stays if it gains >= 15%% on the real transcripts or >= 25%% on the generated histories\nwith large payloads (all their rows above summed). Load average %.2f %.2f %.2f at the end.\n", ...$load);
foreach ($totals as $label => $byClass) {
    $gain = static fn (string $class) => isset($byClass[$class]) ? 100 * ($byClass[$class][1] - $byClass[$class][0]) / $byClass[$class][1] : null;
    $real = $gain('real');
    $large = $gain('large');
    $meets = ($real !== null && $real >= 15) || ($large !== null && $large >= 25);
    printf("%-13s real %7s, generated large %7s: %s\n", $label, $real === null ? '-' : sprintf('%.1f%%', $real),
        $large === null ? '-' : sprintf('%.1f%%', $large), $meets ? 'meets the rule' : 'does not meet the rule');
}
if ($failed) {
    echo "\n$failed case(s) with outputs that differ on and off\n";
}
exit($failed ? 1 : 0);
