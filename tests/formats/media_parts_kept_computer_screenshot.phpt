--TEST--
openai-responses: the screenshot of an old computer_call_output (its output one computer_screenshot with a data: image_url, which the API takes in no other form) is never omitted, however large, while an old function_call_output's input_image beside it is
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\media_placeholder;

$url = 'data:image/png;base64,' . base64_encode(str_repeat("\x89PNG\r\n\x1a\n", 400));
$screenshot = ['type' => 'computer_screenshot', 'image_url' => $url];
$image = ['type' => 'input_image', 'image_url' => $url];
$h = [
    ['role' => 'user', 'content' => 'Open the settings page.'],
    ['type' => 'computer_call', 'call_id' => 'cu_1', 'action' => ['type' => 'screenshot']],
    ['type' => 'computer_call_output', 'call_id' => 'cu_1', 'output' => $screenshot],
    ['type' => 'function_call', 'call_id' => 'call_1', 'name' => 'capture', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'call_1', 'output' => [$image]],
    ['type' => 'computer_call', 'call_id' => 'cu_2', 'action' => ['type' => 'screenshot']],
    ['type' => 'computer_call_output', 'call_id' => 'cu_2', 'output' => $screenshot],
    ['type' => 'function_call', 'call_id' => 'call_2', 'name' => 'capture', 'arguments' => '{}'],
    ['type' => 'function_call_output', 'call_id' => 'call_2', 'output' => [$image]],
];
$out = toolcompact_compact($h, ['keepLatestPerGroup' => 0], $report);
var_dump($out[2] === $h[2], $out[6] === $h[6]);
var_dump($out[4]['output'][0] === media_placeholder('openai-responses', 'image/png', $image));
echo "format {$report['format']}, fieldsOmitted {$report['fieldsOmitted']}\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
format openai-responses, fieldsOmitted 2
