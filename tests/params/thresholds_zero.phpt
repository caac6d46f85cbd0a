--TEST--
threshold 0 is valid: every non-empty field of an older payload is omitted
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

// older pair and newer pair of one tool; the older one is eligible for compaction
$h = [
    asst([call('c1', 't', ['arg' => str_repeat('i', 15)])]),
    tool([res('c1', 't', ['out' => str_repeat('o', 25)])], 'r1'),
    asst([call('c2', 't', ['arg' => 'new'])]),
    tool([res('c2', 't', ['out' => 'new'])], 'r2'),
];$p = ['inputTrimBytes' => 0, 'outputTrimBytes' => 0];

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
          'arg' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 0,
            'omittedFields' => 
            array (
              'arg' => 
              array (
                'bytes' => 15,
                'sha256' => 'c3e411874b34473e81f78f705be1ff464003676a133593b5a6522ec40913e6ae',
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
          'out' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 0,
            'omittedFields' => 
            array (
              'out' => 
              array (
                'bytes' => 25,
                'sha256' => '7d0a138ddf19ee7a2b53802d092f92cad54a147eac8fb33dae16fb807b19f9c4',
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
          'arg' => 'new',
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
    'content' => 'r2',
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
          'out' => 'new',
        ),
      ),
    ),
  ),
)
