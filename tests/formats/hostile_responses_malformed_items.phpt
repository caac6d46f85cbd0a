--TEST--
Hostile openai-responses: function_call items with only an id (no call_id), a call_id or name that is not a string, arguments missing or JSON of a list, outputs for an unknown call_id (compacted by their own size), output lists with images, files and parts of other types, messages and reasoning with large texts, non-array items - each left as it is, fail-open, the valid items beside them compacted
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\{watched_compact, expect_output};
use function ToolCompact\Tests\Formats\{placeholder, omitted, media_placeholder};

$B = str_repeat('b', 400);
$big = '{"big":"' . $B . '"}';
$h = [
    ['type' => 'message', 'role' => 'user', 'content' => $B],
    ['type' => 'reasoning', 'id' => 'rs_1', 'summary' => [['type' => 'summary_text', 'text' => $B]], 'encrypted_content' => $B],
    ['type' => 'function_call', 'id' => 'fc_1', 'name' => 'read', 'arguments' => $big],
    ['type' => 'function_call', 'call_id' => 2, 'name' => 'read', 'arguments' => $big],
    ['type' => 'function_call', 'call_id' => 'c3', 'arguments' => $big],
    ['type' => 'function_call', 'call_id' => 'c4', 'name' => 'read'],
    ['type' => 'function_call', 'call_id' => 'c5', 'name' => 'read', 'arguments' => '[' . json_encode($B) . ']'],
    ['type' => 'function_call', 'call_id' => 'ok1', 'name' => 'read', 'arguments' => $big],
    null,
    ['type' => 'function_call_output', 'call_id' => 'fc_1', 'output' => $B],
    ['type' => 'function_call_output', 'call_id' => 'c3', 'output' => $B],
    ['type' => 'function_call_output', 'call_id' => 'nobody', 'output' => $B],
    ['type' => 'function_call_output', 'output' => $B],
    ['type' => 'function_call_output', 'call_id' => 'c4', 'output' => ['not' => 'a list']],
    ['type' => 'function_call_output', 'call_id' => 'c5', 'output' => 12345],
    ['type' => 'function_call_output', 'call_id' => 'ok1', 'output' => [
        ['type' => 'input_image', 'image_url' => 'data:image/png;base64,' . base64_encode($B)],
        ['type' => 'input_text', 'text' => $B],
        ['type' => 'input_file', 'filename' => 'a.txt', 'file_data' => base64_encode($B)],
        ['type' => 'output_text', 'text' => $B],
        ['type' => 'text', 'text' => $B],
        ['type' => 'input_text', 'text' => ['nested' => $B]],
        ['type' => 'input_text', 'text' => 'short'],
    ]],
    ['type' => 'function_call', 'call_id' => 'new', 'name' => 'read', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'new', 'output' => 'small'],
];

$out = watched_compact($h);
$expected = $h;
$expected[7]['arguments'] = '{"big":"[omitted]","_tool_compaction":' . json_encode(['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted($B)]]) . '}';
$expected[15]['output'][1]['text'] = placeholder($B);
// results whose call is not in the history (fc_1 gives only an id, c3 has no
// name, nobody has none) are compacted by their own size (SPEC Part 4)
$expected[9]['output'] = $expected[10]['output'] = $expected[11]['output'] = placeholder($B);
// inline image and file data go as large fields do: a text part names them
$expected[15]['output'][0] = media_placeholder('openai-responses', 'image/png', $h[15]['output'][0]);
$expected[15]['output'][2] = media_placeholder('openai-responses', 'application/octet-stream', $h[15]['output'][2]);
expect_output($out, $expected);
?>
--EXPECT--
output as expected
