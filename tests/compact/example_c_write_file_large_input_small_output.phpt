--TEST--
Example C: write_file_content - older call loses its large content argument, path kept, small results unchanged
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
        'write_file_content' => ['path'],
    ],
];
$h = [
    asst([call('call_1', 'write_file_content', ['path' => 'A.php', 'content' => str_repeat('v1 ', 50)])]),
    tool([res('call_1', 'write_file_content', ['status' => 'ok'])], '{"status":"ok"}'),
    asst([call('call_2', 'write_file_content', ['path' => 'A.php', 'content' => str_repeat('v2 ', 60)])]),
    tool([res('call_2', 'write_file_content', ['status' => 'ok'])], '{"status":"ok"}'),
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
        'toolName' => 'write_file_content',
        'arguments' => 
        array (
          'path' => 'A.php',
          'content' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 100,
            'omittedFields' => 
            array (
              'content' => 
              array (
                'bytes' => 150,
                'sha256' => 'a46ceaf494768543e98f8d239064317ab364640c1b68146cd1d4bee55c6b1965',
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
    'content' => '{"status":"ok"}',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'call_1',
        'toolName' => 'write_file_content',
        'result' => 
        array (
          'status' => 'ok',
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
        'toolName' => 'write_file_content',
        'arguments' => 
        array (
          'path' => 'A.php',
          'content' => 'v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 v2 ',
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
    'content' => '{"status":"ok"}',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'call_2',
        'toolName' => 'write_file_content',
        'result' => 
        array (
          'status' => 'ok',
        ),
      ),
    ),
  ),
)
