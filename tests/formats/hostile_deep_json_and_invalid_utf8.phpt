--TEST--
Hostile: JSON texts nested deeper than json_decode() takes (left as they are as arguments, a text as results), the deepest text it takes (compacted), a text nested 100 000 deep, and invalid UTF-8 in texts, JSON texts, parts and object members (never omitted, json_encode() refuses it) - fail-open, json_last_error() kept
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\{watched_compact, expect_output};
use function ToolCompact\Tests\Formats\{placeholder, omitted, calls, results, call, res, history};

$B = str_repeat('b', 400);
$nested = static fn (int $n) => '{"d":' . str_repeat('[', $n) . str_repeat(']', $n) . ',"big":"' . $B . '"}';
$texts = [
    'deepest json_decode() takes (510)' => $nested(510),
    'one deeper (511)' => $nested(511),
    '100 000 deep' => '{"a":' . str_repeat('{"a":', 100000) . '1' . str_repeat('}', 100000) . ',"big":"' . $B . '"}',
    'invalid UTF-8 inside' => '{"big":"' . "\xff\xfe" . $B . '"}',
];
$d510 = json_decode($nested(510), true)['d'];
$edited510 = '{"d":"[omitted]","big":"[omitted]","_tool_compaction":'
    . json_encode(['thresholdBytes' => 100, 'omittedFields' => ['d' => omitted($d510), 'big' => omitted($B)]]) . '}';
foreach ($texts as $name => $text) {
    echo "$name:\n";
    foreach (['as arguments' => true, 'as a result' => false] as $as => $asCall) {
        $h = history(
            calls('openai', [call('old', 'probe', $asCall ? $text : '{}')]), results('openai', [res('old', 'probe', $asCall ? 'ok' : $text)]),
            calls('openai', [call('new', 'probe', '{}')]), results('openai', [res('new', 'probe', 'ok')]),
        );
        $out = watched_compact($h, [], static fn ($v) => md5(serialize($v)));
        $got = $asCall ? $out[0]['tool_calls'][0]['function']['arguments'] : $out[1]['content'];
        echo "  $as: ", match (true) {
            $got === $text => 'left as it is',
            $got === $edited510 => 'compacted as a JSON text',
            $got === placeholder($text) => 'replaced by the placeholder',
            default => 'UNEXPECTED ' . substr($got, 0, 200),
        }, "\n";
    }
}

echo "invalid UTF-8 elsewhere:\n";
$bad = "\xc3\x28" . $B;
$h = [
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't1', 'name' => 'probe', 'input' => ['bad' => $bad, 'big' => $B]]]],
    ['role' => 'user', 'content' => [
        ['type' => 'tool_result', 'tool_use_id' => 't1', 'content' => $bad],
    ]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't2', 'name' => 'probe', 'input' => []]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't2', 'content' => [['type' => 'text', 'text' => $bad], ['type' => 'text', 'text' => $B]]]]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't3', 'name' => 'probe', 'input' => []]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't3', 'content' => 'ok']]],
];
$out = watched_compact($h);
$expected = $h;
$expected[0]['content'][0]['input'] = ['bad' => $bad, 'big' => '[omitted]', '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted($B)]]];
$expected[3]['content'][0]['content'][1]['text'] = placeholder($B);
expect_output($out, $expected);

$h = [
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'g1', 'name' => 'probe', 'args' => []]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'g1', 'name' => 'probe', 'response' => ['bad' => $bad, 'big' => $B]]]]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'g2', 'name' => 'probe', 'args' => []]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'g2', 'name' => 'probe', 'response' => []]]]],
];
$out = watched_compact($h);
$expected = $h;
$expected[1]['parts'][0]['functionResponse']['response'] = ['bad' => $bad, 'big' => '[omitted]', '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted($B)]]];
expect_output($out, $expected);

$h = [
    ['type' => 'function_call', 'call_id' => 'r1', 'name' => 'probe', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'r1', 'output' => $bad],
    ['type' => 'function_call', 'call_id' => 'r2', 'name' => 'probe', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'r2', 'output' => 'ok'],
];
expect_output(watched_compact($h), $h);
?>
--EXPECT--
deepest json_decode() takes (510):
  as arguments: compacted as a JSON text
  as a result: compacted as a JSON text
one deeper (511):
  as arguments: left as it is
  as a result: replaced by the placeholder
100 000 deep:
  as arguments: left as it is
  as a result: replaced by the placeholder
invalid UTF-8 inside:
  as arguments: left as it is
  as a result: left as it is
invalid UTF-8 elsewhere:
output as expected
output as expected
output as expected
