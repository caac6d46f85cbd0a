--TEST--
omitted fields keep their position, the meta is the last key and lists omitted fields in payload order
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
    asst([call('c1', 't', ['first' => 'long value 1', 'small' => 'ok', 'num' => 123456, 'last' => ['k' => 'long']])]),
    tool([res('c1', 't', ['a' => 'x', 'z' => 'result text!', 'm' => 'y', 'b' => 'more result text'])], 'old'),
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
          'first' => '[omitted]',
          'small' => 'ok',
          'num' => '[omitted]',
          'last' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'first' => 
              array (
                'bytes' => 12,
                'sha256' => '9256ae653de5b5731bb25d04a192b70a49daf2bdc2b6cc57e781cd359a61e224',
              ),
              'num' => 
              array (
                'bytes' => 6,
                'sha256' => '8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92',
              ),
              'last' => 
              array (
                'bytes' => 12,
                'sha256' => '71e99871a0c1c5d142992294946c55dd31951205a2a833863b9e24aecf57ee8a',
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
          'a' => 'x',
          'z' => '[omitted]',
          'm' => 'y',
          'b' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 5,
            'omittedFields' => 
            array (
              'z' => 
              array (
                'bytes' => 12,
                'sha256' => 'fbe8764e1b05ffed2a9d9c0286699dd401f8d79cbf9fc7e52677a9ca97a9fca3',
              ),
              'b' => 
              array (
                'bytes' => 16,
                'sha256' => 'f3d62022cb877bee6bfe39e6697e98871ddf8d049adef8856d9b87ff795e1079',
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
