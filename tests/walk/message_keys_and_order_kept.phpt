--TEST--
messages keep their keys; the walk follows array order, not key order
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
    9 => asst([call('c1', 't', ['a' => 'old argument'])]),
    'x' => tool([res('c1', 't', ['out' => 'old output'])], 'r1'),
    2 => asst([call('c2', 't', ['a' => 'new argument'])]),
    0 => tool([res('c2', 't', ['out' => 'new output'])], 'r2'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  9 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 't',
        'arguments' => 
        array (
          'a' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 12,
                'sha256' => '089a5e24cc96563df1c0abf4aa1779a80d78d2ace3aab18da2308964a9658949',
              ),
            ),
          ),
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  'x' => 
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
          'out' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'out' => 
              array (
                'bytes' => 10,
                'sha256' => '03acc35c2ebd9b6d8f6a5db50af63ed546049244e225ff7ff77f4ca0d8fd6d7d',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  2 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 't',
        'arguments' => 
        array (
          'a' => 'new argument',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  0 => 
  array (
    'role' => 'tool',
    'content' => 'r2',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 't',
        'result' => 
        array (
          'out' => 'new output',
        ),
      ),
    ),
  ),
)
