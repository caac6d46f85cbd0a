--TEST--
Example D: list_files without toolIdentifierFields - all calls share one group, older call and result compacted although arguments differ
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = [];
$files = [];
for ($i = 0; $i < 12; $i++) { $files[] = "File$i.php"; }
$h = [
    ['role' => 'user', 'content' => 'list the sources', 'toolCalls' => [], 'toolResults' => []],
    asst([call('call_1', 'list_files', ['dir' => 'src', 'pattern' => str_repeat('*.php|', 20)])], 'listing src'),
    tool([res('call_1', 'list_files', ['files' => $files, 'count' => 12])], 'src listing'),
    asst([call('call_2', 'list_files', ['dir' => 'tests'])], 'listing tests'),
    tool([res('call_2', 'list_files', ['files' => ['a.phpt'], 'count' => 1])], 'tests listing'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  0 => 
  array (
    'role' => 'user',
    'content' => 'list the sources',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
    ),
  ),
  1 => 
  array (
    'role' => 'assistant',
    'content' => 'listing src',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'call_1',
        'toolName' => 'list_files',
        'arguments' => 
        array (
          'dir' => 'src',
          'pattern' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 100,
            'omittedFields' => 
            array (
              'pattern' => 
              array (
                'bytes' => 120,
                'sha256' => '4ca11b8f0d5f0629ced246fc54a4dcd67be5de2609915ee1e76accada5a03e80',
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
  2 => 
  array (
    'role' => 'tool',
    'content' => '[tool_compaction] Tool result compacted for tool=list_files, callId=call_1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'call_1',
        'toolName' => 'list_files',
        'result' => 
        array (
          'files' => '[omitted]',
          'count' => 12,
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 100,
            'omittedFields' => 
            array (
              'files' => 
              array (
                'bytes' => 147,
                'sha256' => 'bcb6966e5d14b01d938a2983b3311495f3c7c10e92b914c03c21ee84837c3e98',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  3 => 
  array (
    'role' => 'assistant',
    'content' => 'listing tests',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'call_2',
        'toolName' => 'list_files',
        'arguments' => 
        array (
          'dir' => 'tests',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  4 => 
  array (
    'role' => 'tool',
    'content' => 'tests listing',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'call_2',
        'toolName' => 'list_files',
        'result' => 
        array (
          'files' => 
          array (
            0 => 'a.phpt',
          ),
          'count' => 1,
        ),
      ),
    ),
  ),
)
