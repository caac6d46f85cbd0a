--TEST--
several results in one tool message: placeholder names the first result in list order whose payload was actually compacted
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
    asst([
        call('s0', 'read', []),
        call('u1', 'grep', []),
        call('c1', 'read', []),
        call('c2', 'read', []),
    ]),
    tool([
        res('s0', 'read', ['out' => 'small']),          // older read, nothing large: unchanged
        res('u1', 'grep', ['out' => 'grep output!']),   // only grep result: intact
        res('c1', 'read', ['out' => 'read output 1']),  // older read: compacted
        res('c2', 'read', ['out' => 'read output 2']),  // older read: compacted
    ], 'batch'),
    asst([call('c9', 'read', [])]),
    tool([res('c9', 'read', ['out' => 'newest read!'])], 'last'),
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
        'id' => 's0',
        'toolName' => 'read',
        'arguments' => 
        array (
        ),
      ),
      1 => 
      array (
        'id' => 'u1',
        'toolName' => 'grep',
        'arguments' => 
        array (
        ),
      ),
      2 => 
      array (
        'id' => 'c1',
        'toolName' => 'read',
        'arguments' => 
        array (
        ),
      ),
      3 => 
      array (
        'id' => 'c2',
        'toolName' => 'read',
        'arguments' => 
        array (
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
        'id' => 's0',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'small',
        ),
      ),
      1 => 
      array (
        'id' => 'u1',
        'toolName' => 'grep',
        'result' => 
        array (
          'out' => 'grep output!',
        ),
      ),
      2 => 
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
                'bytes' => 13,
                'sha256' => '05a3278608581fdc7c09cd20e89491a4f294d02373c96b5e88c0b636aab4ba82',
              ),
            ),
          ),
        ),
      ),
      3 => 
      array (
        'id' => 'c2',
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
                'bytes' => 13,
                'sha256' => '730a479beb13694d1694c9b839bf98e0360c3ee55e5d87e4050bd598a05b494c',
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
        'id' => 'c9',
        'toolName' => 'read',
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
    'content' => 'last',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c9',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'newest read!',
        ),
      ),
    ),
  ),
)
