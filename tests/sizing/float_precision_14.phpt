--TEST--
top-level float size uses (string) with precision=14; sha256 uses json_encode (serialize_precision)
--EXTENSIONS--
toolcompact
--INI--
precision=14
serialize_precision=-1
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 6];
$payload = ['pi' => 3.14159265, 'half' => 0.5, 'one' => 1.0, 'big' => 1.0E+20, 'sum' => 0.1 + 0.2];
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
          'pi' => '[omitted]',
          'half' => 0.5,
          'one' => 1.0,
          'big' => '[omitted]',
          'sum' => 0.30000000000000004,
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 6,
            'omittedFields' => 
            array (
              'pi' => 
              array (
                'bytes' => 10,
                'sha256' => 'caac67952f8cd5c119b8c4ece54ca63d4481071eafedeb1ea4cd30c8355943fd',
              ),
              'big' => 
              array (
                'bytes' => 7,
                'sha256' => 'fd61ec0a227cf610dce5a11619da519207149c565181f754027fc7f042518e10',
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
