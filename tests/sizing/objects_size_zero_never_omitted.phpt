--TEST--
a top-level object has size 0 and is never omitted, even at threshold 0; an object inside an array is measured through json_encode
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

class Big implements JsonSerializable {
    public function jsonSerialize(): mixed { return str_repeat('z', 50); }
}
$obj = new stdClass;
$obj->text = str_repeat('y', 50);
$big = new Big;
$payload = ['obj' => $obj, 'big' => $big, 'wrapped' => [$big], 's' => 'abc'];
$h = [
    asst([call('c1', 't', [])]),
    tool([res('c1', 't', $payload)], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
$out = toolcompact_compact($h, ['outputTrimBytes' => 0]);
$r = $out[1]['toolResults'][0]['result'];
var_dump(array_keys($r));
var_dump($r['obj'] === $obj, $r['big'] === $big, $r['wrapped'], $r['s']);
var_export($r['_tool_compaction']);
echo "\n";
?>
--EXPECT--
array(5) {
  [0]=>
  string(3) "obj"
  [1]=>
  string(3) "big"
  [2]=>
  string(7) "wrapped"
  [3]=>
  string(1) "s"
  [4]=>
  string(16) "_tool_compaction"
}
bool(true)
bool(true)
string(9) "[omitted]"
string(9) "[omitted]"
array (
  'thresholdBytes' => 0,
  'omittedFields' => 
  array (
    'wrapped' => 
    array (
      'bytes' => 54,
      'sha256' => '0737910a2b49e96a463919016f193a9c18da550ad1d8905a0b99085c90890687',
    ),
    's' => 
    array (
      'bytes' => 3,
      'sha256' => '6cc43f858fbb763301637b5af970e2a46b46f461f27e5a0f41e009c59b827b25',
    ),
  ),
)
