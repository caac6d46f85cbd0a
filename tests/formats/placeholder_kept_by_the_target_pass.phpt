--TEST--
placeholder with targetTokens: the target's passes (made again from the resolved params) write the template too, and resolve() gives it back (SPEC Part 3 "resolve()", Part 6 "The budget")
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('line of output ', 40);
$h = [];
for ($i = 0; $i < 6; $i++) {
    $h[] = ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => "c$i", 'type' => 'function',
        'function' => ['name' => 'read', 'arguments' => json_encode(['path' => "f$i"])]]]];
    $h[] = ['role' => 'tool', 'tool_call_id' => "c$i", 'content' => $big];
}
$want = 'gone: ' . hash('sha256', json_encode($big));
foreach ([[], ['targetTokens' => 100], ['targetTokens' => 100, 'maxMessages' => 8]] as $extra) {
    $out = toolcompact_compact($h, ['format' => 'openai', 'placeholder' => 'gone: {sha256}', 'keepLatestPerGroup' => 0] + $extra);
    echo json_encode($extra), ': ', $out[1]['content'] === $want ? 'the template' : $out[1]['content'], "\n";
}
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['placeholder' => 'gone: {sha256}'])['placeholder']);
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve([])['placeholder']);
?>
--EXPECT--
[]: the template
{"targetTokens":100}: the template
{"targetTokens":100,"maxMessages":8}: the template
string(14) "gone: {sha256}"
NULL
