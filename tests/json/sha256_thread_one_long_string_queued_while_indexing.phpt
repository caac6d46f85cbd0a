--TEST--
sha256 thread: a short pass with one string of kilobytes queues it to the second thread during the index step (its last pass hashed strings of kilobytes), and gives the reference's output where that string is omitted, kept all the same (a protected id, a recent message), not valid UTF-8, or shared by two results
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
ob_start();
phpinfo(INFO_MODULES);
if (!str_contains(ob_get_clean(), 'SHA-256 thread => available')) {
    die('skip no second thread here (one CPU, or a build without threads)');
}
?>
--INI--
toolcompact.hash_thread=1
toolcompact.sha256_pairs=2
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * A warm pass (another ended less than a millisecond before) whose last
 * pass hashed a string of 4 KiB or more queues the long strings the index
 * step can tell will be omitted even when the pass hashes far less than
 * 16 KiB in all, and hands the thread the first string of 4 KiB at once,
 * without holding it back. Each case runs six times in a row, the first
 * after a pass over another history, which hashed ten strings of 20000
 * bytes: that first pass queues ahead. The five after it follow a pass of
 * their own history, which hashed mostly one string and less than 32 KiB,
 * and keep their hashing on their own thread (tc_walker_hash_alone()).
 * Every output is held against the userland reference and a pass on one
 * thread.
 *
 * Three turns of one tool (one group, no identifier fields): turn t is an
 * assistant message with call c$t and a tool message with its result. By
 * default turn 0's result output is 6000 bytes, turn 1's 300 and turn 2's
 * 5000, every argument under the threshold: the results of turns 0 and 1
 * are compacted (2 omitted), 6300 bytes hashed. With turn 0's call writing
 * 6000 bytes under id c0, and turn 2's call the same id c0: turn 2's result
 * protects c0, so turn 0's call, whose long string the index step queued
 * (turn 2 is a newer call of the group), stays intact; the results of turns
 * 0 and 1 and the call of turn 1 (400 bytes of content) are compacted (3).
 * keepRecentMessages 4 with turn 1's result 5000 bytes: the two newest
 * turns stay, so turn 1's long result, queued, stays too; turn 0's result
 * is compacted (1). Not valid UTF-8 in turn 0's output, queued: it cannot
 * be encoded, so it stays as it is (1); in the content of the call that
 * stays: as before (3). The same string (one zend_string) as the output of
 * turns 0 and 1: both compacted (2).
 */
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\reference_compact;

/* $len bytes of valid UTF-8, with escaped characters and non-ASCII. */
function text(int $n, int $len): string
{
    $unit = "line $n of \"a file\" / caf\u{e9}\t\n";
    $s = substr(str_repeat($unit, intdiv($len, strlen($unit)) + 1), 0, $len);
    return preg_match('//u', $s) ? $s : substr($s, 0, -1);
}

/* Turns [id, arguments content, result output], after a system message. */
function history(array $turns): array
{
    $h = [['role' => 'system', 'content' => 'agent', 'toolCalls' => [], 'toolResults' => []]];
    foreach ($turns as [$id, $content, $output]) {
        $h[] = ['role' => 'assistant', 'content' => '', 'toolResults' => [], 'toolCalls' => [['id' => $id,
            'toolName' => 'work', 'arguments' => ['path' => 'a.txt', 'content' => $content]]]];
        $h[] = ['role' => 'tool', 'content' => '', 'toolCalls' => [], 'toolResults' => [['id' => $id,
            'toolName' => 'work', 'result' => ['output' => $output]]]];
    }
    return $h;
}

$short = 'x';
$shared = text(7, 6000);
$cases = [
    'one long string' => [history([['c0', $short, text(0, 6000)], ['c1', $short, text(1, 300)], ['c2', $short, text(2, 5000)]]), []],
    'the call that wrote it kept (protected id)' => [history([['c0', text(10, 6000), text(0, 6000)],
        ['c1', text(11, 400), text(1, 300)], ['c0', $short, text(2, 5000)]]), []],
    'kept by keepRecentMessages' => [history([['c0', $short, text(0, 6000)], ['c1', $short, text(1, 5000)],
        ['c2', $short, text(2, 300)]]), ['keepRecentMessages' => 4]],
    'invalid UTF-8, queued' => [history([['c0', $short, "\xc3(" . text(0, 6000)], ['c1', $short, text(1, 300)],
        ['c2', $short, text(2, 5000)]]), []],
    'invalid UTF-8, kept' => [history([['c0', text(10, 6000) . "\xed\xa0\x80", text(0, 6000)],
        ['c1', text(11, 400), text(1, 300)], ['c0', $short, text(2, 5000)]]), []],
    'one string, two results' => [history([['c0', $short, $shared], ['c1', $short, $shared], ['c2', $short, text(2, 5000)]]), []],
];
// a pass over another history first: the thread starts, and the last pass hashed long strings
$warmUp = history(array_map(fn ($t) => ["w$t", $short, text($t, 20000)], range(0, 9)));
foreach ($cases as $name => [$history, $params]) {
    toolcompact_compact($warmUp, []);
    $want = reference_compact($history, $params);
    $same = true;
    for ($call = 0; $call < 6; $call++) {
        $same = $same && toolcompact_compact($history, $params) === $want;
    }
    ini_set('toolcompact.hash_thread', '0');
    $one = toolcompact_compact($history, $params) === $want;
    ini_set('toolcompact.hash_thread', '1');
    $omitted = 0;
    array_walk_recursive($want, function ($v, $k) use (&$omitted) { $omitted += $k === 'sha256'; });
    echo "$name: $omitted omitted, as the reference: ", var_export($same, true), ', on one thread: ', var_export($one, true), "\n";
}
?>
--EXPECT--
one long string: 2 omitted, as the reference: true, on one thread: true
the call that wrote it kept (protected id): 3 omitted, as the reference: true, on one thread: true
kept by keepRecentMessages: 1 omitted, as the reference: true, on one thread: true
invalid UTF-8, queued: 1 omitted, as the reference: true, on one thread: true
invalid UTF-8, kept: 3 omitted, as the reference: true, on one thread: true
one string, two results: 2 omitted, as the reference: true, on one thread: true
