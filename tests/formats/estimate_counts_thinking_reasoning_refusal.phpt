--TEST--
estimate: thinking blocks, a Responses reasoning item's summary texts and refusals (OpenAI Chat's member, refusal parts) count as texts; redacted thinking data, images and documents do not
--EXTENSIONS--
toolcompact
--FILE--
<?php
$histories = [
    'anthropic' => [
        ['role' => 'user', 'content' => 'U'],
        ['role' => 'assistant', 'content' => [
            ['type' => 'thinking', 'thinking' => 'T1', 'signature' => 'SIG'],
            ['type' => 'redacted_thinking', 'data' => 'REDACTED'],
            ['type' => 'text', 'text' => 'A1'],
            ['type' => 'tool_use', 'id' => 'c1', 'name' => 'f', 'input' => ['q' => 1]],
        ]],
        ['role' => 'user', 'content' => [
            ['type' => 'tool_result', 'tool_use_id' => 'c1', 'content' => 'R'],
            ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => 'IMG']],
            ['type' => 'document', 'source' => ['type' => 'base64', 'media_type' => 'application/pdf', 'data' => 'DOC']],
        ]],
    ],
    'openai' => [
        ['role' => 'user', 'content' => [['type' => 'text', 'text' => 'U'],
            ['type' => 'image_url', 'image_url' => ['url' => 'data:image/png;base64,IMG']]]],
        ['role' => 'assistant', 'content' => null, 'refusal' => 'N1',
            'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'f', 'arguments' => '{"q":1}']]]],
        ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => 'R'],
        ['role' => 'assistant', 'content' => [['type' => 'text', 'text' => 'A1'], ['type' => 'refusal', 'refusal' => 'N2']]],
    ],
    'openai-responses' => [
        ['type' => 'message', 'role' => 'user', 'content' => [['type' => 'input_text', 'text' => 'U'],
            ['type' => 'input_image', 'image_url' => 'data:image/png;base64,IMG']]],
        ['type' => 'reasoning', 'id' => 'rs_1', 'summary' => [['type' => 'summary_text', 'text' => 'S1'],
            ['type' => 'summary_text', 'text' => 'S2']], 'encrypted_content' => 'ENCRYPTED'],
        ['type' => 'function_call', 'call_id' => 'c1', 'name' => 'f', 'arguments' => '{"q":1}'],
        ['type' => 'function_call_output', 'call_id' => 'c1', 'output' => 'R'],
        ['type' => 'message', 'role' => 'assistant', 'content' => [['type' => 'output_text', 'text' => 'A1'],
            ['type' => 'refusal', 'refusal' => 'N2']]],
    ],
    'gemini' => [
        ['role' => 'user', 'parts' => [['text' => 'U'], ['inlineData' => ['mimeType' => 'image/png', 'data' => 'IMG']]]],
        ['role' => 'model', 'parts' => [['text' => 'T1', 'thought' => true], ['functionCall' => ['name' => 'f', 'args' => ['q' => 1]]]]],
        ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'f', 'response' => ['r' => 'R']]]]],
    ],
];
foreach ($histories as $format => $history) {
    $seen = [];
    $counter = function (string $json) use (&$seen): int {
        $seen[] = $json;
        return 1;
    };
    toolcompact_compact($history, ['format' => $format, 'tokenCounter' => $counter], $report);
    sort($seen);
    echo $format, ': ', $report['format'], ', ', $report['tokensBefore'], ' texts: ', implode(' ', $seen), "\n";
}
?>
--EXPECT--
anthropic: anthropic, 5 texts: "A1" "T1" "U" ["R"] {"q":1}
openai: openai, 6 texts: "A1" "N1" "N2" "U" ["R"] {"q":1}
openai-responses: openai-responses, 7 texts: "A1" "N2" "S1" "S2" "U" ["R"] {"q":1}
gemini: gemini, 4 texts: "T1" "U" {"q":1} {"r":"R"}
