--TEST--
when only one message changes, the untouched ~10 MB messages are shared, not copied
--INI--
toolcompact.memo_entries=0
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10, 'toolIdentifierFields' => ['read' => ['path']]];
$h = [
    asst([call('c0', 'read', ['path' => 'x.php', 'note' => 'an older note'])]),
    asst([call('c1', 'read', ['path' => 'a.php', 'pad' => str_repeat('a', 2500000)])]),
    tool([res('c1', 'read', ['content' => str_repeat('b', 2500000)])], 'a'),
    asst([call('c2', 'read', ['path' => 'b.php', 'pad' => str_repeat('c', 2500000)])]),
    tool([res('c2', 'read', ['content' => str_repeat('d', 2500000)])], 'b'),
    asst([call('c3', 'read', ['path' => 'x.php', 'note' => 'newest'])]),
];
// the memo (off here) keeps summaries; tests/memo/ measures those
$before = memory_get_usage();
$out = toolcompact_compact($h, $p);
$grown = memory_get_usage() - $before;
var_dump($grown < 8192);
var_dump($out[0]['toolCalls'][0]['arguments']['note']);
var_dump($out[1] === $h[1], $out[2] === $h[2], $out[3] === $h[3], $out[4] === $h[4], $out[5] === $h[5]);
?>
--EXPECT--
bool(true)
string(9) "[omitted]"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
