--TEST--
excluded tools: their calls and results are never touched and take no part in grouping
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10, 'excludedTools' => ['bash']];
$h = [
    asst([call('b1', 'bash', ['cmd' => 'make all install'])]),
    tool([res('b1', 'bash', ['out' => 'lots of build output'])], 'b1 out'),
    asst([call('r1', 'read', ['path' => 'src/main.cpp'])]),
    tool([res('r1', 'read', ['out' => 'int main() {}'])], 'r1 out'),
    asst([call('b2', 'bash', ['cmd' => 'make test now'])]),
    tool([res('b2', 'bash', ['out' => 'test output here'])], 'b2 out'),
    asst([call('r2', 'read', ['path' => 'src/x.c'])]),
    tool([res('r2', 'read', ['out' => 'x'])], 'r2 out'),
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
        'id' => 'b1',
        'toolName' => 'bash',
        'arguments' => 
        array (
          'cmd' => 'make all install',
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
    'content' => 'b1 out',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'b1',
        'toolName' => 'bash',
        'result' => 
        array (
          'out' => 'lots of build output',
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
        'id' => 'r1',
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'path' => 
              array (
                'bytes' => 12,
                'sha256' => '4738973044274a1d66198875ead87ba7489c0f9d26f4f1f6b098b1a763428753',
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
    'content' => '[tool_compaction] Tool result compacted for tool=read, callId=r1. Large fields omitted.',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'r1',
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
                'sha256' => '5831312584895f34310786224a0c0399f6348d01b2fc2686b3cda6f856033f23',
              ),
            ),
          ),
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
        'id' => 'b2',
        'toolName' => 'bash',
        'arguments' => 
        array (
          'cmd' => 'make test now',
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
    'content' => 'b2 out',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'b2',
        'toolName' => 'bash',
        'result' => 
        array (
          'out' => 'test output here',
        ),
      ),
    ),
  ),
  6 => 
  array (
    'role' => 'assistant',
    'content' => NULL,
    'toolCalls' => 
    array (
      0 => 
      array (
        'id' => 'r2',
        'toolName' => 'read',
        'arguments' => 
        array (
          'path' => 'src/x.c',
        ),
      ),
    ),
    'toolResults' => 
    array (
    ),
  ),
  7 => 
  array (
    'role' => 'tool',
    'content' => 'r2 out',
    'toolCalls' => 
    array (
    ),
    'toolResults' => 
    array (
      0 => 
      array (
        'id' => 'r2',
        'toolName' => 'read',
        'result' => 
        array (
          'out' => 'x',
        ),
      ),
    ),
  ),
)
