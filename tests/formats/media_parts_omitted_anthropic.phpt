--TEST--
anthropic: image and document blocks with a base64 source inside an old tool_result's content are omitted like large fields (a text block "[omitted {media_type}, {bytes} bytes, sha256=…]" of the block's JSON takes their place, onOmit gets that JSON); image blocks with a url or file source stay; the newest result of the group keeps its image; toolcompact_restore() gives each block back (its JSON byte for byte); compacting twice changes nothing
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\media_placeholder;

$png = base64_encode(str_repeat("\x89PNG\r\n\x1a\n", 40));
$pdf = base64_encode('%PDF-1.7 ' . str_repeat('stream ', 30));
$image = ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => $png]];
$document = ['type' => 'document', 'source' => ['type' => 'base64', 'media_type' => 'application/pdf', 'data' => $pdf], 'title' => 'report.pdf'];
$byUrl = ['type' => 'image', 'source' => ['type' => 'url', 'url' => 'https://example.com/' . str_repeat('a', 200) . '.png']];
$byFile = ['type' => 'image', 'source' => ['type' => 'file', 'file_id' => 'file_011CNha8iCJcU1wXNR6q4V8w']];
$small = ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/gif', 'data' => 'R0lGOD']];
$shot = fn (string $id) => ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => $id, 'name' => 'screenshot', 'input' => []]]];
$h = [
    ['role' => 'user', 'content' => 'Look at the page.'],
    $shot('toolu_1'),
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'toolu_1', 'content' => [
        ['type' => 'text', 'text' => 'Screenshot taken.'], $image, $document, $byUrl, $byFile, $small,
    ]]]],
    $shot('toolu_2'),
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'toolu_2', 'content' => [$image]]]],
];
$stored = [];
$onOmit = function (string $sha256, string $json, array $where) use (&$stored): void {
    $stored[$sha256] = $json;
    echo 'onOmit field ', $where['field'], ' of ', $where['callId'], ': the JSON of ', json_decode($json, true)['type'],
        ', sha256 matches ', var_export(hash('sha256', $json) === $sha256, true), "\n";
};
$out = toolcompact_compact($h, ['onOmit' => $onOmit], $report);
$expected = $h;
$expected[2]['content'][0]['content'][1] = media_placeholder('anthropic', 'image/png', $image);
$expected[2]['content'][0]['content'][2] = media_placeholder('anthropic', 'application/pdf', $document);
var_dump($out === $expected);
echo $out[2]['content'][0]['content'][1]['text'] === '[omitted image/png, ' . strlen(json_encode($image)) . ' bytes, sha256=' . hash('sha256', json_encode($image)) . ']'
    ? "the placeholder names image/png, the bytes and sha256 of the block's JSON\n" : "wrong placeholder\n";
echo "fieldsOmitted {$report['fieldsOmitted']}, resultsCompacted {$report['resultsCompacted']}, estimate smaller: ", var_export($report['bytesAfter'] < $report['bytesBefore'], true), "\n";
$back = toolcompact_restore($out, fn (string $sha) => $stored[$sha] ?? null);
var_dump($back === $h, toolcompact_compact($out) === $out);

?>
--EXPECT--
onOmit field 1 of toolu_1: the JSON of image, sha256 matches true
onOmit field 2 of toolu_1: the JSON of document, sha256 matches true
bool(true)
the placeholder names image/png, the bytes and sha256 of the block's JSON
fieldsOmitted 2, resultsCompacted 1, estimate smaller: true
bool(true)
bool(true)
