--TEST--
sha256 thread: strings queued to the second thread by the index step (before the pass knows it omits them) give the reference's output, where the call stays intact all the same (a protected id, a recent message), with identifier fields, an existing meta, invalid UTF-8, the switches off and keep-K, warm and in a long cold pass
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
 * Where the last pass hashed much (16 KiB while warm, 128 KiB cold, and
 * 512 bytes a message), the index step, oldest message first, queues the
 * long strings of a group's older call and of the results met since once
 * the group has a newer call; the rewrite step then takes their digest
 * strings by the string. Each case runs six times in a row (the first pass
 * may be cold, or follow one that hashed little). What it queues that
 * the pass does not omit (a call whose id a kept result protects, a message
 * kept by keepRecentMessages, an identifier field, a field an existing meta
 * lists) must change nothing, nor may a string queued so that is not valid
 * UTF-8, omitted or not (the pass then rewrites its messages again, checking
 * each string). Every output is held against the userland reference and a
 * pass on one thread.
 *
 * 60 turns write to src/f0.php ... src/f6.php in turn (turn t to f(t % 7)),
 * call ids c0 ... c59 but turn 57's, which is c50 as well; each call's
 * content and each result's output are longer than 100 bytes, each path
 * shorter. By path: the newest turn of each path (53 to 59) stays, the
 * result of turn 57 protects id c50, so call c50 stays too: 52 calls and 53
 * results compacted, a field each (105). Turns 3, 10 and 17 on a path of
 * 300 bytes (an identifier field, never omitted) make a group of their
 * own, whose turn 17 stays: 103. Without identifier fields all writes are
 * one group: all but turn 59 compacted (118). An already compacted history
 * with a newer write to each path: the 105 omitted fields stay as their
 * meta lists them, and turns 53 to 59 and call c50 are compacted now (120).
 * Two of the 105 strings not valid UTF-8 stay (103); call c50's, which
 * stays anyway, changes nothing (105). keepRecentMessages 40 keeps turns
 * 40 to 59 (80); inputs only or outputs only: 53 results, 52 calls. With
 * keepLatestPerGroup 2 turns 46 to 59 stay (c50 protected again by the
 * result of turn 50): 92.
 */
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\reference_compact;

/* About $len bytes of valid UTF-8 (escaped characters and non-ASCII among them). */
function text(int $n, int $len): string
{
    $unit = ["line $n of a file / \"quoted\"\n", "caf\u{e9} $n\t", "plain text $n "][$n % 3];
    $s = substr(str_repeat($unit, intdiv($len, strlen($unit)) + 1), 0, $len);
    return preg_match('//u', $s) ? $s : substr($s, 0, -1); // not in the middle of a character
}

/* The messages of turns $t => [tool, path, length, id (null: "c$t")]: a
 * call writing about length bytes to path, and its result (300 bytes
 * longer), after a system message unless $system is false. */
function history(array $turns, array $override = [], bool $system = true): array
{
    $h = $system ? [['role' => 'system', 'content' => 'agent', 'toolCalls' => [], 'toolResults' => []]] : [];
    foreach ($turns as $t => [$tool, $path, $len, $id]) {
        $id ??= "c$t";
        $h[] = ['role' => 'assistant', 'content' => '', 'toolResults' => [], 'toolCalls' => [['id' => $id, 'toolName' => $tool,
            'arguments' => ['path' => $path, 'content' => $override["a$t"] ?? text($t, $len)]]]];
        $h[] = ['role' => 'tool', 'content' => '', 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => $tool,
            'result' => ['output' => $override["r$t"] ?? text($t + 1000, $len + 300), 'lines' => $t]]]];
    }
    return $h;
}

$turns = [];
for ($t = 0; $t < 60; $t++) {
    $turns[] = ['write', 'src/f' . ($t % 7) . '.php', 400 + 97 * $t, null];
}
// c50 and c57 share an id: the result of c57 protects both calls (c50 stays intact)
$turns[57][3] = 'c50';
$turns[57][1] = $turns[50][1];
$long = str_repeat('p', 300);
$withLongPath = $turns;
foreach ([3, 10, 17] as $t) {
    $withLongPath[$t][1] = $long; // one group, identifier longer than the threshold
}
$byPath = ['toolIdentifierFields' => ['write' => ['path']]];
$newer = [];
for ($t = 60; $t < 67; $t++) {
    $newer[$t] = ['write', 'src/f' . ($t % 7) . '.php', 500, null];
}

$cases = [
    'by path' => [history($turns), $byPath],
    'a longer path than the threshold' => [history($withLongPath), $byPath],
    'one group' => [history($turns), []],
    'compacted, then newer writes' => [array_merge(reference_compact(history($turns), $byPath), history($newer, [], false)), $byPath],
    'invalid UTF-8, omitted' => [history($turns, ['a2' => text(2, 900) . "\xff", 'r8' => "\xc3(" . text(8, 2000)]), $byPath],
    'invalid UTF-8, call kept' => [history($turns, ['a50' => text(50, 5000) . "\xed\xa0\x80"]), $byPath],
    'keepRecentMessages 40' => [history($turns), $byPath + ['keepRecentMessages' => 40]],
    'compactInputs off' => [history($turns), $byPath + ['compactInputs' => false]],
    'compactOutputs off' => [history($turns), $byPath + ['compactOutputs' => false]],
    'keepLatestPerGroup 2' => [history($turns), $byPath + ['keepLatestPerGroup' => 2]],
];
foreach ($cases as $name => [$history, $params]) {
    $want = reference_compact($history, $params);
    $same = true;
    for ($call = 0; $call < 6; $call++) { // the first may be cold, the others are warm
        $same = $same && toolcompact_compact($history, $params) === $want;
    }
    ini_set('toolcompact.hash_thread', '0');
    $one = toolcompact_compact($history, $params) === $want;
    ini_set('toolcompact.hash_thread', '1');
    $omitted = 0;
    array_walk_recursive($want, function ($v, $k) use (&$omitted) { $omitted += $k === 'sha256'; });
    echo "$name: $omitted omitted, as the reference: ", var_export($same, true), ', on one thread: ', var_export($one, true), "\n";
}

// cold (the thread asleep, the last pass long ended), after passes that hashed much
$many = [];
for ($t = 0; $t < 700; $t++) {
    $many[] = ['read', 'src/f' . ($t % 40) . '.py', 150 + ($t * 37) % 900, null];
}
$history = history($many);
$params = ['toolIdentifierFields' => ['read' => ['path']]];
$want = reference_compact($history, $params);
$same = true;
for ($call = 0; $call < 3; $call++) {
    usleep(20000);
    $same = $same && toolcompact_compact($history, $params) === $want;
}
echo count($history), " messages, cold: as the reference: ", var_export($same, true), "\n";
?>
--EXPECT--
by path: 105 omitted, as the reference: true, on one thread: true
a longer path than the threshold: 103 omitted, as the reference: true, on one thread: true
one group: 118 omitted, as the reference: true, on one thread: true
compacted, then newer writes: 120 omitted, as the reference: true, on one thread: true
invalid UTF-8, omitted: 103 omitted, as the reference: true, on one thread: true
invalid UTF-8, call kept: 105 omitted, as the reference: true, on one thread: true
keepRecentMessages 40: 80 omitted, as the reference: true, on one thread: true
compactInputs off: 53 omitted, as the reference: true, on one thread: true
compactOutputs off: 52 omitted, as the reference: true, on one thread: true
keepLatestPerGroup 2: 92 omitted, as the reference: true, on one thread: true
1401 messages, cold: as the reference: true
