--TEST--
identifier fields of arguments are never trimmed even when huge; in results the same keys are trimmed
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10, 'toolIdentifierFields' => ['read' => ['path', 'range']]];
$path = str_repeat('dir/', 50) . 'file.php';
$range = ['from' => 0, 'to' => 999999, 'pad' => str_repeat('p', 100)];
$h = [
    asst([call('c1', 'read', ['path' => $path, 'range' => $range, 'mode' => 'read binary'])]),
    tool([res('c1', 'read', ['path' => $path, 'data' => 'contents of the file'])], 'old'),
    asst([call('c2', 'read', ['path' => $path, 'range' => $range])]),
    tool([res('c2', 'read', ['data' => 'x'])], 'new'),
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
          'path' => 'dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/file.php',
          'range' => 
          array (
            'from' => 0,
            'to' => 999999,
            'pad' => 'pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp',
          ),
          'mode' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'mode' => 
              array (
                'bytes' => 11,
                'sha256' => '6acbc9e8ffcdc22a87d3a1b5412e8a1fe24e9fc19786b0158444d099e5ad963d',
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
          'path' => '[omitted]',
          'data' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'path' => 
              array (
                'bytes' => 208,
                'sha256' => '4e40867b9432af5c813e9e8c9a743f55bf7c0ad5ff22139217b61a67c6917390',
              ),
              'data' => 
              array (
                'bytes' => 20,
                'sha256' => '7242b5e5a426251a761a7febb79bbe9feafdf223f135069027aaa7615334349f',
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
          'path' => 'dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/dir/file.php',
          'range' => 
          array (
            'from' => 0,
            'to' => 999999,
            'pad' => 'pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp',
          ),
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
        'toolName' => 'read',
        'result' => 
        array (
          'data' => 'x',
        ),
      ),
    ),
  ),
)
