--TEST--
gemini: inlineData (and inline_data) parts that follow an old result's functionResponse part in its content are that result's media parts, omitted like large fields (a part {"text": "[omitted {mimeType}, {bytes} bytes, sha256=…]"} of the part's JSON takes their place, onOmit gets that JSON with the part's key in parts); the newest result's stay, and so do a fileData part, a part under outputTrimBytes, a part before the first response and the inlineData inside a functionResponse's own parts; restore gives each part back byte for byte; compacting twice changes nothing
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\media_placeholder;

$png = base64_encode(str_repeat("\x89PNG\r\n\x1a\n", 40));
$image = ['inlineData' => ['mimeType' => 'image/png', 'data' => $png]];
$pdf = ['inline_data' => ['mime_type' => 'application/pdf', 'data' => base64_encode(str_repeat('%PDF ', 40))]];
$bad = ['inlineData' => ['mimeType' => 'not a type', 'data' => $png]];
$tiny = ['inlineData' => ['mimeType' => 'image/gif', 'data' => 'R0lGODlh']];
$byUri = ['fileData' => ['mimeType' => 'image/png', 'fileUri' => 'gs://bucket/' . str_repeat('a', 200) . '.png']];
$multimodal = ['functionResponse' => ['name' => 'screenshot', 'response' => ['ok' => true], 'parts' => [$image]]];
$h = [
    ['role' => 'user', 'parts' => [['text' => 'Look at the page.']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'c1', 'name' => 'screenshot', 'args' => []]]]],
    ['role' => 'user', 'parts' => [$image, ['functionResponse' => ['id' => 'c1', 'name' => 'screenshot', 'response' => ['ok' => true]]],
        $image, $pdf, $bad, $tiny, $byUri]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'c2', 'name' => 'screenshot', 'args' => []]]]],
    ['role' => 'user', 'parts' => [$multimodal]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'c3', 'name' => 'screenshot', 'args' => []]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'c3', 'name' => 'screenshot', 'response' => ['ok' => true]]], $image]],
];
$stored = [];
$out = toolcompact_compact($h, ['onOmit' => function (string $sha, string $json, array $where) use (&$stored) {
    $stored[$sha] = $json;
    echo "onOmit {$where['callId']} field {$where['field']} ({$where['payload']}): ", implode(',', array_keys(json_decode($json, true))), "\n";
}], $report);
$expected = $h;
$expected[2]['parts'][2] = media_placeholder('gemini', 'image/png', $image);
$expected[2]['parts'][3] = media_placeholder('gemini', 'application/pdf', $pdf);
$expected[2]['parts'][4] = media_placeholder('gemini', 'application/octet-stream', $bad);
var_dump($out === $expected);
echo json_encode($out[2]['parts'][3]) === json_encode(media_placeholder('gemini', 'application/pdf', $pdf)) ? "a text part\n" : "other\n";
echo "format {$report['format']}, resultsCompacted {$report['resultsCompacted']}, fieldsOmitted {$report['fieldsOmitted']}\n";
$back = toolcompact_restore($out, fn (string $sha) => $stored[$sha] ?? null);
var_dump($back === $h, json_encode($back) === json_encode($h));
// the text naming an omitted part is no text of the entry: no new turn, the same estimate
toolcompact_compact($out, [], $again);
var_dump($again['bytesBefore'] === $report['bytesAfter']);
var_dump(toolcompact_compact($out) === $out, toolcompact_compact($out, ['keepRecentTurns' => 1]) === $out);
?>
--EXPECT--
onOmit c1 field 2 (result): inlineData
onOmit c1 field 3 (result): inline_data
onOmit c1 field 4 (result): inlineData
bool(true)
a text part
format gemini, resultsCompacted 1, fieldsOmitted 3
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
