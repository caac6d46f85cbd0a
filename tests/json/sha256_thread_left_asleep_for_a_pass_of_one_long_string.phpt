--TEST--
sha256 thread: a pass whose last pass hashed less than 32 KiB, 67% or more of it in one string, keeps its hashing on its own thread: passes in a burst over such a history neither wake the sleeping thread nor hand it their strings, where passes over a history of many strings do
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
ob_start();
phpinfo(INFO_MODULES);
if (!str_contains(ob_get_clean(), 'SHA-256 thread => available')) {
    die('skip no second thread here (one CPU, or a build without threads)');
}
if (!str_contains((string) @file_get_contents('/proc/self/status'), 'voluntary_ctxt_switches')) {
    die('skip needs /proc/self/task/*/status to watch the thread sleep');
}
if (getenv('ZEND_DONT_UNLOAD_MODULES')) {
    die('skip timing: under valgrind the passes of a burst are more than a millisecond apart');
}
?>
--INI--
toolcompact.hash_thread=1
toolcompact.sha256_pairs=2
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * The thread sleeps a millisecond after its last list, and
 * each time it goes to sleep the kernel counts a voluntary context switch
 * of that thread. A trial over a history: one pass (the last pass's figures
 * are then this history's), 3 ms (the thread is asleep), the count, three
 * passes back to back (the first wakes the thread ahead when it would hash
 * 4 KiB or more and passes come in bursts; the others are warm, a
 * millisecond after a pass, and hand the thread their strings from the
 * first on), 5 ms for a thread woken to sleep again, the count again.
 *
 * $one omits an output of 9000 bytes and one of 300 (97% in one string),
 * $many 19 outputs of 1001 bytes (5% each), $most one of 6000 bytes and
 * one of 4000 (60% in one string). The thread wakes in trials over $many
 * and $most, not over $one. Eight trials each, counted with room for a
 * busy machine: woken in 6 of 8 or more where the thread wakes, in at most
 * 1 of 8 where it sleeps on. Every output is the reference's.
 */
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/thread.php';

use function ToolCompact\Tests\hashing_thread_switches;
use function ToolCompact\Tests\read_turns;
use function ToolCompact\Tests\reference_compact;

/* Reads of one file, output i $lengths[i] bytes of text with escapes. */
function reads(array $lengths): array
{
    return read_turns(array_map(fn (int $len, int $i) => str_repeat("line $i \"x\"\n", intdiv($len, 11)) . str_repeat('.', $len % 11),
        $lengths, array_keys($lengths)));
}

$params = ['outputTrimBytes' => 100];
$histories = [
    'one' => reads([9000, 300, 50]),
    'many' => reads(array_fill(0, 20, 1001)),
    'most' => reads([6000, 4000, 50]),
];
foreach ($histories as $name => $h) {
    $report = null;
    $same = toolcompact_compact($h, $params, $report) === reference_compact($h, $params);
    echo "$name: {$report['fieldsOmitted']} omitted, as the reference: ", var_export($same, true), "\n";
}
// passes back to back over $many start the thread
toolcompact_compact($histories['many'], $params);
toolcompact_compact($histories['many'], $params);
echo 'thread started: ', var_export(hashing_thread_switches() !== null, true), "\n";

function woken(array $h, array $params, array $want): bool
{
    toolcompact_compact($h, $params);
    usleep(3000);
    $switches = hashing_thread_switches();
    $same = true;
    for ($i = 0; $i < 3; $i++) {
        $same = $same && toolcompact_compact($h, $params) === $want;
    }
    usleep(5000);
    if (!$same) {
        echo "OUTPUT DIFFERS\n";
    }
    return hashing_thread_switches() > $switches;
}

foreach (['many' => true, 'most' => true, 'one' => false] as $name => $wakes) {
    usleep(30000);
    $want = reference_compact($histories[$name], $params);
    $woken = 0;
    for ($i = 0; $i < 8; $i++) {
        $woken += woken($histories[$name], $params, $want);
    }
    echo "$name: ", $wakes ? ($woken >= 6 ? 'woken' : "woken $woken times of 8")
        : ($woken <= 1 ? 'left asleep' : "woken $woken times of 8"), "\n";
}
?>
--EXPECT--
one: 2 omitted, as the reference: true
many: 19 omitted, as the reference: true
most: 2 omitted, as the reference: true
thread started: true
many: woken
most: woken
one: left asleep
