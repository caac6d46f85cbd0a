--TEST--
keepThinkingTurns applies to Anthropic histories only: OpenAI Chat, Responses (its reasoning items, with encrypted_content, are never changed) and Gemini (thought parts, thoughtSignature) histories come back as without it; the report says thinkingBlocksRemoved 0
--EXTENSIONS--
toolcompact
--FILE--
<?php
$histories = [
    'openai' => [
        ['role' => 'user', 'content' => 'go'],
        ['role' => 'assistant', 'content' => null, 'reasoning_content' => 'thinking', 'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'ls', 'arguments' => '{}']]]],
        ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => 'a b'],
        ['role' => 'user', 'content' => 'next'],
    ],
    'openai-responses' => [
        ['role' => 'user', 'content' => 'go'],
        ['type' => 'reasoning', 'id' => 'rs_1', 'summary' => [['type' => 'summary_text', 'text' => 'I will list.']], 'encrypted_content' => 'gAAAA'],
        ['type' => 'function_call', 'call_id' => 'c1', 'name' => 'ls', 'arguments' => '{}'],
        ['type' => 'function_call_output', 'call_id' => 'c1', 'output' => 'a b'],
        ['role' => 'user', 'content' => 'next'],
    ],
    'gemini' => [
        ['role' => 'user', 'parts' => [['text' => 'go']]],
        ['role' => 'model', 'parts' => [['text' => 'I will list.', 'thought' => true], ['functionCall' => ['name' => 'ls', 'args' => []], 'thoughtSignature' => 'c2ln']]],
        ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'ls', 'response' => ['out' => 'a b']]]]],
        ['role' => 'user', 'parts' => [['text' => 'next']]],
    ],
];
foreach ($histories as $format => $h) {
    $out = toolcompact_compact($h, ['keepThinkingTurns' => 0], $report);
    echo "$format: unchanged ", var_export($out === $h, true), ", format {$report['format']}, thinkingBlocksRemoved {$report['thinkingBlocksRemoved']}\n";
}
?>
--EXPECT--
openai: unchanged true, format openai, thinkingBlocksRemoved 0
openai-responses: unchanged true, format openai-responses, thinkingBlocksRemoved 0
gemini: unchanged true, format gemini, thinkingBlocksRemoved 0
