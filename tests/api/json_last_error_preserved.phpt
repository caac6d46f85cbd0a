--TEST--
json_last_error() is the same after a call as before it (error state kept, clean state stays clean)
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 5, 'outputTrimBytes' => 5];
$h = [
    asst([call('c1', 't', ['bad' => "\xc3\x28 invalid utf8 here", 'nan' => [NAN], 'ok' => 'long enough'])]),
    tool([res('c1', 't', ['bad' => "\xff\xfe more invalid", 'ok' => 'long enough too'])], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
json_decode('{');
var_dump(json_last_error() === JSON_ERROR_SYNTAX);
$out = toolcompact_compact($h, $p);
var_dump(json_last_error() === JSON_ERROR_SYNTAX, json_last_error_msg());
var_dump($out[0]['toolCalls'][0]['arguments']['ok'], $out[1]['toolResults'][0]['result']['ok']);
var_dump($out[0]['toolCalls'][0]['arguments']['bad'] === $h[0]['toolCalls'][0]['arguments']['bad']);

json_encode(1);
var_dump(json_last_error());
$out = toolcompact_compact($h, $p);
var_dump(json_last_error(), json_last_error_msg());

json_encode("\xff");
var_dump(json_last_error() === JSON_ERROR_UTF8);
$h2 = [
    asst([call('c1', 't', ['ok' => 'long enough'])]),
    asst([call('c2', 't', [])]),
];
$out = toolcompact_compact($h2, $p);
var_dump(json_last_error() === JSON_ERROR_UTF8, $out[0]['toolCalls'][0]['arguments']['ok']);
?>
--EXPECT--
bool(true)
bool(true)
string(12) "Syntax error"
string(9) "[omitted]"
string(9) "[omitted]"
bool(true)
int(0)
int(0)
string(8) "No error"
bool(true)
bool(true)
string(9) "[omitted]"
