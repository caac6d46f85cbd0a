--TEST--
content of system/user/assistant messages is never changed, even when large or when their calls are compacted
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 5, 'outputTrimBytes' => 5];
$h = [
    ['role' => 'system', 'content' => str_repeat('system prompt ', 20), 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'user', 'content' => str_repeat('user request ', 20), 'toolCalls' => [], 'toolResults' => []],
    asst([call('c1', 't', ['a' => 'long argument'])], str_repeat('thinking ', 20)),
    tool([res('c1', 't', ['b' => 'short'])], str_repeat('tool content ', 20)),
    asst([call('c2', 't', ['a' => 'newest'])], 'newest'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  0 => 
  array (
    'role' => 'system',
    'content' => 'system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt system prompt ',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
    ),
  ),
  1 => 
  array (
    'role' => 'user',
    'content' => 'user request user request user request user request user request user request user request user request user request user request user request user request user request user request user request user request user request user request user request user request ',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
    ),
  ),
  2 => 
  array (
    'role' => 'assistant',
    'content' => 'thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking thinking ',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 't',
        'arguments' => 
        array (
          'a' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 13,
                'sha256' => '5e31f846429083939e2b33691f69657aa7e80ceaf1bc4e0b3795cf22c780b6bf',
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
  3 => 
  array (
    'role' => 'tool',
    'content' => 'tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content tool content ',
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
          'b' => 'short',
        ),
      ),
    ),
  ),
  4 => 
  array (
    'role' => 'assistant',
    'content' => 'newest',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 't',
        'arguments' => 
        array (
          'a' => 'newest',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
)
