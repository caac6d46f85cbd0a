--TEST--
identifier values may be arrays (compared with ===) and identifier fields are never omitted
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 5, 'outputTrimBytes' => 5, 'toolIdentifierFields' => ['q' => ['filter', 'name']]];
$h = [
    asst([call('c1', 'q', ['filter' => ['a' => 1, 'b' => 2], 'name' => 'n', 'body' => 'body one'])]),
    asst([call('c2', 'q', ['filter' => ['b' => 2, 'a' => 1], 'name' => 'n', 'body' => 'body two'])]),
    asst([call('c3', 'q', ['name' => 'n', 'filter' => ['a' => 1, 'b' => 2], 'body' => 'body three'])]),
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
        'toolName' => 'q',
        'arguments' => 
        array (
          'filter' => 
          array (
            'a' => 1,
            'b' => 2,
          ),
          'name' => 'n',
          'body' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'body' => 
              array (
                'bytes' => 8,
                'sha256' => 'd9fde3e311a5a2c3078ccc1a86fa876dec24ce08e3800e9c15d285813da94e68',
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
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 'q',
        'arguments' => 
        array (
          'filter' => 
          array (
            'b' => 2,
            'a' => 1,
          ),
          'name' => 'n',
          'body' => 'body two',
        ),
      ),
    ),
    'toolResults' => 
    array (
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
        'id' => 'c3',
        'toolName' => 'q',
        'arguments' => 
        array (
          'name' => 'n',
          'filter' => 
          array (
            'a' => 1,
            'b' => 2,
          ),
          'body' => 'body three',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
)
