--TEST--
int keys of a payload are kept and listed in the meta under the same int key
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 3, 'outputTrimBytes' => 3];
$h = [
    asst([call('c1', 't', ['abcd', 'x', 7 => 'efghij'])]),
    tool([res('c1', 't', [5 => 'long output'])], 'old'),
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
          0 => '[omitted]',
          1 => 'x',
          7 => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 3,
            'omittedFields' => 
            array (
              0 => 
              array (
                'bytes' => 4,
                'sha256' => 'ae2e7948a6ea7a15225e73689837ea51aa3675ad04b3ff4f62c88dd946e58da9',
              ),
              7 => 
              array (
                'bytes' => 6,
                'sha256' => 'b7b2f906d7b8ec28121dbf023f5cc33a9457636715b05c680c35c5ef2e43976c',
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
          5 => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 3,
            'omittedFields' => 
            array (
              5 => 
              array (
                'bytes' => 11,
                'sha256' => '8f455bcaffd82fc5bad9c302f28bc88a4de8908e94a2e5b8a9c8cb4e2458d11c',
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
