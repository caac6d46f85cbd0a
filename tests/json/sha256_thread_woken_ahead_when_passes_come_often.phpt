--TEST--
sha256 thread: when passes come in bursts, the first pass of a burst less than 20 ms after the last one, which queued 4 KiB or more to hash, wakes the sleeping thread at its start without handing it anything; after passes one at a time, a longer pause or a pass that queued less, the thread sleeps on
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
ob_start();
phpinfo(INFO_MODULES);
if (!str_contains(ob_get_clean(), 'SHA-256 thread => available')) {
    die('skip no second thread here (one CPU, or a build without threads)');
}
if (!is_readable('/proc/self/status') || !str_contains(file_get_contents('/proc/self/status'), 'voluntary_ctxt_switches')) {
    die('skip needs /proc/self/task/*/status to watch the thread sleep');
}
if (getenv('ZEND_DONT_UNLOAD_MODULES')) {
    // (run-tests.php -m sets it for the test run under valgrind; a sanitizer leg does not)
    die('skip timing: under valgrind two passes are more than the millisecond of a burst apart');
}
?>
--INI--
toolcompact.hash_thread=1
toolcompact.sha256_pairs=2
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * A pass counts as warm less than a millisecond after a pass ended: it
 * then hands its strings to the thread from the first on (with 8 KiB more
 * ahead), while a cold one keeps them unless it has 128 KiB. Once done with
 * a list the thread spins for a millisecond, then sleeps; each
 * time it goes to sleep the kernel counts a voluntary context switch of
 * that thread.
 *
 * $hashes omits 19 results of 1001 bytes (19 KiB to hash), $little 2 (2
 * KiB). A burst is two passes back to back: the second is warm and hands
 * its strings over, which starts the thread the first time. A trial: what
 * comes before, a pause of 3 ms (the thread is asleep after it), the count,
 * one pass over $hashes (cold: its strings stay with it), 5 ms for a thread
 * woken ahead to spin and sleep again, the count again: it grew if the pass
 * woke the thread. After a burst of $hashes the pass wakes it. After a
 * lone pass over $hashes (passes come one at a time), after a burst and 40
 * ms (not often), or after a burst of $little (too little to hash), it
 * does not. Eight trials each, counted with room for a busy machine: at
 * least 6 woken, and at most 1 of the others.
 */
require __DIR__ . '/../lib/thread.php';

use function ToolCompact\Tests\hashing_thread_switches;
use function ToolCompact\Tests\read_turns;

/* $turns reads of one file, each output $len bytes and a number. */
function history(int $turns, int $len): array
{
    return read_turns(array_map(fn (int $i) => str_repeat(chr(97 + $i % 26), $len) . $i, range(0, $turns - 1)));
}

$params = ['outputTrimBytes' => 100];
$hashes = history(20, 1000);
$little = history(3, 1000);

$report = null;
toolcompact_compact($hashes, $params, $report);
echo "fields omitted: {$report['fieldsOmitted']}, ";
toolcompact_compact($little, $params, $report);
echo "{$report['fieldsOmitted']}\n";
toolcompact_compact($hashes, $params); // (a pass asked for a report keeps to one thread)
toolcompact_compact($hashes, $params);
echo 'thread started: ', var_export(hashing_thread_switches() !== null, true), "\n";

function woken(array $before, int $gap, array $hashes, array $params): bool
{
    foreach ($before as $history) {
        toolcompact_compact($history, $params);
    }
    usleep($gap);
    $switches = hashing_thread_switches();
    $out = toolcompact_compact($hashes, $params);
    usleep(5000);
    return hashing_thread_switches() > $switches && $out !== $hashes;
}

foreach (['3 ms after a burst' => [[$hashes, $hashes], 3000, 6], '3 ms after a lone pass' => [[$hashes], 3000, -1],
        '40 ms after a burst' => [[$hashes, $hashes], 40000, -1], '3 ms after a burst of little' => [[$little, $little], 3000, -1]]
        as $name => [$before, $gap, $least]) {
    usleep(30000);
    $woken = 0;
    for ($i = 0; $i < 8; $i++) {
        $woken += woken($before, $gap, $hashes, $params);
    }
    echo "$name: ", $least > 0 ? ($woken >= $least ? 'woken ahead' : "woken $woken times of 8")
        : ($woken <= 1 ? 'left asleep' : "woken $woken times of 8"), "\n";
}
?>
--EXPECT--
fields omitted: 19, 2
thread started: true
3 ms after a burst: woken ahead
3 ms after a lone pass: left asleep
40 ms after a burst: left asleep
3 ms after a burst of little: left asleep
