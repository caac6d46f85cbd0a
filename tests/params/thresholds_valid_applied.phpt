--TEST--
inputTrimBytes and outputTrimBytes are applied separately
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
];$p = ['inputTrimBytes' => 14, 'outputTrimBytes' => 25];

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
            'thresholdBytes' => 14,
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
    'content' => 'r1',
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
          'out' => 'ooooooooooooooooooooooooo',
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
