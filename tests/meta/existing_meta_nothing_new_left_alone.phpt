--TEST--
a valid meta with nothing new to omit: payload unchanged (meta not moved, thresholdBytes not updated), no placeholder
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
    asst([call('c1', 't', ['_tool_compaction' => ['thresholdBytes' => 50, 'omittedFields' => ['a' => ['bytes' => 60, 'sha256' => 'aaaa']]], 'a' => '[omitted]', 'b' => 'short'])]),
    tool([res('c1', 't', ['_tool_compaction' => ['thresholdBytes' => 99, 'omittedFields' => ['big' => ['bytes' => 200, 'sha256' => 'ffff']]], 'big' => 'still a long value here', 'small' => 'x'])], 'old'),
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
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 50,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 60,
                'sha256' => 'aaaa',
              ),
            ),
          ),
          'a' => '[omitted]',
          'b' => 'short',
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
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 99,
            'omittedFields' => 
            array (
              'big' => 
              array (
                'bytes' => 200,
                'sha256' => 'ffff',
              ),
            ),
          ),
          'big' => 'still a long value here',
          'small' => 'x',
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
