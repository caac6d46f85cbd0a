--TEST--
onOmit: each omitted value as (sha256 of its JSON, the JSON, where), in walk order; a tool message's original content is offered too and recorded in the meta of the result its placeholder names
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{asst, call, res, tool, user};

$write = fn (string $id, string $content) => [
    asst(call($id, 'write', ['path' => 'a.txt', 'content' => str_repeat('c', 300)])),
    tool(res($id, 'write', ['out' => str_repeat('o', 200), 7 => range(1, 60)]), $content),
];
$h = array_merge([user('go')], $write('w1', 'wrote "a.txt"'), $write('w2', 'wrote again'));

$calls = [];
$out = toolcompact_compact($h, ['onOmit' => function (string $sha, string $json, array $where) use (&$calls) {
    $calls[] = [$sha === hash('sha256', $json), strlen($json) > 40 ? substr($json, 0, 12) . '...' : $json, $where];
}]);
var_export($calls);
echo "\n";
$meta = $out[2]['toolResults'][0]['result']['_tool_compaction'];
var_dump(array_keys($meta), $meta['content'] === ['bytes' => 13, 'sha256' => hash('sha256', json_encode('wrote "a.txt"'))]);
echo $out[2]['content'], "\n";
// Without onOmit there is no content record: the output is Part 1's.
var_dump(!isset(toolcompact_compact($h)[2]['toolResults'][0]['result']['_tool_compaction']['content']));
?>
--EXPECT--
array (
  0 => 
  array (
    0 => true,
    1 => '"ooooooooooo...',
    2 => 
    array (
      'messageIndex' => 2,
      'callId' => 'w1',
      'tool' => 'write',
      'field' => 'out',
      'payload' => 'result',
    ),
  ),
  1 => 
  array (
    0 => true,
    1 => '[1,2,3,4,5,6...',
    2 => 
    array (
      'messageIndex' => 2,
      'callId' => 'w1',
      'tool' => 'write',
      'field' => 7,
      'payload' => 'result',
    ),
  ),
  2 => 
  array (
    0 => true,
    1 => '"wrote \\"a.txt\\""',
    2 => 
    array (
      'messageIndex' => 2,
      'callId' => 'w1',
      'tool' => 'write',
      'field' => 'content',
      'payload' => 'content',
    ),
  ),
  3 => 
  array (
    0 => true,
    1 => '"ccccccccccc...',
    2 => 
    array (
      'messageIndex' => 1,
      'callId' => 'w1',
      'tool' => 'write',
      'field' => 'content',
      'payload' => 'arguments',
    ),
  ),
)
array(3) {
  [0]=>
  string(14) "thresholdBytes"
  [1]=>
  string(13) "omittedFields"
  [2]=>
  string(7) "content"
}
bool(true)
[tool_compaction] Tool result compacted for tool=write, callId=w1. Large fields omitted.
bool(true)
