--TEST--
true has size 1: kept at threshold 1, omitted at threshold 0; a payload of only null/false is untouched at threshold 0
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$h = [
    asst([call('c1', 't', ['t' => true, 'f' => false, 'n' => null])]),
    tool([res('c1', 't', ['t' => true, 'f' => false, 'n' => null])], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
var_dump(toolcompact_compact($h, ['inputTrimBytes' => 1, 'outputTrimBytes' => 1]) === $h);
$out = toolcompact_compact($h, ['inputTrimBytes' => 0, 'outputTrimBytes' => 1]);
var_export($out[0]['toolCalls'][0]['arguments']);
echo "\n";
var_dump($out[1] === $h[1]);
$h2 = [
    asst([call('c1', 't', ['f' => false, 'n' => null])]),
    tool([res('c1', 't', ['f' => false, 'n' => null])], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
var_dump(toolcompact_compact($h2, ['inputTrimBytes' => 0, 'outputTrimBytes' => 0]) === $h2);
?>
--EXPECT--
bool(true)
array (
  't' => '[omitted]',
  'f' => false,
  'n' => NULL,
  '_tool_compaction' => 
  array (
    'thresholdBytes' => 0,
    'omittedFields' => 
    array (
      't' => 
      array (
        'bytes' => 1,
        'sha256' => 'b5bea41b6c623f7c09f1bf24dcae58ebab3c0cdd90ad966bc43a45b44867e12b',
      ),
    ),
  ),
)
bool(true)
bool(true)
