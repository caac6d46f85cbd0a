--TEST--
openai-responses: in an old function_call_output's output list, input_image parts with a data: URL and input_file parts with file_data (a data: URL, or bare base64: application/octet-stream) are omitted like large fields (an input_text part "[omitted {media type}, {bytes} bytes, sha256=…]" takes their place, onOmit gets the part's JSON); input_image with an https URL or a file_id and input_file with a file_id stay; restore gives each part back; compacting twice changes nothing
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\media_placeholder;

$png = base64_encode(str_repeat("\x89PNG\r\n\x1a\n", 40));
$image = ['type' => 'input_image', 'image_url' => 'data:image/png;base64,' . $png, 'detail' => 'auto'];
$file = ['type' => 'input_file', 'filename' => 'report.pdf', 'file_data' => 'data:application/pdf;base64,' . base64_encode(str_repeat('%PDF ', 40))];
$bare = ['type' => 'input_file', 'filename' => 'blob.bin', 'file_data' => base64_encode(str_repeat("\0\1", 80))];
$byUrl = ['type' => 'input_image', 'image_url' => 'https://example.com/' . str_repeat('a', 200) . '.png'];
$byId = ['type' => 'input_file', 'file_id' => 'file-' . str_repeat('x', 120)];
$h = [
    ['role' => 'user', 'content' => 'Look at the page.'],
    ['type' => 'function_call', 'call_id' => 'call_1', 'name' => 'screenshot', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'call_1', 'output' => [['type' => 'input_text', 'text' => 'Taken.'], $image, $file, $bare, $byUrl, $byId]],
    ['type' => 'function_call', 'call_id' => 'call_2', 'name' => 'screenshot', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'call_2', 'output' => [$image]],
];
$stored = [];
$out = toolcompact_compact($h, ['onOmit' => function (string $sha, string $json, array $where) use (&$stored) {
    $stored[$sha] = $json;
    echo "onOmit field {$where['field']}: ", json_decode($json, true)['type'], "\n";
}], $report);
$expected = $h;
$expected[2]['output'][1] = media_placeholder('openai-responses', 'image/png', $image);
$expected[2]['output'][2] = media_placeholder('openai-responses', 'application/pdf', $file);
$expected[2]['output'][3] = media_placeholder('openai-responses', 'application/octet-stream', $bare);
var_dump($out === $expected);
echo $out[2]['output'][3]['type'], ': ', substr($out[2]['output'][3]['text'], 0, 34), "\n";
echo "format {$report['format']}, fieldsOmitted {$report['fieldsOmitted']}\n";
var_dump(toolcompact_restore($out, fn (string $sha) => $stored[$sha] ?? null) === $h, toolcompact_compact($out) === $out);
?>
--EXPECT--
onOmit field 1: input_image
onOmit field 2: input_file
onOmit field 3: input_file
bool(true)
input_text: [omitted application/octet-stream,
format openai-responses, fieldsOmitted 3
bool(true)
bool(true)
