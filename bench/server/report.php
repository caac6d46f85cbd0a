<?php
/*
 * The figures of the server benchmark.
 *
 *   php report.php parse WRK_OUTPUT LABEL ENDPOINT CONNS VARIANT ROUND
 *     reads one wrk run's output (wrk --latency with check.lua) and prints
 *     its row of results.tsv: label, endpoint, conns, variant, req/s, p50
 *     and p99 latency (us), mean time per compaction (us), requests, bad
 *     bodies, non-200 answers, socket errors and timeouts, round. The percentiles
 *     are those of wrk's "Latency Distribution" text, which must agree
 *     with the ones check.lua took from wrk's histogram (within the text's
 *     rounding), and so must the text's Requests/sec: a mismatch (a unit
 *     read wrong) fails. Exits 1 when a response was wrong (status, body,
 *     socket error or timeout) or no request was made; the row is printed
 *     all the same.
 *
 *   php report.php table RESULTS.tsv...
 *     prints, for each label and endpoint, a table of every concurrency and
 *     variant: req/s, p50, p99 and the mean time per compaction, each the
 *     median over the rounds (n: how many), with its ratio against the
 *     userland variant ("user") of the same label, endpoint and
 *     concurrency: > 1 means the extension's variant is better (more
 *     requests, less time).
 */
declare(strict_types=1);

const COLUMNS = ['label', 'endpoint', 'conns', 'variant', 'rps', 'p50_us', 'p99_us', 'compact_us',
    'requests', 'bad', 'non200', 'errors', 'round'];

/** "1.23ms" and the like (wrk's units: us, ms, s, m, h) in microseconds. */
function wrk_time_us(string $text): float
{
    if (!preg_match('/^([0-9.]+)(us|ms|s|m|h)$/', $text, $m)) {
        throw new RuntimeException("not a wrk time: '$text'");
    }
    return (float) $m[1] * ['us' => 1, 'ms' => 1e3, 's' => 1e6, 'm' => 60e6, 'h' => 3600e6][$m[2]];
}

/** Whether $text (as wrk printed it: 2 decimals in its unit) is $us rounded. */
function agrees(string $text, float $us): bool
{
    $unit = wrk_time_us('1' . preg_replace('/^[0-9.]+/', '', $text));
    return abs(wrk_time_us($text) - $us) <= 0.006 * $unit + 1;
}

function parse_run(string $file, array $id): array
{
    $text = file_get_contents($file);
    if (!preg_match('/^RESULT (.*)$/m', $text, $m)) {
        throw new RuntimeException("$file: no RESULT line (wrk failed?)");
    }
    parse_str(str_replace(' ', '&', $m[1]), $r);
    $pct = [];
    // (wrk pads a time in seconds with a space: "     50%    1.48s \n")
    if (preg_match('/Latency Distribution\n((?:[ \t]+\d+%[ \t]+\S+[ \t]*\n)+)/', $text, $d)) {
        preg_match_all('/(\d+)%\s+(\S+)/', $d[1], $rows, PREG_SET_ORDER);
        foreach ($rows as $row) {
            $pct[$row[1]] = $row[2];
        }
    }
    $problems = [];
    foreach (['50' => 'p50_us', '99' => 'p99_us'] as $p => $key) {
        if (!isset($pct[$p])) {
            $problems[] = "no $p% line in wrk's latency distribution";
        } elseif (!agrees($pct[$p], (float) $r[$key])) {
            $problems[] = "wrk printed $p% = {$pct[$p]}, its histogram says {$r[$key]} us";
        }
    }
    if (!preg_match('/Requests\/sec:\s+([0-9.]+)/', $text, $q)) {
        $problems[] = 'no Requests/sec line';
    } elseif (abs((float) $q[1] - (float) $r['rps']) > 0.01 * (float) $r['rps'] + 0.01) {
        $problems[] = "wrk printed Requests/sec {$q[1]}, check.lua computed {$r['rps']}";
    }
    if ($problems) {
        throw new RuntimeException("$file: " . implode('; ', $problems));
    }
    $row = $id + [
        'rps' => round((float) $r['rps'], 2),
        'p50_us' => (int) $r['p50_us'],
        'p99_us' => (int) $r['p99_us'],
        'compact_us' => round((float) $r['compact_ns'] / 1000, 1),
        'requests' => (int) $r['requests'], 'bad' => (int) $r['bad'],
        'non200' => (int) $r['non200'], 'errors' => (int) $r['errors'],
        'round' => $id['round'],
    ];
    $row['why'] = preg_match('/^FIRST_BAD (.*)$/m', $text, $w) ? $w[1] : '';
    return $row;
}

