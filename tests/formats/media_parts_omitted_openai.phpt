--TEST--
openai (Chat Completions): in an old tool message's content list, image_url parts with a data: URL and file parts with file_data are omitted like large fields (a text part "[omitted {media type}, {bytes} bytes, sha256=…]" of the part's JSON takes their place, onOmit gets that JSON); image_url parts with an https URL and file parts with a file_id stay; the newest result keeps its image; restore gives each part back; compacting twice changes nothing
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\media_placeholder;

$png = base64_encode(str_repeat("\x89PNG\r\n\x1a\n", 40));
$image = ['type' => 'image_url', 'image_url' => ['url' => 'data:image/png;base64,' . $png, 'detail' => 'high']];
$file = ['type' => 'file', 'file' => ['filename' => 'report.pdf', 'file_data' => 'data:application/pdf;base64,' . base64_encode(str_repeat('%PDF ', 40))]];
$byUrl = ['type' => 'image_url', 'image_url' => ['url' => 'https://example.com/' . str_repeat('a', 200) . '.png']];
$byId = ['type' => 'file', 'file' => ['file_id' => 'file-' . str_repeat('x', 120)]];
$call = fn (string $id) => ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => $id, 'type' => 'function', 'function' => ['name' => 'screenshot', 'arguments' => '{}']]]];
$h = [
    ['role' => 'user', 'content' => 'Look at the page.'],
    $call('call_1'),
    ['role' => 'tool', 'tool_call_id' => 'call_1', 'content' => [['type' => 'text', 'text' => 'Taken.'], $image, $file, $byUrl, $byId]],
    $call('call_2'),
    ['role' => 'tool', 'tool_call_id' => 'call_2', 'content' => [$image]],
];
$stored = [];
$out = toolcompact_compact($h, ['onOmit' => function (string $sha, string $json, array $where) use (&$stored) {
    $stored[$sha] = $json;
    echo "onOmit field {$where['field']}: ", json_decode($json, true)['type'], "\n";
}], $report);
$expected = $h;
$expected[2]['content'][1] = media_placeholder('openai', 'image/png', $image);
$expected[2]['content'][2] = media_placeholder('openai', 'application/pdf', $file);
var_dump($out === $expected);
echo "format {$report['format']}, fieldsOmitted {$report['fieldsOmitted']}\n";
var_dump(toolcompact_restore($out, fn (string $sha) => $stored[$sha] ?? null) === $h, toolcompact_compact($out) === $out);
?>
--EXPECT--
onOmit field 1: image_url
onOmit field 2: file
bool(true)
format openai, fieldsOmitted 2
bool(true)
bool(true)
