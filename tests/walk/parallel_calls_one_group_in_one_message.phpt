--TEST--
parallel calls of one group in one assistant message: only the last call (and its result) stays intact
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
        call('c1', 'search', ['q' => 'first query!']),
        call('c2', 'search', ['q' => 'second query']),
        call('c3', 'search', ['q' => 'third query!']),
    ], 'searching'),
    tool([res('c1', 'search', ['hits' => 'hits for one'])], 'r1'),
    tool([res('c2', 'search', ['hits' => 'hits for two'])], 'r2'),
    tool([res('c3', 'search', ['hits' => 'hits for three'])], 'r3'),
];

var_export(toolcompact_compact($h, $p));
echo "\n";
?>
--EXPECT--
array (
  0 => 
  array (
    'role' => 'assistant',
    'content' => 'searching',
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 'search',
        'arguments' => 
        array (
          'q' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'q' => 
              array (
                'bytes' => 12,
                'sha256' => 'ff0fbfb29e38fa6e0f11730e67c93d2abbd83ded63260b8f0509f3fe21377744',
              ),
            ),
          ),
        ),
      ),
      1 => 
      array (
        'id' => 'c2',
        'toolName' => 'search',
        'arguments' => 
        array (
          'q' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'q' => 
              array (
                'bytes' => 12,
                'sha256' => 'cb468c17158f997bd93ad7a05d7e0b8fa7512b49f0099ada849247f91812c7e5',
              ),
            ),
          ),
        ),
      ),
      2 => 
      array (
        'id' => 'c3',
        'toolName' => 'search',
        'arguments' => 
        array (
          'q' => 'third query!',
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
    'content' => '[tool_compaction] Tool result compacted for tool=search, callId=c1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c1',
        'toolName' => 'search',
        'result' => 
        array (
          'hits' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'hits' => 
              array (
                'bytes' => 12,
                'sha256' => 'fc47068cb97f3530aa52ed1ef9468b981f396136322d25249041d07415f0eaae',
              ),
            ),
          ),
        ),
      ),
    ),
  ),
  2 => 
  array (
    'role' => 'tool',
    'content' => '[tool_compaction] Tool result compacted for tool=search, callId=c2. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c2',
        'toolName' => 'search',
        'result' => 
        array (
          'hits' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'hits' => 
              array (
                'bytes' => 12,
                'sha256' => '6b947b1f57911458e4d46f76eeb439f9bd2204722e14e2ebc7f0dc6300f08c24',
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
    'content' => 'r3',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'c3',
        'toolName' => 'search',
        'result' => 
        array (
          'hits' => 'hits for three',
        ),
      ),
    ),
  ),
)
