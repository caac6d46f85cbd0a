--TEST--
an array holding a JsonSerializable that throws counts as an encoding failure: untouched, nothing thrown, json_last_error kept
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

class Boom implements JsonSerializable {
    public function jsonSerialize(): mixed { throw new RuntimeException('boom'); }
}
$boom = new Boom;
$h = [
    asst([call('c1', 't', ['w' => [$boom, str_repeat('x', 30)], 's' => 'long string'])]),
    asst([call('c2', 't', [])]),
];
json_decode('[');
$out = toolcompact_compact($h, ['inputTrimBytes' => 5]);
var_dump(json_last_error() === JSON_ERROR_SYNTAX);
$a = $out[0]['toolCalls'][0]['arguments'];
var_dump(array_keys($a), $a['w'][0] === $boom, $a['s']);
var_export($a['_tool_compaction']);
echo "\n";
?>
--EXPECT--
bool(true)
array(3) {
  [0]=>
  string(1) "w"
  [1]=>
  string(1) "s"
  [2]=>
  string(16) "_tool_compaction"
}
bool(true)
string(9) "[omitted]"
array (
  'thresholdBytes' => 5,
  'omittedFields' => 
  array (
    's' => 
    array (
      'bytes' => 11,
      'sha256' => '44a38c5e5943f930bddeab1649662c882d66a97f342c29f56afd289eff052d91',
    ),
  ),
)
