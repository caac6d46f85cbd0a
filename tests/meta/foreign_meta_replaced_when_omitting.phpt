--TEST--
a _tool_compaction value that is not a valid meta (string, no omittedFields, omittedFields not an array) is replaced and moved last when a field is omitted; it is never measured
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
        call('c1', 't', ['_tool_compaction' => str_repeat('m', 40), 'a' => 'long argument one']),
        call('c2', 't', ['_tool_compaction' => ['thresholdBytes' => 5, 'foo' => 'bar'], 'a' => 'long argument two']),
        call('c3', 't', ['_tool_compaction' => ['thresholdBytes' => 5, 'omittedFields' => 'a'], 'a' => 'long argument three']),
        call('c4', 't', []),
    ]),
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
          'a' => '[omitted]',
          '_tool_compaction' => 
          array (
            'thresholdBytes' => 10,
            'omittedFields' => 
            array (
              'a' => 
              array (
                'bytes' => 17,
                'sha256' => '979c91b027572ce20000fa4a7f55f9af4efc714bf7ade0997a15430c41cef289',
              ),
            ),
          ),
        ),
      ),
      1 => 
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
                'bytes' => 17,
                'sha256' => 'ebda1f2ea0b78ee783d938937dc56f53e87a1a219fb7a38d2b07897ae9993368',
              ),
            ),
          ),
        ),
      ),
      2 => 
      array (
        'id' => 'c3',
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
                'bytes' => 19,
                'sha256' => '306cd1dd75551005c9468a5e4f89b041024f4bfe51e98e9ed31850a0d663c5e3',
              ),
            ),
          ),
        ),
      ),
      3 => 
      array (
        'id' => 'c4',
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
)
