--TEST--
Hostile: in an array history, objects shaped like messages or calls and Traversable lists are not read: left as they are, invisible to the walk
--DESCRIPTION--
README "Behaviour details (the array shape)": an element of $messages that is
not an array is left as it is and takes no part in the walk; toolCalls /
toolResults that are not arrays count as empty lists; an entry that is not an
array is left as it is. (Objects are read as DTOs only in a DTO history, a
Traversable collection of message objects.)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, call, omitted_entry};

$big = str_repeat('b', 300);
$history = [
    assistant([call('c1', 'read', ['path' => $big])]),
    (object) assistant([call('c2', 'read', ['path' => $big])]),
    ['role' => 'assistant', 'content' => null, 'toolCalls' => new ArrayIterator([call('c3', 'read', ['path' => $big])]), 'toolResults' => []],
    assistant([(object) call('c4', 'read', ['path' => $big])]),
    ['role' => 'assistant', 'content' => null, 'toolCalls' => new ArrayObject([call('c5', 'read', ['path' => $big])]), 'toolResults' => []],
    assistant([call('c6', 'read', ['path' => 'small'])]),
];

$out = watched_compact($history);

// Only c1 and c6 take part: c6 is the newest of group "read", c1 is compacted.
$expected = $history;
$expected[0]['toolCalls'][0]['arguments'] = [
    'path' => '[omitted]',
    '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['path' => omitted_entry($big)]],
];
expect_output($out, $expected);
foreach ([1, 2, 3, 4, 5] as $i) {
    echo $i, ': ', $out[$i] === $history[$i] ? 'same' : 'CHANGED', "\n";
}
var_dump($out[1] === $history[1], $out[2]['toolCalls'] === $history[2]['toolCalls'], $out[3]['toolCalls'][0] === $history[3]['toolCalls'][0]);
?>
--EXPECT--
output as expected
1: same
2: same
3: same
4: same
5: same
bool(true)
bool(true)
bool(true)
