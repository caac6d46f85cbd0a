--TEST--
Example A: read_file_content twice with the same path/position/length - older result compacted, newest pair intact
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = [
    'inputTrimBytes' => 100,
    'outputTrimBytes' => 100,
    'toolIdentifierFields' => [
        'read_file_content' => ['path', 'position', 'length'],
    ],
];
$args = ['path' => 'A.php', 'position' => 0, 'length' => 6000];
$h = [
    asst([call('call_1', 'read_file_content', $args)]),
    tool([res('call_1', 'read_file_content', ['content' => str_repeat('a', 150)])], 'first read'),
    asst([call('call_2', 'read_file_content', $args)]),
    tool([res('call_2', 'read_file_content', ['content' => str_repeat('b', 160)])], 'second read'),
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
        'id' => 'call_1',
        'toolName' => 'read_file_content',
        'arguments' => 
        array (
          'path' => 'A.php',
          'position' => 0,
          'length' => 6000,
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
    'content' => '[tool_compaction] Tool result compacted for tool=read_file_content, callId=call_1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'call_1',
        'toolName' => 'read_file_content',
        'result' => 
        array (
          'content' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 100,
            'omittedFields' => 
            array (
              'content' => 
              array (
                'bytes' => 150,
                'sha256' => 'ad597005965438356131134a7f5f2f92875e7ac5334ea62b24759934589a0506',
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
        'id' => 'call_2',
        'toolName' => 'read_file_content',
        'arguments' => 
        array (
          'path' => 'A.php',
          'position' => 0,
          'length' => 6000,
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
    'content' => 'second read',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'call_2',
        'toolName' => 'read_file_content',
        'result' => 
        array (
          'content' => 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
        ),
      ),
    ),
  ),
)
