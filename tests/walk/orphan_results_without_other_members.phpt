--TEST--
orphan results of one tool share one group: the newest stays, older ones are compacted; a configured call with a path is another group
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
    tool([res('orphan_old', 'read', ['out' => 'orphan old output'])], 'o1'),
    asst([call('c1', 'read', ['path' => 'a.php'])]),
    tool([res('c1', 'read', ['out' => 'a.php contents'])], 'r1'),
    tool([res('orphan_new', 'read', ['out' => 'orphan new output'])], 'o2'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  0 => 
  array (
    'role' => 'tool',
    'content' => '[tool_compaction] Tool result compacted for tool=read, callId=orphan_old. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'orphan_old',
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
                'sha256' => '67a13e6668c7e4c455080bdc483a245a00096884a5a3d175aa6c179fd3feaa2c',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  1 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => 'a.php',
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
    'content' => 'r1',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'a.php contents',
        ),
      ),
    ),
  ),
  3 => 
  array (
    'role' => 'tool',
    'content' => 'o2',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'orphan_new',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'orphan new output',
        ),
      ),
    ),
  ),
)
