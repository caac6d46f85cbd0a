--TEST--
identifier values are compared with ===: 6000 and "6000" are different groups
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10, 'toolIdentifierFields' => ['read' => ['path', 'length']]];
$h = [
    asst([call('c1', 'read', ['path' => 'A.php', 'length' => 6000, 'note' => 'int length one'])]),
    tool([res('c1', 'read', ['out' => 'int length output'])], 'r1'),
    asst([call('c2', 'read', ['path' => 'A.php', 'length' => '6000', 'note' => 'string length'])]),
    tool([res('c2', 'read', ['out' => 'string length output'])], 'r2'),
    asst([call('c3', 'read', ['path' => 'A.php', 'length' => 6000, 'note' => 'int length two'])]),
    tool([res('c3', 'read', ['out' => 'int length output 2'])], 'r3'),
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
          'path' => 'A.php',
          'length' => 6000,
          'note' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'note' => 
              array (
                'bytes' => 14,
                'sha256' => '1a9cdcbc005f53fa73c11c82b88a617e46486c2fa8e3a0d74338df60320aae3d',
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
                'bytes' => 17,
                'sha256' => '552f7d947d7f372ad61da54c9711bc85f39e30a5414ba9f13d96809de539579d',
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
          'path' => 'A.php',
          'length' => '6000',
          'note' => 'string length',
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
          'out' => 'string length output',
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
          'path' => 'A.php',
          'length' => 6000,
          'note' => 'int length two',
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
          'out' => 'int length output 2',
        ),
      ),
    ),
  ),
)
