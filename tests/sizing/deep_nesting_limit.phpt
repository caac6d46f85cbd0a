--TEST--
an array nested deeper than json_encode depth 512 is an encoding failure (untouched); a shallower one is measured and omitted
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$deep = 'leaf';
for ($i = 0; $i < 600; $i++) { $deep = [$deep]; }
$shallow = 'leaf';
for ($i = 0; $i < 100; $i++) { $shallow = [$shallow]; }
$h = [
    asst([call('c1', 't', ['deep' => $deep, 'shallow' => $shallow])]),
    asst([call('c2', 't', [])]),
];
$out = toolcompact_compact($h, ['inputTrimBytes' => 5]);
$a = $out[0]['toolCalls'][0]['arguments'];
var_dump(array_keys($a), $a['deep'] === $deep, $a['shallow']);
var_dump($a['_tool_compaction']['omittedFields']['shallow']['bytes']);
var_dump($a['_tool_compaction']['omittedFields']['shallow']['sha256'] === hash('sha256', str_repeat('[', 100) . '"leaf"' . str_repeat(']', 100)));
var_dump(json_last_error());
?>
--EXPECT--
array(3) {
  [0]=>
  string(4) "deep"
  [1]=>
  string(7) "shallow"
  [2]=>
  string(16) "_tool_compaction"
}
bool(true)
string(9) "[omitted]"
int(206)
bool(true)
int(0)
