--TEST--
user code run while a field is measured (jsonSerialize) rewrites the history through references: no crash, the walk sees the history as it was
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Vandal implements JsonSerializable
{
    public static array $targets = [];

    public function jsonSerialize(): mixed
    {
        // Rewrite everything reachable through the references the history holds.
        foreach (self::$targets as $name => &$target) {
            $target = $name === 'payload' ? 'gone' : 42;
        }
        return str_repeat('j', 200);
    }
}

$meta = ['thresholdBytes' => 1, 'omittedFields' => ['old' => ['bytes' => 5, 'sha256' => 'x']]];
$payload = ['blob' => [new Vandal()], 'text' => str_repeat('t', 300), '_tool_compaction' => &$meta];
$result = ['id' => 'c1', 'toolName' => 'read', 'result' => &$payload];
$results = [&$result];
$message = ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => &$results];
$history = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'toolName' => 'read', 'arguments' => []]], 'toolResults' => []],
    &$message,
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c2', 'toolName' => 'read', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => ['text' => 'new']]]],
];
Vandal::$targets = ['message' => &$message, 'results' => &$results, 'result' => &$result, 'payload' => &$payload, 'meta' => &$meta];

$out = toolcompact_compact($history, ['outputTrimBytes' => 100]);
$compacted = $out[1]['toolResults'][0]['result'];
echo $out[1]['content'], "\n";
echo implode(',', array_keys($compacted)), "\n";
echo $compacted['blob'], ' ', $compacted['text'], "\n";
echo implode(',', array_keys($compacted['_tool_compaction']['omittedFields'])), "\n";
echo $compacted['_tool_compaction']['thresholdBytes'], "\n";
var_dump($message, $payload);
?>
--EXPECT--
[tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.
blob,text,_tool_compaction
[omitted] [omitted]
old,blob,text
100
int(42)
string(4) "gone"
