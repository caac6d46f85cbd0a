--TEST--
non-array messages, non-array entries and calls/results with non-string ids or tool names are left untouched, invisible to the walk, without warnings
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

error_reporting(E_ALL);
ini_set('display_errors', '1');
$p = ['inputTrimBytes' => 5, 'outputTrimBytes' => 5];
$h = [
    'a plain string message',
    42,
    null,
    ['role' => 'assistant', 'content' => null, 'toolCalls' => 'not a list', 'toolResults' => 7],
    asst([
        call('c1', 't', ['a' => 'oldest string-id call']),
        'not a call',
        call(5, 't', ['a' => 'int id call arguments']),
        call(null, 't', ['a' => 'null id call arguments']),
        call('c9', 99, ['a' => 'int tool name call']),
        ['toolName' => 't', 'arguments' => ['a' => 'call without id here']],
    ]),
    tool([
        res(5, 't', ['out' => 'int id result output']),
        'not a result',
        res(['x'], 't', ['out' => 'array id result output']),
        res('c9', null, ['out' => 'null tool name result']),
    ], 'results'),
    new ArrayObject(['role' => 'tool']),
];
$out = toolcompact_compact($h, $p);
// c1 is the only call taking part: the newest of its group, so nothing changes
var_dump($out === $h);
echo "done\n";
?>
--EXPECT--
bool(true)
done
