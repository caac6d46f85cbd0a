--TEST--
string size is its byte length: size == threshold kept, threshold + 1 omitted (multibyte counted in bytes)
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 10];
$payload = [
    'eq' => '0123456789',
    'over' => '0123456789a',
    'mb_eq' => 'ééééé',
    'mb_over' => 'éééééa',
    'empty' => '',
];
$h = [
    asst([call('c1', 't', [])]),
    tool([res('c1', 't', $payload)], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  0 => 
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
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  1 => 
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
          'eq' => '0123456789',
          'over' => '[omitted]',
          'mb_eq' => 'ééééé',
          'mb_over' => '[omitted]',
          'empty' => '',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'over' => 
              array (
                'bytes' => 11,
                'sha256' => '70247c609a942020c2f48f07a27a23648dcf5cbfdd89c68a016f9e8ae0d166b0',
              ),
              'mb_over' => 
              array (
                'bytes' => 11,
                'sha256' => '5974f1a2d69f0bdcb0cefab3fe460d5d5633ac1f0b0aadd559bde132b76a2842',
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
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  3 => 
  array (
    'role' => 'tool',
    'content' => 'new',
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
        ),
      ),
    ),
  ),
)
