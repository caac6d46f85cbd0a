--TEST--
gemini: an old result whose only omission would be a 101-byte inlineData part (its 103-byte placeholder is longer) is left as it is, not counted in the report nor offered to onOmit; a result is measured as its response's JSON and its media parts' together, so beside a large response member the same part is omitted too
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\media_placeholder;

// an inlineData part whose JSON is 101 bytes: over the threshold, shorter than its placeholder
$part = ['inlineData' => ['mimeType' => 'image/png', 'data' => '']];
$part['inlineData']['data'] = str_repeat('A', 101 - strlen(json_encode($part)));
echo strlen(json_encode($part)), ' bytes, placeholder ', strlen(media_placeholder('gemini', 'image/png', $part)['text']), "\n";

$history = fn (array $response) => [
    ['role' => 'user', 'parts' => [['text' => 'Look.']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'shot', 'args' => []]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'shot', 'response' => $response]], $part]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'shot', 'args' => []]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'shot', 'response' => ['ok' => true]]]]],
];
$offered = 0;
$onOmit = function () use (&$offered) { $offered++; };

$h = $history(['ok' => true]);
$out = toolcompact_compact($h, ['onOmit' => $onOmit], $report);
var_dump($out === $h);
echo "resultsCompacted {$report['resultsCompacted']}, fieldsOmitted {$report['fieldsOmitted']}, offered $offered\n";

$h = $history(['ok' => true, 'log' => str_repeat('x', 300)]);
$out = toolcompact_compact($h, ['onOmit' => $onOmit], $report);
var_dump($out[2]['parts'][1] === media_placeholder('gemini', 'image/png', $part), $out[2]['parts'][0]['functionResponse']['response']['log']);
echo "resultsCompacted {$report['resultsCompacted']}, fieldsOmitted {$report['fieldsOmitted']}, offered $offered\n";
?>
--EXPECT--
101 bytes, placeholder 103
bool(true)
resultsCompacted 0, fieldsOmitted 0, offered 0
bool(true)
string(9) "[omitted]"
resultsCompacted 1, fieldsOmitted 2, offered 2
