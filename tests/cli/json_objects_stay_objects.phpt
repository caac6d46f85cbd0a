--TEST--
bin/toolcompact writes every JSON object back as an object, in every format and in a request with no tool call yet (read as adachsoft): {} and {"0": ...}, in the messages and in the request's other keys (tools[].function.parameters.properties), never become []
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$tools = [['type' => 'function', 'function' => ['name' => 'now', 'description' => 'the time',
    'parameters' => ['type' => 'object', 'properties' => new \stdClass()]]]];
$list = (object) ['0' => 'first', '1' => 'second'];
$cases = [
    // a first turn: no message tells a format, the history is read in the format its key tells
    'openai first turn' => ['model' => 'gpt', 'messages' => [
        ['role' => 'system', 'content' => 'be brief'],
        ['role' => 'user', 'content' => 'what time is it?'],
    ], 'tools' => $tools, 'metadata' => new \stdClass(), 'logit_bias' => $list],
    'responses first turn' => ['model' => 'gpt', 'input' => [
        ['role' => 'user', 'content' => 'hi', 'extra' => new \stdClass()],
    ], 'tools' => [['type' => 'function', 'name' => 'now', 'parameters' => ['type' => 'object', 'properties' => new \stdClass()]]]],
    // adachsoft itself: empty and list-like objects in payloads
    'adachsoft' => [
        ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c', 'toolName' => 'now', 'arguments' => new \stdClass()]], 'toolResults' => []],
        ['role' => 'tool', 'content' => 'ok', 'toolCalls' => [], 'toolResults' => [['id' => 'c', 'toolName' => 'now', 'result' => ['at' => $list, 'tz' => new \stdClass()]]]],
    ],
    // a provider history with a call: the same in the request's other keys
    'anthropic' => ['model' => 'claude', 'messages' => [
        ['role' => 'user', 'content' => 'time?'],
        ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't', 'name' => 'now', 'input' => new \stdClass()]]],
        ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't', 'content' => 'noon']]],
    ], 'tools' => [['name' => 'now', 'input_schema' => ['type' => 'object', 'properties' => new \stdClass()]]], 'metadata' => $list],
];
// nothing here is large enough to compact: the output is the input, byte for byte
foreach ($cases as $name => $doc) {
    $json = json_encode($doc, CLI_JSON_FLAGS);
    [$code, $out, $err] = run_cli(['--report'], $json);
    preg_match('/^format +(.*)$/m', $err, $format);
    printf("%s: exit %d, format %s, output is the input: %s\n", $name, $code, $format[1] ?? '?',
        var_export($out === $json . "\n", true));
}

// a compacted history: the older of two results of a group is compacted, the objects beside stay
$big = str_repeat('line of output ', 20);
$read = fn (string $id) => [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => $id, 'toolName' => 'ls', 'arguments' => new \stdClass()]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'ok', 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => 'ls', 'result' => ['out' => $big, 'meta' => new \stdClass()]]]],
];
$history = [...$read('a'), ...$read('b')];
[$code, $out] = run_cli([], json_encode($history, CLI_JSON_FLAGS));
$arrays = json_decode(json_encode($history), true);
var_dump($code, $out === str_replace(['"arguments":[]', '"meta":[]'], ['"arguments":{}', '"meta":{}'], cli_expected($arrays)),
    substr_count($out, '"[omitted]"'));

// --pretty too
$json = json_encode($cases['openai first turn'], CLI_JSON_FLAGS | JSON_PRETTY_PRINT);
[$code, $out] = run_cli(['--pretty'], $json);
var_dump($out === $json . "\n");

// gemini: an empty part and empty args, with --report
$gemini = ['contents' => [
    ['role' => 'user', 'parts' => [new \stdClass(), ['text' => 'time?']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'now', 'args' => new \stdClass()]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'now', 'response' => ['at' => 'noon']]]]],
]];
$json = json_encode($gemini, CLI_JSON_FLAGS);
[$code, $out, $err] = run_cli(['--report'], $json);
var_dump($code, $out === $json . "\n", str_contains($err, "tool calls           1\n"));
?>
--EXPECT--
openai first turn: exit 0, format openai, output is the input: true
responses first turn: exit 0, format openai-responses, output is the input: true
adachsoft: exit 0, format adachsoft, output is the input: true
anthropic: exit 0, format anthropic, output is the input: true
int(0)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
bool(true)