function read_rows(array $files): array
{
    $rows = [];
    foreach ($files as $file) {
        foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
            if ($line[0] === '#') {
                continue;
            }
            $rows[] = array_combine(COLUMNS, array_slice(array_pad(explode("\t", $line), count(COLUMNS), '1'), 0, count(COLUMNS)));
        }
    }
    return $rows;
}

function ms(float $us): string
{
    return $us >= 100_000 ? sprintf('%.0f', $us / 1000) : sprintf('%.2f', $us / 1000);
}

function ratio(float $ext, float $user, bool $higherIsBetter): string
{
    if ($ext <= 0 || $user <= 0) {
        return '–';
    }
    return sprintf('%.2f×', $higherIsBetter ? $ext / $user : $user / $ext);
}

function median(array $values): float
{
    sort($values);
    $n = count($values);
    return $n % 2 ? (float) $values[intdiv($n, 2)] : ($values[$n / 2 - 1] + $values[$n / 2]) / 2;
}

function print_tables(array $rows): void
{
    $names = ['a' => 'A: one compaction of the transcript a request',
        'b' => 'B: a 30-turn agent loop a request (30 compactions)'];
    $groups = [];
    foreach ($rows as $row) {
        $groups[$row['label']][$row['endpoint']][(int) $row['conns']][$row['variant']][] = $row;
    }
    foreach ($groups as $label => $endpoints) {
        foreach ($endpoints as $endpoint => $byConns) {
            printf("\n%s — %s\n\n", $label, $names[$endpoint] ?? $endpoint);
            echo "| conns | variant | n | req/s | × | p50 ms | × | p99 ms | × | µs/compaction | × |\n";
            echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
            ksort($byConns);
            foreach ($byConns as $conns => $variants) {
                $med = [];
                foreach ($variants as $variant => $runs) {
                    foreach (['rps', 'p50_us', 'p99_us', 'compact_us'] as $k) {
                        $med[$variant][$k] = median(array_map(fn ($r) => (float) $r[$k], $runs));
                    }
                }
                $user = $med['user'] ?? null;
                foreach ($med as $variant => $r) {
                    $x = fn (string $k, bool $hi) => $user === null || $variant === 'user' ? '' : ratio($r[$k], $user[$k], $hi);
                    printf("| %d | %s | %d | %.1f | %s | %s | %s | %s | %s | %.1f | %s |\n", $conns, $variant,
                        count($variants[$variant]), $r['rps'], $x('rps', true), ms($r['p50_us']), $x('p50_us', false),
                        ms($r['p99_us']), $x('p99_us', false), $r['compact_us'], $x('compact_us', false));
                }
            }
        }
    }
}

$mode = $argv[1] ?? '';
try {
    if ($mode === 'parse' && $argc === 8) {
        $row = parse_run($argv[2], ['label' => $argv[3], 'endpoint' => $argv[4], 'conns' => (int) $argv[5],
            'variant' => $argv[6], 'round' => (int) $argv[7]]);
        echo implode("\t", array_map(fn ($k) => $row[$k], COLUMNS)), "\n";
        $wrong = $row['bad'] + $row['non200'] + $row['errors'];
        fprintf(STDERR, "  %-8s %-3s c=%-3d %-18s %9.1f req/s  p50 %8s ms  p99 %8s ms  %9.1f us/compaction%s\n",
            $row['label'], $row['endpoint'], $row['conns'], $row['variant'], $row['rps'], ms((float) $row['p50_us']),
            ms((float) $row['p99_us']), $row['compact_us'],
            $wrong || !$row['requests'] ? sprintf('  WRONG: %d bad, %d non-200, %d errors of %d (%s)',
                $row['bad'], $row['non200'], $row['errors'], $row['requests'], $row['why']) : '');
        exit($wrong || !$row['requests'] ? 1 : 0);
    }
    if ($mode === 'table' && $argc > 2) {
        print_tables(read_rows(array_slice($argv, 2)));
        exit(0);
    }
} catch (RuntimeException $e) {
    fwrite(STDERR, $e->getMessage() . "\n");
    exit(1);
}
fwrite(STDERR, "usage: php report.php parse WRK_OUTPUT LABEL ENDPOINT CONNS VARIANT ROUND | table RESULTS.tsv...\n");
exit(2);
