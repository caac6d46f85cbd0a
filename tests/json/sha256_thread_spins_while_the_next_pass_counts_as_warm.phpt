--TEST--
sha256 thread: once done with a pass's strings the thread spins for as long as the next pass counts as warm (a millisecond), so that a pass 0.4 ms later hands it its strings without waking it; then it sleeps
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
    // (run-tests.php -m sets it for the test run under valgrind)
    die('skip timing: under valgrind a pass takes longer than the spin');
}
?>
--INI--
toolcompact.hash_thread=1
toolcompact.sha256_pairs=2
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * A pass less than a millisecond after the last one ended counts as warm
 * and hands its strings to the thread. Were the thread asleep by then,
 * the pass would wake it and wait (15-25 us for a pass of 6-7 us, on a
 * virtual machine). The kernel counts a voluntary context switch of the
 * thread each time it goes to sleep.
 *
 * A trial: 5 ms, then a burst of two passes over 19 omitted results of
 * 1001 bytes back to back: the first wakes the thread ahead (bursts come
 * less than 20 ms apart), the second is warm and hands its strings over;
 * then the count, 0.4 ms, the
 * count again (unchanged: the thread still spins), 5 ms, the count (grown:
 * it slept). Eight trials, with room for a busy machine: still spinning
 * after 0.4 ms in at least 6, asleep after 5 ms in at least 6.
 */
require __DIR__ . '/../lib/thread.php';

use function ToolCompact\Tests\hashing_thread_switches;
use function ToolCompact\Tests\read_turns;

$params = ['outputTrimBytes' => 100];
$hashes = read_turns(array_map(fn (int $i) => str_repeat(chr(97 + $i % 26), 1000) . $i, range(0, 19)));
toolcompact_compact($hashes, $params);
toolcompact_compact($hashes, $params);
echo 'thread started: ', var_export(hashing_thread_switches() !== null, true), "\n";

// up to three sets of eight trials: a set on a machine busy enough to keep
// the thread off its CPU may miss, where a spin of a quarter of a
// millisecond missed every set (0 or 1 of 8 spinning)
for ($set = 0; $set < 3; $set++) {
    $spinning = $slept = 0;
    for ($i = 0; $i < 8; $i++) {
        usleep(5000);
        toolcompact_compact($hashes, $params);
        $out = toolcompact_compact($hashes, $params);
        $done = hashing_thread_switches();
        usleep(400);
        $later = hashing_thread_switches();
        usleep(5000);
        $spinning += $later === $done && $out !== $hashes;
        $slept += hashing_thread_switches() > $later;
    }
    if ($spinning >= 6 && $slept >= 6) {
        break;
    }
}
echo $spinning >= 6 ? 'spinning 0.4 ms after a pass' : "spinning 0.4 ms after a pass in $spinning of 8", "\n";
echo $slept >= 6 ? 'asleep 5 ms after it' : "asleep 5 ms after it in $slept of 8", "\n";
?>
--EXPECT--
thread started: true
spinning 0.4 ms after a pass
asleep 5 ms after it
