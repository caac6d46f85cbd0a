<?php
/*
 * Calls as an agent makes them, once a turn, seconds apart: before each call
 * of either side a 64 MiB read pushes the history, the code and PHP's own
 * data out of the caches, as the agent's other work between two turns does.
 * toolcompact_compact() against the userland reference of tests/lib on every
 * transcript of ../shared/data/trajectories/ (and the shipped one), the two
 * sides' calls alternating, the memo off; the median of each side's calls,
 * their ratio, and the geometric mean and the worst ratio over the
 * transcripts. bench/compact.php times calls back to back, in the caches
 * their own kind left; these are the other end. Exits with status 1 if the
 * outputs differ. No timing is asserted anywhere.
 *
 *   php -d extension=modules/toolcompact.so bench/cold.php [--quick] [--calls N]
 */
require __DIR__ . '/compare.php';
require __DIR__ . '/history.php';

use function ToolCompact\Tests\reference_compact;

ini_set('memory_limit', '-1');
$quick = bench_cold_start('bench/cold.php', $argv);
$calls = max(1, (int) bench_option($argv, '--calls', $quick ? '3' : '25'));

$sweep = str_repeat("\x5a", 64 << 20);

$differences = 0;
$logSum = 0.0;
$worst = INF;
printf("%-58s %6s %10s %10s %7s\n", 'transcript (a 64 MiB read before each call)', 'msgs', 'ext µs', 'user µs', 'ratio');
$files = bench_transcript_files($quick);
foreach ($files as $name => $file) {
    $history = bench_transcript($file);
    if (toolcompact_compact($history, []) !== reference_compact($history, [])) {
        echo "$name: outputs differ\n";
        $differences++;
        continue;
    }
    $ext = $user = [];
    for ($n = 0; $n < $calls; $n++) {
        crc32($sweep);
        $start = hrtime(true);
        $out = toolcompact_compact($history, []);
        $ext[] = (hrtime(true) - $start) / 1e3;
        unset($out);
        crc32($sweep);
        $start = hrtime(true);
        $out = reference_compact($history, []);
        $user[] = (hrtime(true) - $start) / 1e3;
        unset($out);
    }
    $e = median_of($ext);
    $u = median_of($user);
    $logSum += log($u / $e);
    $worst = min($worst, $u / $e);
    printf("%-58s %6d %10.1f %10.1f %6.2fx\n", $name, count($history), $e, $u, $u / $e);
}
$count = count($files) - $differences;
if ($count > 0) {
    printf("\n%d transcripts: geometric mean %.2fx, worst %.2fx\n", $count, exp($logSum / $count), $worst);
}
echo "$differences output differences\n";
exit($differences ? 1 : 0);
