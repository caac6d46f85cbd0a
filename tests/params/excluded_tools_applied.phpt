--TEST--
excludedTools: listed tools are never touched; invalid shapes (string, non-string entries) are handled
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$h = [
    asst([call('b1', 'bash', ['cmd' => str_repeat('x', 20)]), call('g1', 'grep', ['q' => str_repeat('y', 20)])]),
    tool([res('b1', 'bash', ['out' => str_repeat('z', 20)]), res('g1', 'grep', ['out' => str_repeat('w', 20)])], 'r1'),
    asst([call('b2', 'bash', ['cmd' => 'ls']), call('g2', 'grep', ['q' => 'a'])]),
    tool([res('b2', 'bash', ['out' => 'a']), res('g2', 'grep', ['out' => 'b'])], 'r2'),
];
$base = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10];
$ex = toolcompact_compact($h, $base + ['excludedTools' => [1, null, 'bash', ['grep']]]);
// bash untouched, grep compacted
var_dump($ex[0]['toolCalls'][0] === $h[0]['toolCalls'][0]);
var_dump($ex[1]['toolResults'][0] === $h[1]['toolResults'][0]);
var_dump($ex[0]['toolCalls'][1]['arguments']['q'], $ex[1]['toolResults'][1]['result']['out']);
echo $ex[1]['content'], "\n";
// a string is not a list: nothing excluded
$s = toolcompact_compact($h, $base + ['excludedTools' => 'bash']);
var_dump($s[0]['toolCalls'][0]['arguments']['cmd'], $s[1]['toolResults'][0]['result']['out']);
echo $s[1]['content'], "\n";
// both excluded: nothing changes at all
var_dump(toolcompact_compact($h, $base + ['excludedTools' => ['grep', 'bash']]) === $h);
?>
--EXPECT--
bool(true)
bool(true)
string(9) "[omitted]"
string(9) "[omitted]"
[tool_compaction] Tool result compacted for tool=grep, callId=g1. Large fields omitted.
string(9) "[omitted]"
string(9) "[omitted]"
[tool_compaction] Tool result compacted for tool=bash, callId=b1. Large fields omitted.
bool(true)
