--TEST--
int size is the length of its decimal string (sign included)
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 5];
$payload = ['eq' => 12345, 'over' => 123456, 'neg_eq' => -1234, 'neg_over' => -12345, 'zero' => 0];
$h = [
    asst([call('c1', 't', [])]),
    tool([res('c1', 't', $payload)], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
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
          'eq' => 12345,
          'over' => '[omitted]',
          'neg_eq' => -1234,
          'neg_over' => '[omitted]',
          'zero' => 0,
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'over' => 
              array (
                'bytes' => 6,
                'sha256' => '8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92',
              ),
              'neg_over' => 
              array (
                'bytes' => 6,
                'sha256' => '98557f4b4ff595debf238559844f4309ea71ba62ce3c0ac65d6ab608f05d65ff',
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
        'toolName' => 't',
        'result' => 
        array (
        ),
      ),
    ),
  ),
)
