--TEST--
DTO path: collections with a variadic constructor are rebuilt by spreading the items; output equals the array path, untouched messages are the same objects, the input is untouched
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload();
$big = str_repeat('y', 120);
$arrays = [
    ['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'toolName' => 'read', 'arguments' => ['path' => 'a']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => $big]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c2', 'toolName' => 'read', 'arguments' => ['path' => 'a']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => ['text' => $big]]]],
];
$dto = spi_from_arrays($arrays, variadic: true);
$before = serialize($dto);
$out = toolcompact_compact($dto);
echo get_class($out), "\n";
var_dump(spi_to_arrays($out) === toolcompact_compact($arrays));
var_dump(serialize($dto) === $before);
$in = iterator_to_array($dto);
foreach (iterator_to_array($out) as $i => $m) {
    echo $i, ': ', $m === $in[$i] ? 'same object' : 'new ' . get_class($m), "\n";
}
$changed = iterator_to_array($out)[2];
echo get_class($changed->toolResults), ' ', $changed->content, "\n";
?>
--EXPECT--
Spi\Variadic\Messages
bool(true)
bool(true)
0: same object
1: same object
2: new Spi\Variadic\Message
3: same object
4: same object
Spi\Variadic\Results [tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.
