--TEST--
inside one message results are walked (last to first) before calls (last to first)
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
    asst([call('c1', 't', ['a' => 'argument one'])]),
    [
        'role' => 'assistant',
        'content' => 'mixed',
        'toolCalls' => [call('c2', 't', ['a' => 'argument two'])],
        'toolResults' => [res('c1', 't', ['out' => 'output of one'])],
    ],
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
          'a' => 'argument one',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  1 => 
  array (
    'role' => 'assistant',
    'content' => 'mixed',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 't',
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
                'bytes' => 12,
                'sha256' => 'a85b093b88c862976181b1ae84c0367364ed98ef441a9cdc59bd4fc80a36e964',
              ),
            ),
          ),
        ),
      ),
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 't',
        'result' => 
        array (
          'out' => 'output of one',
        ),
      ),
    ),
  ),
)
