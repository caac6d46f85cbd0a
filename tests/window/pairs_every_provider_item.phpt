--TEST--
Window, SPEC Part 6 "What counts": what a provider pairs beyond Part 4's calls and results is never separated - openai-responses items paired by call_id (custom tool, computer, shell, tool search), a local_shell_call_output by its id, an MCP approval and its request, a turn's reasoning with the items after it; openai custom tool calls and legacy function calls (also in a history read as adachsoft)
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, run, kept, window};

$f = 'openai-responses';
echo "1. openai-responses: 0 user, 1 call, 2 its output, 3 assistant; maxMessages 2: the smallest cut (2) parts them: back to 1\n";
$pairs = [
    'custom_tool_call' => [['type' => 'custom_tool_call', 'call_id' => 'k1', 'name' => 'grep', 'input' => 'needle'],
        ['type' => 'custom_tool_call_output', 'call_id' => 'k1', 'output' => 'found']],
    'computer_call' => [['type' => 'computer_call', 'id' => 'cu_1', 'call_id' => 'k2', 'action' => ['type' => 'screenshot'], 'pending_safety_checks' => [], 'status' => 'completed'],
        ['type' => 'computer_call_output', 'call_id' => 'k2', 'output' => ['type' => 'computer_screenshot', 'image_url' => 'data:image/png;base64,AAAA']]],
    'local_shell_call' => [['type' => 'local_shell_call', 'id' => 'ls_1', 'call_id' => 'k3', 'action' => ['type' => 'exec', 'command' => ['ls']], 'status' => 'completed'],
        ['type' => 'local_shell_call_output', 'id' => 'k3', 'output' => '{"stdout":"a"}']],
    'shell_call' => [['type' => 'shell_call', 'call_id' => 'k4', 'action' => ['commands' => ['ls']]],
        ['type' => 'shell_call_output', 'call_id' => 'k4', 'output' => []]],
    'tool_search_call' => [['type' => 'tool_search_call', 'call_id' => 'k5', 'execution' => 'client', 'arguments' => ['q' => 'x']],
        ['type' => 'tool_search_output', 'call_id' => 'k5', 'execution' => 'client', 'tools' => []]],
    'mcp_approval_request' => [['type' => 'mcp_approval_request', 'id' => 'mcpr_1', 'server_label' => 's', 'name' => 'rm', 'arguments' => '{}'],
        ['type' => 'mcp_approval_response', 'approval_request_id' => 'mcpr_1', 'approve' => true]],
];
foreach ($pairs as $label => [$call, $output]) {
    printf('%-21s ', $label);
    run($f, [u($f, 'u0'), $call, $output, a($f, 'done')], ['maxMessages' => 2]);
}

echo "2. openai-responses reasoning: a kept item of the model's turn keeps the reasoning before it in that turn\n";
$rs = fn (string $id) => ['type' => 'reasoning', 'id' => $id, 'summary' => []];
$fc = fn (string $id) => ['type' => 'function_call', 'call_id' => $id, 'name' => 'read', 'arguments' => '{"path":"a"}'];
$fo = fn (string $id) => ['type' => 'function_call_output', 'call_id' => $id, 'output' => 'A'];
// 0 user, 1 reasoning, 2 call c1, 3 output c1, 4 assistant; maxMessages 3: the smallest cut (2) keeps
// the call without its reasoning: back to 1
run($f, [u($f, 'u0'), $rs('rs_1'), $fc('c1'), $fo('c1'), a($f, 'done')], ['maxMessages' => 3]);
// the same with an assistant message between the reasoning and the call: still one turn, back to 1
run($f, [u($f, 'u0'), $rs('rs_1'), a($f, 'looking'), $fc('c1'), $fo('c1'), a($f, 'done')], ['maxMessages' => 3]);
// 0 user, 1 reasoning, 2 call c1, 3 output c1 (the client's: the turn ends), 4 reasoning, 5 call c2,
// 6 output c2, 7 assistant. maxMessages 4: cut 4, the first turn wholly dropped, met.
// maxMessages 3: cut 5 keeps c2 without its reasoning 4: back to 4, not met.
$h = [u($f, 'u0'), $rs('rs_1'), $fc('c1'), $fo('c1'), $rs('rs_2'), $fc('c2'), $fo('c2'), a($f, 'done')];
foreach ([4, 3] as $max) {
    echo "max $max ";
    run($f, $h, ['maxMessages' => $max]);
}

