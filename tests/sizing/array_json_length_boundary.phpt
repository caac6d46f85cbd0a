--TEST--
array size is strlen(json_encode()) with default flags (slashes and unicode escaped)
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 10];
$payload = [
    'eq' => [12, 34, 56],
    'over' => [12, 34, 567],
    'slashes' => ['a/b/c'],
    'unicode' => ['é'],
    'map' => ['k' => 'v'],
    'empty' => [],
];
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
          'eq' => 
          array (
            0 => 12,
            1 => 34,
            2 => 56,
          ),
          'over' => '[omitted]',
          'slashes' => '[omitted]',
          'unicode' => 
          array (
            0 => 'é',
          ),
          'map' => 
          array (
            'k' => 'v',
          ),
          'empty' => 
          array (
          ),
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'over' => 
              array (
                'bytes' => 11,
                'sha256' => 'ffb4305d392460edcaae059844272976573b6e96bd3d9306a8fb2f8f7fba13a3',
              ),
              'slashes' => 
              array (
                'bytes' => 11,
                'sha256' => '398add4dc3509eb929257e168ed7e1f255714b91e4011bdb6bb16afb72437a7f',
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
