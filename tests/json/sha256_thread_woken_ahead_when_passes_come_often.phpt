--TEST--
sha256 thread: a pass that follows another within 20 ms, when that one queued 4 KiB or more to hash, wakes the sleeping thread at its start even if it has nothing to hand it; after a longer pause, or after a pass that queued less, the thread sleeps on
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
?>
--INI--
toolcompact.hash_thread=1
toolcompact.sha256_pairs=3
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * toolcompact.sha256_pairs=3 hands a pass's hashing to the thread at once,
 * which starts it. Once done with a list the thread spins for a quarter of
 * a millisecond, then sleeps; each time it goes to sleep the kernel counts
 * a voluntary context switch of that thread. A trial: a pass over $before,
 * a pause of $gap microseconds (the thread is asleep after it), the count,
 * a pass over a history with nothing to omit (no list is handed over: only
 * a wake ahead can rouse the thread), 5 ms for the woken thread to spin and
 * sleep again, the count again: it grew if the second pass woke the thread.
 *
 * $hashes omits 19 results of 1001 bytes (19 KiB queued), $little 2 (2 KiB).
 * After $hashes and 3 ms the second pass wakes the thread; after $hashes
 * and 40 ms (passes do not come often), or after $little, it does not.
 * Eight trials each, counted with room for a machine that is busy: at
 * least 6 woken, and at most 1 of the others.
 */
function hashing_thread_switches(): ?int
{
    foreach (glob('/proc/self/task/*') as $task) {
        if ((int) basename($task) !== getmypid()
                && preg_match('/^voluntary_ctxt_switches:\s+(\d+)/m', (string) @file_get_contents("$task/status"), $m)) {
            return (int) $m[1];
        }
    }
    return null;
}

/* A user message, then $turns reads of one file, each output $len bytes and
 * a number (one logical call: all but the newest result are compacted). */
function history(int $turns, int $len): array
{
    $h = [['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []]];
    for ($i = 0; $i < $turns; $i++) {
        $h[] = ['role' => 'assistant', 'content' => null, 'toolResults' => [],
            'toolCalls' => [['id' => "c$i", 'toolName' => 'read', 'arguments' => ['path' => 'f']]]];
        $h[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
            'toolResults' => [['id' => "c$i", 'toolName' => 'read', 'result' => ['text' => str_repeat(chr(97 + $i % 26), $len) . $i]]]];
    }
    return $h;
}

$params = ['outputTrimBytes' => 100];
$hashes = history(20, 1000);
$little = history(3, 1000);
$none = history(1, 1000);

$report = null;
toolcompact_compact($hashes, $params, $report);
echo "fields omitted: {$report['fieldsOmitted']}, ", toolcompact_compact($little, $params, $report) === $little ? 'changed nothing' : "{$report['fieldsOmitted']}", ", ";
echo toolcompact_compact($none, $params) === $none ? 'nothing' : 'something', " omitted from the last\n";
toolcompact_compact($hashes, $params); // (a pass asked for a report keeps to one thread)
echo 'thread started: ', var_export(hashing_thread_switches() !== null, true), "\n";

function woken(array $before, int $gap, array $none, array $params): bool
{
    toolcompact_compact($before, $params);
    usleep($gap);
    $switches = hashing_thread_switches();
    toolcompact_compact($none, $params);
    usleep(5000);
    return hashing_thread_switches() > $switches;
}

foreach (['3 ms after 19 KiB queued' => [$hashes, 3000, 6], '40 ms after 19 KiB queued' => [$hashes, 40000, -1],
        '3 ms after 2 KiB queued' => [$little, 3000, -1]] as $name => [$before, $gap, $least]) {
    $woken = 0;
    for ($i = 0; $i < 8; $i++) {
        $woken += woken($before, $gap, $none, $params);
    }
    echo "$name: ", $least > 0 ? ($woken >= $least ? 'woken ahead' : "woken $woken times of 8")
        : ($woken <= 1 ? 'left asleep' : "woken $woken times of 8"), "\n";
}
?>
--EXPECT--
fields omitted: 19, 2, nothing omitted from the last
thread started: true
3 ms after 19 KiB queued: woken ahead
40 ms after 19 KiB queued: left asleep
3 ms after 2 KiB queued: left asleep
