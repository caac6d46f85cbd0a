--TEST--
compacting an already compacted history with the same parameters returns it unchanged
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10];
$h = [
    asst([call('c1', 't', ['q' => 'long argument value', 'n' => 1])]),
    tool([res('c1', 't', ['out' => 'long output value', 'ok' => true])], 'old'),
    asst([call('c2', 't', ['q' => 'newest long argument'])]),
    tool([res('c2', 't', ['out' => 'newest long output'])], 'new'),
];
$once = toolcompact_compact($h, $p);
$twice = toolcompact_compact($once, $p);
var_dump(serialize($twice) === serialize($once));
var_dump($once[0]['toolCalls'][0]['arguments']['q'], $once[1]['toolResults'][0]['result']['out']);
var_dump(count($once[1]['toolResults'][0]['result']['_tool_compaction']['omittedFields']));
?>
--EXPECT--
bool(true)
string(9) "[omitted]"
string(9) "[omitted]"
int(1)
