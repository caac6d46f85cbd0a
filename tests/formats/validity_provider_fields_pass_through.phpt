--TEST--
validity: only the compacted payloads differ - ids, names, type, is_error, cache_control, thinking and redacted_thinking blocks with their signatures, Responses reasoning items and item ids and status, Gemini thought parts and thoughtSignature pass through byte-identical, keys in the same order
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{diff_paths, payload_problems, pairs, placeholder, omitted};

$p = ['toolIdentifierFields' => ['read_file' => ['path']]];
$note = str_repeat('n', 400);
$x = str_repeat('x', 300);
$y = str_repeat('y', 300);
$meta = ['thresholdBytes' => 100, 'omittedFields' => ['note' => omitted($note)]];
$argsText = json_encode(['path' => 'a.php', 'note' => $note]);
$argsEdited = json_encode(['path' => 'a.php', 'note' => '[omitted]', '_tool_compaction' => $meta]);

$histories = [
    'openai' => [
        ['role' => 'system', 'content' => 'You are a coding agent.'],
        ['role' => 'user', 'content' => 'fix a.php'],
        ['role' => 'assistant', 'content' => null, 'refusal' => null, 'annotations' => [],
            'tool_calls' => [['id' => 'call_01', 'type' => 'function', 'function' => ['name' => 'read_file', 'arguments' => $argsText]]]],
        ['role' => 'tool', 'tool_call_id' => 'call_01', 'name' => 'read_file', 'content' => $x],
        ['role' => 'assistant', 'content' => 'again', 'tool_calls' => [['id' => 'call_02', 'type' => 'function', 'function' => ['name' => 'read_file', 'arguments' => '{"path":"a.php"}']]]],
        ['role' => 'tool', 'tool_call_id' => 'call_02', 'content' => $y],
    ],
    'openai-responses' => [
        ['type' => 'message', 'role' => 'user', 'content' => [['type' => 'input_text', 'text' => 'fix a.php']]],
        ['type' => 'reasoning', 'id' => 'rs_01', 'summary' => [['type' => 'summary_text', 'text' => str_repeat('Plan: read a.php. ', 20)]], 'encrypted_content' => 'gAAAAABo' . str_repeat('Zm9v', 80)],
        ['type' => 'function_call', 'id' => 'fc_01', 'call_id' => 'call_01', 'name' => 'read_file', 'arguments' => $argsText, 'status' => 'completed'],
        ['type' => 'function_call_output', 'id' => 'fco_01', 'call_id' => 'call_01', 'output' => $x, 'status' => 'completed'],
        ['type' => 'reasoning', 'id' => 'rs_02', 'summary' => [], 'encrypted_content' => 'gAAAAABp' . str_repeat('YmFy', 80)],
        ['type' => 'function_call', 'id' => 'fc_02', 'call_id' => 'call_02', 'name' => 'read_file', 'arguments' => '{"path":"a.php"}', 'status' => 'completed'],
        ['type' => 'function_call_output', 'call_id' => 'call_02', 'output' => $y],
    ],
    'anthropic' => [
        ['role' => 'user', 'content' => 'fix a.php'],
        ['role' => 'assistant', 'content' => [
            ['type' => 'thinking', 'thinking' => str_repeat('Let me read a.php. ', 20), 'signature' => 'EqQBCkYIBxgCKkB' . str_repeat('QUJD', 60)],
            ['type' => 'redacted_thinking', 'data' => 'EmwKAhgBEgy' . str_repeat('REVG', 60)],
            ['type' => 'text', 'text' => 'Reading it.'],
            ['type' => 'tool_use', 'id' => 'toolu_01', 'name' => 'read_file', 'input' => ['path' => 'a.php', 'note' => $note], 'cache_control' => ['type' => 'ephemeral']],
        ]],
        ['role' => 'user', 'content' => [
            ['type' => 'tool_result', 'tool_use_id' => 'toolu_01', 'content' => $x, 'is_error' => true, 'cache_control' => ['type' => 'ephemeral', 'ttl' => '1h']],
            ['type' => 'text', 'text' => 'go on'],
        ]],
        ['role' => 'assistant', 'content' => [
            ['type' => 'thinking', 'thinking' => 'Again.', 'signature' => 'ErUBCkYIBx'],
            ['type' => 'tool_use', 'id' => 'toolu_02', 'name' => 'read_file', 'input' => ['path' => 'a.php']],
        ]],
        ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'toolu_02', 'content' => $y, 'is_error' => false]]],
    ],
    'gemini' => [
        ['role' => 'user', 'parts' => [['text' => 'fix a.php']]],
        ['role' => 'model', 'parts' => [
            ['text' => str_repeat('thinking about a.php ', 20), 'thought' => true],
            ['functionCall' => ['id' => 'call_01', 'name' => 'read_file', 'args' => ['path' => 'a.php', 'note' => $note]], 'thoughtSignature' => 'CiIBVKhc7' . str_repeat('c2ln', 60)],
        ]],
        ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'call_01', 'name' => 'read_file', 'response' => ['content' => $x]]]]],
        ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'call_02', 'name' => 'read_file', 'args' => ['path' => 'a.php']], 'thoughtSignature' => 'CiIBVKhd']]],
        ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'call_02', 'name' => 'read_file', 'response' => ['content' => $y]]]]],
    ],
];
// what SPEC Part 4 says the compacted payloads become
$expected = [
    'openai' => ['2.tool_calls.0.function.arguments' => $argsEdited, '3.content' => placeholder($x)],
    'openai-responses' => ['2.arguments' => $argsEdited, '3.output' => placeholder($x)],
    'anthropic' => ['1.content.3.input' => ['path' => 'a.php', 'note' => '[omitted]', '_tool_compaction' => $meta], '2.content.0.content' => placeholder($x)],
    'gemini' => ['1.parts.1.functionCall.args' => ['path' => 'a.php', 'note' => '[omitted]', '_tool_compaction' => $meta],
        '2.parts.0.functionResponse.response' => ['content' => '[omitted]', '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['content' => omitted($x)]]]],
];
foreach ($histories as $f => $h) {
    $before = serialize($h);
    $out = toolcompact_compact($h, $p, $report);
    echo "$f (format ", $report['format'], "):\n";
    foreach (diff_paths($h, $out) as $line) {
        echo "  $line\n";
    }
    foreach ($expected[$f] as $path => $value) {
        $got = $out;
        foreach (explode('.', $path) as $k) {
            $got = $got[$k];
        }
        echo "  $path as SPEC says: ", var_export($got === $value, true), "\n";
    }
    echo '  pairs kept: ', var_export(pairs($f, $out) === pairs($f, $h), true), "\n";
    echo '  payload problems: ', json_encode(payload_problems($f, $out)), "\n";
    echo '  input unchanged: ', var_export(serialize($h) === $before, true), "\n";
}
?>
--EXPECT--
openai (format openai):
  ~ 2.tool_calls.0.function.arguments
  ~ 3.content
  2.tool_calls.0.function.arguments as SPEC says: true
  3.content as SPEC says: true
  pairs kept: true
  payload problems: []
  input unchanged: true
openai-responses (format openai-responses):
  ~ 2.arguments
  ~ 3.output
  2.arguments as SPEC says: true
  3.output as SPEC says: true
  pairs kept: true
  payload problems: []
  input unchanged: true
anthropic (format anthropic):
  ~ 1.content.3.input.note
  + 1.content.3.input._tool_compaction
  ~ 2.content.0.content
  1.content.3.input as SPEC says: true
  2.content.0.content as SPEC says: true
  pairs kept: true
  payload problems: []
  input unchanged: true
gemini (format gemini):
  ~ 1.parts.1.functionCall.args.note
  + 1.parts.1.functionCall.args._tool_compaction
  ~ 2.parts.0.functionResponse.response.content
  + 2.parts.0.functionResponse.response._tool_compaction
  1.parts.1.functionCall.args as SPEC says: true
  2.parts.0.functionResponse.response as SPEC says: true
  pairs kept: true
  payload problems: []
  input unchanged: true
