--TEST--
sha256 thread: omitted strings hashed on a second thread get json_encode()'s sha256, with repeated bytes and invalid UTF-8 among them, whether its pair runs lanes or two streams, and the output is that of a pass on one thread
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
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * toolcompact.sha256_pairs=3 hands the hashing to the second thread as soon
 * as the ring of waiting strings is full, and that thread's pair runs the
 * lanes (in portable C where the CPU has no AVX-512, as under valgrind);
 * with 2 it hands over once what it has queued makes a second thread pay:
 * 8 KiB with the strings ahead likely to make 8 KiB more while the pass is
 * warm (a pass ended less than a millisecond before, or the thread is still
 * awake after one), else 128 KiB and 512 KiB more (here after the 32 newest
 * messages, well before 1 MiB); that pair runs two streams. Which of the two
 * applies depends on timing, not on the output. The pass queues every
 * later string to the thread and takes jobs too at the finish. No report
 * and no minSavedBytes: a pass that measures keeps to one thread.
 *
 * 480 omitted strings of lengths from 0 to 9000 bytes, plain, escaped and
 * non-ASCII, every 17th repeating an earlier one's bytes (one digest for
 * both). More histories hold strings that are not valid UTF-8, taken
 * unchecked: three, the first of which (message 475: the rewrite goes
 * newest first) the pass hashes itself before any thread starts (with 2,
 * in a pass that is not warm); and one that the second thread is handed: among the waiting strings it
 * takes when it starts, which it takes at once, before the pass could
 * (message 470 with 3; with 2 message 456, among the waiting strings of
 * messages 464 to 449 in a pass that is not warm, queued to the thread
 * after its start in one that is). Either way
 * the pass rewrites its messages again on one thread, checking each
 * string, and those fields are kept.
 *
 * The expected meta entries come from json_encode() and hash(); the output
 * must be identical to that of passes without the thread and without pairs.
 */
function value(int $i): string
{
    $len = $i < 130 ? $i : ($i * 7919) % 9000;
    $unit = ['abcdefgh', 'a/b"c\\d', "caf\u{e9} \u{1F600}\t", "x\n\x01y"][$i % 4];
    $s = substr(str_repeat($unit, intdiv($len, strlen($unit)) + 1), 0, $len);
    while (!preg_match('//u', $s)) {
        $s = substr($s, 0, -1); // not in the middle of a character
    }
    return $s;
}

function history(array $values): array
{
    $history = [];
    foreach ($values as $i => $v) {
        $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
            'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => ['f' => $v]]]];
    }
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'last', 'toolName' => 'x', 'result' => []]]];
    return $history;
}

function check(array $history, array $out): array
{
    $omitted = $errors = 0;
    foreach (array_slice($history, 0, -1) as $m => $message) {
        $v = $message['toolResults'][0]['result']['f'];
        $json = json_encode($v);
        $want = $json !== false && $v !== '' ? ['bytes' => strlen($v), 'sha256' => hash('sha256', $json)] : null;
        $got = $out[$m]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['f'] ?? null;
        if ($got !== $want) {
            $errors++;
        }
        $omitted += $got !== null;
    }
    return [$omitted, $errors];
}

function pass(array $history, array $params, int $pairs, bool $thread): array
{
    ini_set('toolcompact.sha256_pairs', (string) $pairs);
    ini_set('toolcompact.hash_thread', $thread ? '1' : '0');
    return toolcompact_compact($history, $params);
}

$values = [];
for ($i = 0; $i < 480; $i++) {
    $values[] = $i % 17 === 16 ? $values[$i - 9] : value($i);
}
$invalid = $values;
$invalid[475] = "\xff" . $values[475];
$invalid[320] = str_repeat('v', 3000) . "\xc3(" . $values[320];
$invalid[40] = str_repeat('w', 8000) . "\xed\xa0\x80";
$first = [];
foreach ([3 => 470, 2 => 456] as $pairs => $at) {
    $first[$pairs] = $values;
    $first[$pairs][$at] = str_repeat('w', 5000) . "\xed\xa0\x80" . $values[$at];
}
printf("%.1f MiB of strings\n", array_sum(array_map('strlen', $values)) / 1048576);

$params = ['outputTrimBytes' => 0];
$histories = ['valid' => [history($values)], 'three invalid' => [history($invalid)],
    'one invalid, handed over' => [3 => history($first[3]), 2 => history($first[2])]];
foreach ($histories as $name => $each) {
    foreach ([3 => 'lanes', 2 => 'two streams'] as $pairs => $engine) {
        $history = $each[$pairs] ?? $each[0];
        $one = pass($history, $params, 0, false);
        $out = pass($history, $params, $pairs, true);
        [$omitted, $errors] = check($history, $out);
        echo "$name, $engine: $omitted omitted, $errors errors, same on one thread: ",
            var_export($out === pass($history, $params, $pairs, false), true), ', same without pairs: ',
            var_export($out === $one, true), "\n";
    }
}
?>
--EXPECT--
1.5 MiB of strings
valid, lanes: 479 omitted, 0 errors, same on one thread: true, same without pairs: true
valid, two streams: 479 omitted, 0 errors, same on one thread: true, same without pairs: true
three invalid, lanes: 476 omitted, 0 errors, same on one thread: true, same without pairs: true
three invalid, two streams: 476 omitted, 0 errors, same on one thread: true, same without pairs: true
one invalid, handed over, lanes: 478 omitted, 0 errors, same on one thread: true, same without pairs: true
one invalid, handed over, two streams: 478 omitted, 0 errors, same on one thread: true, same without pairs: true
