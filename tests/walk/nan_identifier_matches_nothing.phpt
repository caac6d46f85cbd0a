--TEST--
an identifier value holding NAN matches nothing: each such call is its own group (with its result)
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 5, 'outputTrimBytes' => 5, 'toolIdentifierFields' => ['calc' => ['x']]];
$h = [
    asst([call('c1', 'calc', ['x' => NAN, 'body' => 'first body'])]),
    tool([res('c1', 'calc', ['out' => 'first output'])], 'r1'),
    asst([call('c2', 'calc', ['x' => NAN, 'body' => 'second body'])]),
    tool([res('c2', 'calc', ['out' => 'second output'])], 'r2'),
];
$out = toolcompact_compact($h, $p);
var_dump($out[0]['toolCalls'][0]['arguments']['body'], $out[1]['toolResults'][0]['result']['out'], $out[1]['content']);
var_dump(serialize($out) === serialize($h));
?>
--EXPECT--
string(10) "first body"
string(12) "first output"
string(2) "r1"
bool(true)
