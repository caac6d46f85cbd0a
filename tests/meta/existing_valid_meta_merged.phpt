--TEST--
an existing valid meta is merged: listed fields left alone, thresholdBytes updated in place, new entries appended, other meta keys kept, meta moved last
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
    asst([call('c1', 't', ['a' => '[omitted]', '_tool_compaction' => ['note' => 'keep me', 'thresholdBytes' => 50, 'omittedFields' => ['a' => ['bytes' => 60, 'sha256' => 'aaaa'], 'gone' => ['bytes' => 70, 'sha256' => 'bbbb'], 'listed' => ['bytes' => 1, 'sha256' => 'cccc']], 'extra' => [1]], 'b' => 'a new long value', 'listed' => 'listed but not omitted', 'c' => 'small'])]),
    tool([res('c1', 't', ['_tool_compaction' => ['omittedFields' => []], 'out' => 'long output value'])], 'old'),
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
          'a' => '[omitted]',
          'b' => '[omitted]',
          'listed' => 'listed but not omitted',
          'c' => 'small',
          '_tool_compaction' => 
          array (
            'note' => 'keep me',
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 60,
                'sha256' => 'aaaa',
              ),
              'gone' => 
              array (
                'bytes' => 70,
                'sha256' => 'bbbb',
              ),
              'listed' => 
              array (
                'bytes' => 1,
                'sha256' => 'cccc',
              ),
              'b' => 
              array (
                'bytes' => 16,
                'sha256' => '1a3a44b34a4ab65cf00100fd556f0b6bb1eaf542e983e61db0c0b67cc6e5e66a',
              ),
            ),
            'extra' => 
            array (
              0 => 1,
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
            'omittedFields' => 
            array (
              'out' => 
              array (
                'bytes' => 17,
                'sha256' => 'c0699da69843abc3c40e06caa14abb184dced1895d64272b9d263a5eeb327059',
              ),
            ),
            'thresholdBytes' => 10,
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
