--TEST--
DTO path, SPEC Part 6: previews, whitespace, the budget and the window (with a summary) give the same output and report on the DTOs of adachsoft/ai-agent as on the same history's arrays, and the onOmit calls are the same
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload();

$messages = json_decode(file_get_contents(__DIR__ . '/../../examples/transcripts/django__django-16502.json'), true)['messages'];
$dto = spi_from_arrays($messages);
toolcompact_compact($messages, [], $report);
$summarize = fn (array $dropped): string => count($dropped) . ' earlier messages';
$sets = [
    'previews' => ['previewBytes' => 50, 'previewTail' => 20],
    'whitespace' => ['collapseWhitespace' => true, 'outputTrimBytes' => 4000],
    'targetTokens' => ['targetTokens' => intdiv($report['tokensBefore'] * 2, 3)],
    'maxMessages' => ['maxMessages' => 20],
    'maxTokensWindow, summary' => ['maxTokensWindow' => intdiv($report['tokensAfter'], 3), 'summarize' => $summarize, 'keepFirstUser' => true],
];
foreach ($sets as $name => $params) {
    $calls = ['array' => [], 'dto' => []];
    $onOmit = function (string $side) use (&$calls) {
        return function (string $sha, string $json, array $where) use (&$calls, $side) { $calls[$side][] = func_get_args(); };
    };
    $fromArrays = toolcompact_compact($messages, $params + ['onOmit' => $onOmit('array')], $arrayReport);
    $fromDtos = toolcompact_compact($dto, $params + ['onOmit' => $onOmit('dto')], $dtoReport);
    printf("%-26s output %s, report %s, onOmit %s, a collection of the input's class %s\n", $name,
        spi_to_arrays(iterator_to_array($fromDtos)) === $fromArrays ? 'same' : 'DIFFERS',
        $arrayReport === $dtoReport ? 'same' : 'DIFFERS',
        $calls['array'] === $calls['dto'] ? 'same' : 'DIFFERS',
        var_export(get_class($fromDtos) === get_class($dto), true));
}
?>
--EXPECT--
previews                   output same, report same, onOmit same, a collection of the input's class true
whitespace                 output same, report same, onOmit same, a collection of the input's class true
targetTokens               output same, report same, onOmit same, a collection of the input's class true
maxMessages                output same, report same, onOmit same, a collection of the input's class true
maxTokensWindow, summary   output same, report same, onOmit same, a collection of the input's class true
