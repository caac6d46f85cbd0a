--TEST--
a result found through the call index takes its call group, whatever its own toolName
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
    asst([call('c1', 'alpha', ['a' => 'alpha argument'])]),
    tool([res('c1', 'beta', ['out' => 'labelled beta output'])], 'r1'),
    asst([call('c2', 'alpha', ['a' => 'x'])]),
    tool([res('c2', 'alpha', ['out' => 'y'])], 'r2'),
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
        'toolName' => 'alpha',
        'arguments' => 
        array (
          'a' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 14,
                'sha256' => 'e082e3f8bdc266824514fc1310547a0948067693a119a7eeafb330919c3d6e8b',
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
    'content' => '[tool_compaction] Tool result compacted for tool=beta, callId=c1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 'beta',
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
                'bytes' => 20,
                'sha256' => 'c68ba052cbc6502cfb66ec33d96bc17a409c9950d65d34593b2e6803245df984',
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
        'toolName' => 'alpha',
        'arguments' => 
        array (
          'a' => 'x',
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
        'toolName' => 'alpha',
        'result' => 
        array (
          'out' => 'y',
        ),
      ),
    ),
  ),
)
