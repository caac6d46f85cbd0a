--TEST--
toolcompact_format(): the format each kind of entry tells (SPEC Part 4, "Choosing the format"), the first entry that tells deciding, null for mixed formats and for a history no entry of which tells and that holds an entry without a role
--EXTENSIONS--
toolcompact
--FILE--
<?php
$cases = [
    'adachsoft, toolCalls' => [['role' => 'user', 'content' => 'hi'], ['role' => 'assistant', 'toolCalls' => []]],
    'adachsoft, an object' => [new stdClass()],
    'openai, tool_calls' => [['role' => 'assistant', 'tool_calls' => []]],
    'openai, tool_call_id' => [['role' => 'tool', 'tool_call_id' => 'c', 'content' => 'x']],
    'responses, function_call' => [['type' => 'function_call', 'call_id' => 'c', 'name' => 'n', 'arguments' => '{}']],
    'responses, reasoning' => [['type' => 'reasoning', 'summary' => []]],
    'responses, message item' => [['type' => 'message', 'role' => 'user', 'content' => 'hi']],
    'responses, call_id alone' => [['call_id' => 'c']],
    'gemini, parts' => [['role' => 'user', 'parts' => [['text' => 'hi']]]],
    'gemini, role model' => [['role' => 'model']],
    'anthropic, tool_use' => [['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'a', 'name' => 'n', 'input' => []]]]],
    'anthropic, thinking' => [['role' => 'assistant', 'content' => [['type' => 'thinking', 'thinking' => '', 'signature' => 's']]]],
    'anthropic, text blocks only: tells nothing' => [['role' => 'user', 'content' => [['type' => 'text', 'text' => 'hi']]]],
    'no tool call, roles everywhere' => [['role' => 'system', 'content' => 's'], ['role' => 'user', 'content' => 'u']],
    'empty history' => [],
    'first that tells decides' => [['role' => 'user', 'content' => 'u'], ['role' => 'model'], ['role' => 'user', 'content' => 'v']],
    'mixed: openai then gemini' => [['role' => 'assistant', 'tool_calls' => []], ['role' => 'model', 'parts' => []]],
    'mixed: adachsoft then anthropic' => [['role' => 'tool', 'toolResults' => []], ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'x']]]],
    'unknown: an entry without a role' => [['role' => 'user', 'content' => 'u'], ['what' => 'ever']],
    'non-array entries tell nothing' => [1, 'two', null],
];
foreach ($cases as $label => $history) {
    printf("%s: %s\n", $label, var_export(toolcompact_format($history), true));
}
?>
--EXPECT--
adachsoft, toolCalls: 'adachsoft'
adachsoft, an object: 'adachsoft'
openai, tool_calls: 'openai'
openai, tool_call_id: 'openai'
responses, function_call: 'openai-responses'
responses, reasoning: 'openai-responses'
responses, message item: 'openai-responses'
responses, call_id alone: 'openai-responses'
gemini, parts: 'gemini'
gemini, role model: 'gemini'
anthropic, tool_use: 'anthropic'
anthropic, thinking: 'anthropic'
anthropic, text blocks only: tells nothing: 'adachsoft'
no tool call, roles everywhere: 'adachsoft'
empty history: 'adachsoft'
first that tells decides: 'gemini'
mixed: openai then gemini: NULL
mixed: adachsoft then anthropic: NULL
unknown: an entry without a role: NULL
non-array entries tell nothing: 'adachsoft'
