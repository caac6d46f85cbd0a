--TEST--
identifier values: 1 and 1.0 differ, 0.0 and -0.0 match
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10, 'toolIdentifierFields' => ['seek' => ['pos']]];
$h = [
    asst([call('c1', 'seek', ['pos' => 0.0, 'note' => 'positive zero'])]),
    asst([call('c2', 'seek', ['pos' => 1, 'note' => 'integer one!'])]),
    asst([call('c3', 'seek', ['pos' => -0.0, 'note' => 'negative zero'])]),
    asst([call('c4', 'seek', ['pos' => 1.0, 'note' => 'float one!!!'])]),
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
        'toolName' => 'seek',
        'arguments' => 
        array (
          'pos' => 0.0,
          'note' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'note' => 
              array (
                'bytes' => 13,
                'sha256' => '76bc0a340987953c023e5354e1ce017a68477bc72582a18eb0fcb2d47f4af456',
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
        'toolName' => 'seek',
        'arguments' => 
        array (
          'pos' => 1,
          'note' => 'integer one!',
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
        'toolName' => 'seek',
        'arguments' => 
        array (
          'pos' => -0.0,
          'note' => 'negative zero',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  3 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c4',
        'toolName' => 'seek',
        'arguments' => 
        array (
          'pos' => 1.0,
          'note' => 'float one!!!',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
)
