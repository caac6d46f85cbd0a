--TEST--
the input history is never modified, including values reached through references
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = [
    'inputTrimBytes' => 40,
    'outputTrimBytes' => 60,
    'excludedTools' => ['ask_user'],
    'toolIdentifierFields' => ['read_file' => ['path'], 'write_file' => ['path']],
];
$src = "<?php\n" . str_repeat("echo 'line';\n", 10);
$h = [
    ['role' => 'system', 'content' => 'You are a coding agent.', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'user', 'content' => 'Fix the bug in a.php', 'toolCalls' => [], 'toolResults' => []],
    asst([call('t1', 'list_files', ['dir' => 'src/', 'recursive' => true, 'exclude' => str_repeat('vendor/,', 6)])], 'Let me look around.'),
    tool([res('t1', 'list_files', ['files' => ['src/a.php', 'src/b.php', 'src/c.php', 'src/d.php', 'src/e.php']])], '{"files":"..."}'),
    asst([call('t2', 'read_file', ['path' => 'src/a.php']), call('t3', 'read_file', ['path' => 'src/b.php'])]),
    tool([res('t2', 'read_file', ['content' => $src, 'size' => strlen($src)]), res('t3', 'read_file', ['content' => $src . '//b', 'size' => strlen($src) + 3])], 'two files'),
    asst([call('t4', 'write_file', ['path' => 'src/a.php', 'content' => $src . "// fixed\n"])], 'Writing the fix.'),
    tool([res('t4', 'write_file', ['status' => 'ok', 'bytes' => strlen($src) + 9])], '{"status":"ok"}'),
    asst([call('t5', 'ask_user', ['question' => str_repeat('Should I also fix b.php? ', 3)])]),
    tool([res('t5', 'ask_user', ['answer' => str_repeat('yes please ', 10)])], 'yes'),
    asst([call('t6', 'read_file', ['path' => 'src/a.php'])]),
    tool([res('t6', 'read_file', ['content' => $src . "// fixed\n"])], 'a.php again'),
    asst([call('t7', 'write_file', ['path' => 'src/b.php', 'content' => $src . "// fixed b\n"])]),
    tool([res('t7', 'write_file', ['status' => 'ok'])], 'ok'),
    asst([call('t8', 'list_files', ['dir' => 'tests/', 'pattern' => str_repeat('*Test.php,', 6)])]),
    tool([res('t8', 'list_files', ['files' => []])], 'no tests'),
    ['role' => 'assistant', 'content' => 'Done: fixed both files.', 'toolCalls' => [], 'toolResults' => []],
];$result = ['content' => $src, 'size' => strlen($src)];
$h[5]['toolResults'][0]['result'] = &$result;
$before = serialize($h);
$copy = $h;
$out = toolcompact_compact($h, $p);
var_dump(serialize($h) === $before);
var_dump($result === ['content' => $src, 'size' => strlen($src)]);
var_dump($out[5]['toolResults'][0]['result']['content']);
var_dump($h[5]['toolResults'][0]['result']['content'] === $src);
unset($result);
var_dump(serialize($copy) === $before);
?>
--EXPECT--
bool(true)
bool(true)
string(9) "[omitted]"
bool(true)
bool(true)
