--TEST--
a call still waiting for its result is the newest occurrence: it stays intact and the older pair is compacted
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
    asst([call('c1', 'fetch', ['url' => 'http://a.example/1'])]),
    tool([res('c1', 'fetch', ['body' => 'body number one'])], 'r1'),
    asst([call('c2', 'fetch', ['url' => 'http://a.example/2'])], 'fetching again'),
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
        'toolName' => 'fetch',
        'arguments' => 
        array (
          'url' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'url' => 
              array (
                'bytes' => 18,
                'sha256' => '721059dc850ab63e490f0ab8b0f5bd29cd4cf885b48187cd79074213ce48a196',
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
    'content' => '[tool_compaction] Tool result compacted for tool=fetch, callId=c1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 'fetch',
        'result' => 
        array (
          'body' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'body' => 
              array (
                'bytes' => 15,
                'sha256' => 'd18495139775af52d07adddd8a78bcac0fb25902eec61cdfad1bcb049301d462',
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
    'content' => 'fetching again',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 'fetch',
        'arguments' => 
        array (
          'url' => 'http://a.example/2',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
)
