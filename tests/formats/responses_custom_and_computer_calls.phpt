--TEST--
openai-responses, SPEC Part 4: custom_tool_call / custom_tool_call_output and computer_call / computer_call_output items are calls and results (paired by call_id): an old custom tool's output is compacted, its newest stays; a custom_tool_call's input that is a JSON text is compacted like arguments, free-form text is left as it is; computer_call is a call of computer_use_preview, so its output is no orphan and its newest stays intact
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{placeholder, omitted};

$X = str_repeat('x', 300);
$Y = str_repeat('y', 300);
$shot = ['type' => 'computer_screenshot', 'image_url' => 'https://example.com/shot.png'];
$h = [
    ['type' => 'message', 'role' => 'user', 'content' => 'patch it'],
    ['type' => 'custom_tool_call', 'id' => 'ctc_1', 'call_id' => 'k1', 'name' => 'apply_patch', 'input' => '*** Begin Patch ' . $X],
    ['type' => 'custom_tool_call_output', 'call_id' => 'k1', 'output' => $X],
    ['type' => 'custom_tool_call', 'id' => 'ctc_2', 'call_id' => 'k2', 'name' => 'apply_patch', 'input' => '{"diff":"' . $Y . '"}'],
    ['type' => 'custom_tool_call_output', 'call_id' => 'k2', 'output' => $Y],
    ['type' => 'custom_tool_call', 'id' => 'ctc_3', 'call_id' => 'k3', 'name' => 'apply_patch', 'input' => 'small'],
    ['type' => 'custom_tool_call_output', 'call_id' => 'k3', 'output' => 'done'],
    ['type' => 'computer_call', 'id' => 'cu_1', 'call_id' => 'p1', 'action' => ['type' => 'screenshot'], 'pending_safety_checks' => [], 'status' => 'completed'],
    ['type' => 'computer_call_output', 'call_id' => 'p1', 'output' => $shot],
];
$out = toolcompact_compact($h, [], $report);
$expected = $h;
$expected[2]['output'] = placeholder($X);
$expected[3]['input'] = '{"diff":"[omitted]","_tool_compaction":'
    . json_encode(['thresholdBytes' => 100, 'omittedFields' => ['diff' => omitted($Y)]]) . '}';
$expected[4]['output'] = placeholder($Y);
echo 'format: ', toolcompact_format($h), "\n";
echo 'as expected: ', var_export($out === $expected, true), "\n";
echo 'calls ', $report['callsCompacted'], ', results ', $report['resultsCompacted'], "\n";
echo 'restored: ', var_export(toolcompact_restore($out, fn () => null) === $out, true), "\n";
// excluding the tools by name
echo 'excluded: ', var_export(toolcompact_compact($h, ['excludedTools' => ['apply_patch']]) === $h, true), "\n";
// an old computer_call_output whose text part list is a field, the newest of computer_use_preview intact
$h2 = [
    ['type' => 'computer_call', 'call_id' => 'p1', 'action' => ['type' => 'screenshot']],
    ['type' => 'computer_call_output', 'call_id' => 'p1', 'output' => [['type' => 'input_text', 'text' => $X]]],
    ['type' => 'computer_call', 'call_id' => 'p2', 'action' => ['type' => 'screenshot']],
    ['type' => 'computer_call_output', 'call_id' => 'p2', 'output' => [['type' => 'input_text', 'text' => $Y]]],
];
$out2 = toolcompact_compact($h2);
echo 'old computer output compacted: ', var_export($out2[1]['output'][0]['text'] === placeholder($X), true),
    ', newest intact: ', var_export($out2[3] === $h2[3], true), "\n";
?>
--EXPECT--
format: openai-responses
as expected: true
calls 1, results 2
restored: true
excluded: true
old computer output compacted: true, newest intact: true
