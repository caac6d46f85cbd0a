--TEST--
Gemini parts in the REST API's snake_case (function_call, function_response) are compacted and restored like camelCase ones, written back under the same snake_case keys
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history};

$big = str_repeat('x', 300);
$camel = history(
    calls('gemini', [call('g1', 'read_file', ['path' => 'a.php'])]),
    results('gemini', [res('g1', 'read_file', ['content' => $big])]),
    calls('gemini', [call('g2', 'read_file', ['path' => 'a.php'])]),
    results('gemini', [res('g2', 'read_file', ['content' => $big])]),
);
$toSnake = fn (array $h): array => json_decode(strtr(json_encode($h),
    ['"functionCall"' => '"function_call"', '"functionResponse"' => '"function_response"']), true);
$snake = $toSnake($camel);
$params = ['outputTrimBytes' => 100, 'keepRecentMessages' => 0];

$camelOut = toolcompact_compact($camel, $params, $camelReport);
$snakeOut = toolcompact_compact($snake, $params, $snakeReport);
printf("camel: %s, results %d, fields %d\n", $camelReport['format'], $camelReport['resultsCompacted'], $camelReport['fieldsOmitted']);
printf("snake: %s, results %d, fields %d, applied %s\n", $snakeReport['format'], $snakeReport['resultsCompacted'],
    $snakeReport['fieldsOmitted'], var_export($snakeReport['applied'], true));
echo 'snake output is the camel output in snake_case: ', var_export($snakeOut === $toSnake($camelOut), true), "\n";
echo 'older response: ', json_encode($snakeOut[1]['parts'][0]['function_response']['response']['content']), "\n";
echo 'same bytes saved: ', var_export($snakeReport['savedBytes'] === $camelReport['savedBytes'], true), "\n";

$store = [];
toolcompact_compact($snake, $params + ['onOmit' => function ($sha, $json) use (&$store) { $store[$sha] = $json; }]);
$restored = toolcompact_restore($snakeOut, fn ($sha) => $store[$sha] ?? null);
echo 'restored: ', var_export($restored === $snake, true), "\n";
?>
--EXPECT--
camel: gemini, results 1, fields 1
snake: gemini, results 1, fields 1, applied true
snake output is the camel output in snake_case: true
older response: "[omitted]"
same bytes saved: true
restored: true
