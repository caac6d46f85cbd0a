--TEST--
compacted results in assistant/user messages keep their content; only role tool gets the placeholder
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
    ['role' => 'assistant', 'content' => 'assistant text', 'toolCalls' => [], 'toolResults' => [res('a1', 't', ['out' => 'assistant held output'])]],
    ['role' => 'user', 'content' => 'user text', 'toolCalls' => [], 'toolResults' => [res('u1', 't', ['out' => 'user held output'])]],
    ['role' => 'TOOL', 'content' => 'upper case role', 'toolCalls' => [], 'toolResults' => [res('x1', 't', ['out' => 'upper case output'])]],
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [res('n1', 't', ['out' => 'null content output'])]],
    ['role' => 'tool', 'toolCalls' => [], 'toolResults' => [res('m1', 't', ['out' => 'missing content output'])]],
    tool([res('z9', 't', ['out' => 'newest output'])], 'newest'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  0 => 
  array (
    'role' => 'assistant',
    'content' => 'assistant text',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'a1',
        'toolName' => 't',
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
                'bytes' => 21,
                'sha256' => '569f21eab15411bff6341ce96a82a6f4f2dbca4d0977795ab56df5c12c8b8174',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  1 => 
  array (
    'role' => 'user',
    'content' => 'user text',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'u1',
        'toolName' => 't',
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
                'sha256' => 'ab5caaa0fc0bdb458bfede9340ee522a727243c687bda5aeb198b8191e03c7df',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  2 => 
  array (
    'role' => 'TOOL',
    'content' => 'upper case role',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'x1',
        'toolName' => 't',
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
                'sha256' => 'b6151a6d5dc5ae99eb21aae251965db42364cac6d92d59ff7d7b3a8260d4792c',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  3 => 
  array (
    'role' => 'tool',
    'content' => '[tool_compaction] Tool result compacted for tool=t, callId=n1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'n1',
        'toolName' => 't',
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
                'bytes' => 19,
                'sha256' => 'ab26cb1badf1bd7760d865ee3919508caae42fe6b90b776431348eaba848d464',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  4 => 
  array (
    'role' => 'tool',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'm1',
        'toolName' => 't',
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
                'bytes' => 22,
                'sha256' => '89c8dfd4d659e4aba8eb61a337af5f1de4fb1f523bf4e89252cbac3e70b37ff1',
              ),
            ),
          ),
        ),
      ),
    ),
    'content' => '[tool_compaction] Tool result compacted for tool=t, callId=m1. Large fields omitted.',
  ),
  5 => 
  array (
    'role' => 'tool',
    'content' => 'newest',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'z9',
        'toolName' => 't',
        'result' => 
        array (
          'out' => 'newest output',
        ),
      ),
    ),
  ),
)
