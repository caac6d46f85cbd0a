--TEST--
Hostile: keys with the hash and length of a field name but other bytes (decoded from JSON, so not interned) are other keys: an item without the real id does not take part, one with both is read by its real keys
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{watched_compact, expect_output, placeholder, omitted_entry, reference_compact};

/*
 * PHP hashes a string key with DJBX33A (h = h * 33 + byte): raising one byte
 * by 1 and lowering the next by 33 keeps the hash and the length. For
 * toolResults the two bytes changed are its 10th and 11th, so its first 8
 * bytes are the field name's.
 */
function twin(string $name): string
{
    $n = strlen($name);
    return substr($name, 0, $n - 2) . chr(ord($name[$n - 2]) + 1) . chr(ord($name[$n - 1]) - 33);
}

$names = ['role', 'content', 'toolCalls', 'toolResults', 'id', 'toolName', 'arguments', 'result'];
$twins = array_combine($names, array_map('twin', $names));
foreach ($twins as $name => $twin) {
    // the twin collides with the name in PHP's own arrays too
    $probe = json_decode(json_encode([$twin => 1, $name => 2]), true);
    if ($twin === $name || strlen($twin) !== strlen($name) || $probe[$name] !== 2 || $probe[$twin] !== 1) {
        echo "bad twin for $name\n";
    }
}
echo implode(' ', $twins), "\n";

$big = str_repeat('b', 300);
$t = $twins;
$history = json_decode(json_encode([
    // 0: twins in place of every field name: no role, no lists, nothing read
    [$t['role'] => 'assistant', $t['content'] => '', $t['toolCalls'] => [['id' => 'c0', 'toolName' => 'read', 'arguments' => ['big' => $big]]]],
    // 1: a call whose id and toolName are twins: it does not take part
    ['role' => 'assistant', 'content' => '', 'toolCalls' => [[$t['id'] => 'c1', $t['toolName'] => 'read', 'arguments' => ['big' => $big]]]],
    // 2, 3: twins beside the real keys, first and last: the real ones are read
    ['role' => 'assistant', $t['toolCalls'] => 'x', 'content' => '', 'toolCalls' => [
        [$t['id'] => 'fake', 'id' => 'c2', 'toolName' => 'read', $t['toolName'] => 'fake', $t['arguments'] => ['big' => $big], 'arguments' => ['big' => $big]]]],
    ['role' => 'tool', 'content' => 'raw', 'toolResults' => [
        ['id' => 'c2', $t['result'] => ['out' => $big], 'toolName' => 'read', 'result' => ['out' => $big]]], $t['toolResults'] => 'y'],
    // 4: a result whose result key is a twin: compacted with nothing to
    // omit, so its content stays
    ['role' => 'tool', 'content' => 'raw', 'toolResults' => [['id' => 'c3', 'toolName' => 'read', $t['result'] => ['out' => $big]]]],
    // 5, 6: the newest of group read
    ['role' => 'assistant', 'content' => '', 'toolCalls' => [['id' => 'c4', 'toolName' => 'read', 'arguments' => []]]],
    ['role' => 'tool', 'content' => 'done', 'toolResults' => [['id' => 'c4', 'toolName' => 'read', 'result' => ['out' => 'ok']]]],
]), true);

$out = watched_compact($history);

$expected = $history;
$omitted = ['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted_entry($big)]];
$expected[2]['toolCalls'][0]['arguments'] = ['big' => '[omitted]', '_tool_compaction' => $omitted];
$expected[3]['toolResults'][0]['result'] = ['out' => '[omitted]',
    '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['out' => omitted_entry($big)]]];
$expected[3]['content'] = placeholder('read', 'c2');
expect_output($out, $expected);
var_dump($out === reference_compact($history, []));
?>
--EXPECT--
romD conteoS toolCalmR toolResuluR jC toolNanD argumenuR resumS
output as expected
bool(true)