echo "3. openai: 0 user, 1 assistant calling, 2 its answer, 3 assistant; maxMessages 2: back to 1\n";
$f = 'openai';
// a custom tool call (no function array)
run($f, [u($f, 'u0'), ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'ct1', 'type' => 'custom', 'custom' => ['name' => 'grep', 'input' => 'needle']]]],
    ['role' => 'tool', 'tool_call_id' => 'ct1', 'content' => 'found'], a($f, 'done')], ['maxMessages' => 2]);
// a legacy function_call answered by a role function message
$legacy = fn (string $path) => ['role' => 'assistant', 'content' => null, 'function_call' => ['name' => 'read', 'arguments' => json_encode(['path' => $path])]];
$answer = fn (string $text) => ['role' => 'function', 'name' => 'read', 'content' => $text];
$h = [u($f, 'u0'), $legacy('a'), $answer('A'), a($f, 'done')];
run($f, $h, ['maxMessages' => 2]);
// with no tool_calls anywhere, format auto reads it as adachsoft (Part 4): the pair holds there too
$out = toolcompact_compact($h, ['maxMessages' => 2], $report);
printf("%-16s kept %s | %s\n", $report['format'], kept($h, $out), window($report));
// each role function message answers the nearest unanswered legacy call before it:
// 0 user, 1 call, 2 user, 3 call, 4 answer of 3, 5 answer of 1, 6 assistant; maxMessages 3:
// cut 4 parts 3 and 4: back to 3, which parts 1 and 5: back to 1
$h = [u($f, 'u0'), $legacy('a'), u($f, 'u2'), $legacy('b'), $answer('B'), $answer('A'), a($f, 'done')];
run($f, $h, ['maxMessages' => 3]);
// maxMessages 1: cut 6, every pair wholly dropped
run($f, $h, ['maxMessages' => 1]);
?>
--EXPECT--
1. openai-responses: 0 user, 1 call, 2 its output, 3 assistant; maxMessages 2: the smallest cut (2) parts them: back to 1
custom_tool_call      openai-responses kept 1 2 3 | dropped 1 from 0 to 0, met false
computer_call         openai-responses kept 1 2 3 | dropped 1 from 0 to 0, met false
local_shell_call      openai-responses kept 1 2 3 | dropped 1 from 0 to 0, met false
shell_call            openai-responses kept 1 2 3 | dropped 1 from 0 to 0, met false
tool_search_call      openai-responses kept 1 2 3 | dropped 1 from 0 to 0, met false
mcp_approval_request  openai-responses kept 1 2 3 | dropped 1 from 0 to 0, met false
2. openai-responses reasoning: a kept item of the model's turn keeps the reasoning before it in that turn
openai-responses kept 1 2 3 4 | dropped 1 from 0 to 0, met false
openai-responses kept 1 2 3 4 5 | dropped 1 from 0 to 0, met false
max 4 openai-responses kept 4 5 6 7 | dropped 4 from 0 to 3, met true
max 3 openai-responses kept 4 5 6 7 | dropped 4 from 0 to 3, met false
3. openai: 0 user, 1 assistant calling, 2 its answer, 3 assistant; maxMessages 2: back to 1
openai           kept 1 2 3 | dropped 1 from 0 to 0, met false
openai           kept 1 2 3 | dropped 1 from 0 to 0, met false
adachsoft        kept 1 2 3 | dropped 1 from 0 to 0, met false
openai           kept 1 2 3 4 5 6 | dropped 1 from 0 to 0, met false
openai           kept 6 | dropped 6 from 0 to 5, met true
