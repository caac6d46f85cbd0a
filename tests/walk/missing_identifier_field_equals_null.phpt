--TEST--
a missing identifier field counts as null: {path: null} and {} are the same group
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
    asst([call('c1', 'read', ['path' => null, 'data' => 'explicit null path'])]),
    tool([res('c1', 'read', ['out' => 'null path output'])], 'r1'),
    asst([call('c2', 'read', ['data' => 'path key missing'])]),
    tool([res('c2', 'read', ['out' => 'missing path output'])], 'r2'),
    asst([call('c3', 'read', ['path' => '', 'data' => 'empty string path'])]),
    tool([res('c3', 'read', ['out' => 'empty path output'])], 'r3'),
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
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => NULL,
          'data' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'data' => 
              array (
                'bytes' => 18,
                'sha256' => '064c8fcf510bbc492b730f5b2b04530840f14e9c4d0407ebef2d4eb1b9d0e6a0',
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
    'content' => '[tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.',
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
          'out' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'out' => 
              array (
                'bytes' => 16,
                'sha256' => '3f8deb8dfa8649dabab4fa13025e3c7e8d9e94f53b29aa0fef785799568e97ec',
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
        'toolName' => 'read',
        'arguments' => 
        array (
          'data' => 'path key missing',
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
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'missing path output',
        ),
      ),
    ),
  ),
  4 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c3',
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => '',
          'data' => 'empty string path',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  5 => 
  array (
    'role' => 'tool',
    'content' => 'r3',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c3',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'empty path output',
        ),
      ),
    ),
  ),
)
