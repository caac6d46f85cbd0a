--TEST--
invalid thresholds ("5", 5.0, true, null, -1) fall back to 100 in toolcompact_compact
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$h = [
    asst([call('c1', 't', ['arg' => str_repeat('i', 100), 'big' => str_repeat('j', 101)])]),
    tool([res('c1', 't', ['out' => str_repeat('o', 100), 'big' => str_repeat('p', 101)])], 'r1'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'r2'),
];
$expectedArgs = ['arg' => str_repeat('i', 100), 'big' => '[omitted]', '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['big' => ['bytes' => 101, 'sha256' => hash('sha256', '"' . str_repeat('j', 101) . '"')]]]];
$expectedRes = ['out' => str_repeat('o', 100), 'big' => '[omitted]', '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['big' => ['bytes' => 101, 'sha256' => hash('sha256', '"' . str_repeat('p', 101) . '"')]]]];
foreach (['"5"' => '5', '5.0' => 5.0, 'true' => true, 'null' => null, '-1' => -1, '[5]' => [5]] as $label => $v) {
    $out = toolcompact_compact($h, ['inputTrimBytes' => $v, 'outputTrimBytes' => $v]);
    echo $label, ': ';
    var_dump($out[0]['toolCalls'][0]['arguments'] === $expectedArgs
        && $out[1]['toolResults'][0]['result'] === $expectedRes
        && $out[2] === $h[2] && $out[3] === $h[3]);
}
?>
--EXPECT--
"5": bool(true)
5.0: bool(true)
true: bool(true)
null: bool(true)
-1: bool(true)
[5]: bool(true)
