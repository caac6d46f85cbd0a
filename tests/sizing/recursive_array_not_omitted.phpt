--TEST--
a recursive array cannot be JSON encoded: the field is left untouched without warnings
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$rec = ['k' => str_repeat('r', 30)];
$rec['self'] = &$rec;
$h = [
    asst([call('c1', 't', ['rec' => $rec, 's' => 'long string'])]),
    asst([call('c2', 't', [])]),
];
$out = toolcompact_compact($h, ['inputTrimBytes' => 5]);
$a = $out[0]['toolCalls'][0]['arguments'];
var_dump(array_keys($a), is_array($a['rec']), $a['rec']['k'], $a['s']);
var_dump(json_last_error());
?>
--EXPECT--
array(3) {
  [0]=>
  string(3) "rec"
  [1]=>
  string(1) "s"
  [2]=>
  string(16) "_tool_compaction"
}
bool(true)
string(30) "rrrrrrrrrrrrrrrrrrrrrrrrrrrrrr"
string(9) "[omitted]"
int(0)
