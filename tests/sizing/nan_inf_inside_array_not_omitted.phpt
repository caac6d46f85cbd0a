--TEST--
arrays holding NAN or INF fail to encode: size 0, left untouched
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 0];
$payload = ['nan' => [NAN], 'inf' => ['x' => INF, 'y' => str_repeat('q', 30)], 's' => 'abc'];
$h = [
    asst([call('c1', 't', [])]),
    tool([res('c1', 't', $payload)], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
var_export(toolcompact_compact($h, $p)[1]);
echo "\n";
?>
--EXPECT--
array (
  'role' => 'tool',
  'content' => '[tool_compaction] Tool result compacted for tool=t, callId=c1. Large fields omitted.',
  'toolCalls' => 
  array (
  ),
  'toolResults' => 
  array (
    0 => 
    array (
      'id' => 'c1',
      'toolName' => 't',
      'result' => 
      array (
        'nan' => 
        array (
          0 => NAN,
        ),
        'inf' => 
        array (
          'x' => INF,
          'y' => 'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
        ),
        's' => '[omitted]',
        '_tool_compaction' => 
        array (
          'thresholdBytes' => 0,
          'omittedFields' => 
          array (
            's' => 
            array (
              'bytes' => 3,
              'sha256' => '6cc43f858fbb763301637b5af970e2a46b46f461f27e5a0f41e009c59b827b25',
            ),
          ),
        ),
      ),
    ),
  ),
)
