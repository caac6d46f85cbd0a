--TEST--
duplicate call ids: a result takes the group of the call nearest the end of the history
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10, 'toolIdentifierFields' => ['read' => ['path']]];
$h = [
    asst([call('d', 'read', ['path' => 'a.php', 'note' => 'first call with id d'])]),
    tool([res('d', 'read', ['out' => 'contents of a.php'])], 'r1'),
    asst([call('d', 'read', ['path' => 'b.php', 'note' => 'second call with id d'])]),
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
        'id' => 'd',
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => 'a.php',
          'note' => 'first call with id d',
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
    'content' => '[tool_compaction] Tool result compacted for tool=read, callId=d. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'd',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'out' => 
              array (
                'bytes' => 17,
                'sha256' => '34db5ab634d983aeb57d2016d02f6c9741f2953bde1ec53c999a1f54f5a25b50',
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
        'id' => 'd',
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => 'b.php',
          'note' => 'second call with id d',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
)
