--TEST--
a payload that is not an array is left as it is; the call still takes part in the walk
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
    asst([call('c1', 't', ['a' => 'array argument'])]),
    tool([res('c1', 't', ['out' => 'array output'])], 'r1'),
    asst([call('c2', 't', str_repeat('string arguments ', 5))]),
    tool([res('c2', 't', str_repeat('string result ', 5))], 'r2'),
    asst([call('c3', 't', null), ['id' => 'c4', 'toolName' => 't']]),
    tool([res('c3', 't', 12345678)], 'r3'),
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
          'a' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 14,
                'sha256' => '248a3a49b70c2cf66d5fd8ca24d436a5d6a084d4faec77ba314032d01958eefb',
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
          'out' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'out' => 
              array (
                'bytes' => 12,
                'sha256' => '6c730188c35b819a981311124c3ee961e72fcc5697d276e8bc6e104869e004b2',
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
        'arguments' => 'string arguments string arguments string arguments string arguments string arguments ',
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  3 => 
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
        'result' => 'string result string result string result string result string result ',
      ),
    ),
  ),
  4 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c3',
        'toolName' => 't',
        'arguments' => NULL,
      ),
      1 => 
      array (
        'id' => 'c4',
        'toolName' => 't',
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  5 => 
  array (
    'role' => 'tool',
    'content' => 'r3',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c3',
        'toolName' => 't',
        'result' => 12345678,
      ),
    ),
  ),
)
