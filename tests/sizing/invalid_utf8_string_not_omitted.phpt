--TEST--
a large string with invalid UTF-8 cannot be JSON encoded: the field is left untouched
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 10];
$payload = ['bad' => "\xff" . str_repeat('a', 40), 'ok' => str_repeat('b', 20)];
$h = [
    asst([call('c1', 't', [])]),
    tool([res('c1', 't', $payload)], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
echo str_replace("\xff", '<FF>', var_export(toolcompact_compact($h, $p)[1], true)), "\n";
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
        'bad' => '<FF>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'ok' => '[omitted]',
        '_tool_compaction' => 
        array (
          'thresholdBytes' => 10,
          'omittedFields' => 
          array (
            'ok' => 
            array (
              'bytes' => 20,
              'sha256' => '57df15c92d6397eac9d52fd7228b23d9c3343aca616788aea1b1db62ab29ba2b',
            ),
          ),
        ),
      ),
    ),
  ),
)
