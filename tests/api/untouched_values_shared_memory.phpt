--TEST--
when nothing qualifies, a ~10 MB history is returned without copying (memory grows by less than 1024 bytes)
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

$p = ['toolIdentifierFields' => ['read' => ['path']]];
$h = [
    asst([call('c1', 'read', ['path' => 'a.php', 'pad' => str_repeat('a', 2500000)])]),
    tool([res('c1', 'read', ['content' => str_repeat('b', 2500000)])], 'a'),
    asst([call('c2', 'read', ['path' => 'b.php', 'pad' => str_repeat('c', 2500000)])]),
    tool([res('c2', 'read', ['content' => str_repeat('d', 2500000)])], 'b'),
];
// the memo (off here) keeps summaries, tests/memo/ measures those; the
// parameters resolved are kept for the request, so resolve them first
toolcompact_compact([], $p);
$before = memory_get_usage();
$out = toolcompact_compact($h, $p);
$grown = memory_get_usage() - $before;
var_dump($grown < 1024);
var_dump($out === $h);
?>
--EXPECT--
bool(true)
bool(true)
