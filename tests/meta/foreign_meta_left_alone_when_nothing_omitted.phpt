--TEST--
an invalid _tool_compaction value stays in place, unmeasured, when no field is omitted
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10];
$h = [
    asst([
        call('c1', 't', ['_tool_compaction' => str_repeat('m', 40), 'a' => 'short']),
        call('c2', 't', ['_tool_compaction' => ['foo' => str_repeat('f', 40)], 'a' => 'short']),
        call('c3', 't', ['_tool_compaction' => ['omittedFields' => null], 'a' => 'short']),
        call('c4', 't', []),
    ]),
    tool([res('c1', 't', ['_tool_compaction' => 12345678901234, 'b' => 'tiny'])], 'old'),
    tool([res('c4', 't', [])], 'new'),
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
          '_tool_compaction' => 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm',
          'a' => 'short',
        ),
      ),
      1 => 
      array (
        'id' => 'c2',
        'toolName' => 't',
        'arguments' => 
        array (
          '_tool_compaction' => 
          array (
            'foo' => 'ffffffffffffffffffffffffffffffffffffffff',
          ),
          'a' => 'short',
        ),
      ),
      2 => 
      array (
        'id' => 'c3',
        'toolName' => 't',
        'arguments' => 
        array (
          '_tool_compaction' => 
          array (
            'omittedFields' => NULL,
          ),
          'a' => 'short',
        ),
      ),
      3 => 
      array (
        'id' => 'c4',
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
    'content' => 'old',
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
          '_tool_compaction' => 12345678901234,
          'b' => 'tiny',
        ),
      ),
    ),
  ),
  2 => 
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
        'id' => 'c4',
        'toolName' => 't',
        'result' => 
        array (
        ),
      ),
    ),
  ),
)
