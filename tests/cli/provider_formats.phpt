--TEST--
bin/toolcompact reads every format: an OpenAI Chat request ({"messages"}), a Gemini request ({"contents"}) and a Responses request ({"input"}) are compacted as toolcompact_compact() compacts their lists, the other keys copied through; an empty JSON object stays {}; --format names the format, and a history not in it comes back unchanged (formatMismatch) with a warning; a history that mixes formats comes back unchanged with a warning and exit 0
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$big = str_repeat('line of output ', 20);
$openai = ['model' => 'gpt', 'messages' => [
    ['role' => 'user', 'content' => 'list twice'],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'a', 'type' => 'function', 'function' => ['name' => 'ls', 'arguments' => '{}']]]],
    ['role' => 'tool', 'tool_call_id' => 'a', 'content' => $big],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'b', 'type' => 'function', 'function' => ['name' => 'ls', 'arguments' => '{}']]]],
    ['role' => 'tool', 'tool_call_id' => 'b', 'content' => $big],
]];
$gemini = ['contents' => [
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'ls', 'args' => ['dir' => '.']]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'ls', 'response' => ['out' => $big]]]]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'ls', 'args' => ['dir' => '.']]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'ls', 'response' => ['out' => $big]]]]],
], 'generationConfig' => ['temperature' => 0]];
$responses = ['model' => 'gpt', 'input' => [
    ['type' => 'function_call', 'call_id' => 'a', 'name' => 'ls', 'arguments' => '{"dir":"."}'],
    ['type' => 'function_call_output', 'call_id' => 'a', 'output' => $big],
    ['type' => 'function_call', 'call_id' => 'b', 'name' => 'ls', 'arguments' => '{"dir":"."}'],
    ['type' => 'function_call_output', 'call_id' => 'b', 'output' => $big],
]];

foreach (['openai' => [$openai, 'messages'], 'gemini' => [$gemini, 'contents'], 'openai-responses' => [$responses, 'input']] as $name => [$doc, $key]) {
    $json = json_encode($doc, CLI_JSON_FLAGS);
    [$code, $out, $err] = run_cli(['--report'], $json);
    $expected = $doc;
    $expected[$key] = toolcompact_compact($doc[$key], [], $report);
    printf("%s: exit %d, format %s, output as compact(): %s, results compacted %d, report names it: %s\n",
        $name, $code, $report['format'], var_export($out === json_encode($expected, CLI_JSON_FLAGS) . "\n", true),
        $report['resultsCompacted'], var_export(str_contains($err, "format               $name\n"), true));
}

// {} stays {} (arrays would write [])
[$code, $out] = run_cli([], json_encode($openai, CLI_JSON_FLAGS));
var_dump(substr_count($out, '"arguments":"{}"'), substr_count(json_encode(json_decode($out)), '"arguments":"{}"'));
$anthropic = [['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't', 'name' => 'now', 'input' => new \stdClass()]]]];
[$code, $out] = run_cli([], json_encode($anthropic));
var_dump($code, str_contains($out, '"input":{}'));

// --format: a Gemini history named as OpenAI is not in that format: unchanged, formatMismatch, a warning
[$code, $out, $err] = run_cli(['--format', 'openai', '--report'], json_encode($gemini, CLI_JSON_FLAGS));
var_dump($code, $out === json_encode($gemini, CLI_JSON_FLAGS) . "\n", str_contains($err, "format               none (formatMismatch)\n"),
    str_contains($err, "toolcompact: warning: the messages are not in the format named; the history is written back unchanged\n"));
[$code, , $err] = run_cli(['--format', 'cohere'], '[]');
var_dump($code, $err);

// mixed formats: unchanged, a warning, exit 0
$mixed = [$openai['messages'][1], $gemini['contents'][0]];
[$code, $out, $err] = run_cli([], json_encode($mixed, CLI_JSON_FLAGS));
var_dump($code, $out === json_encode($mixed, CLI_JSON_FLAGS) . "\n", $err);
?>
--EXPECT--
openai: exit 0, format openai, output as compact(): true, results compacted 1, report names it: true
gemini: exit 0, format gemini, output as compact(): true, results compacted 1, report names it: true
openai-responses: exit 0, format openai-responses, output as compact(): true, results compacted 1, report names it: true
int(2)
int(2)
int(0)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(2)
string(150) "toolcompact: option --format: unknown format 'cohere' (one of auto, adachsoft, openai, openai-responses, anthropic, gemini)
Try 'toolcompact --help'.
"
int(0)
bool(true)
string(111) "toolcompact: warning: the messages mix formats; the history is written back unchanged (name one with --format)
"
