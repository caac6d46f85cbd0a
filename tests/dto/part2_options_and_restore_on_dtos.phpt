--TEST--
DTO path, SPEC Part 2: the same output, report and onOmit calls as the array path, and toolcompact_restore() gives back the original DTO history
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload();

$messages = json_decode(file_get_contents(__DIR__ . '/../../examples/transcripts/django__django-16502.json'), true)['messages'];
$dto = spi_from_arrays($messages);
$strategy = new ToolCompact\ToolCompactionConversationContextStrategy();

foreach ([[], ['keepLatestPerGroup' => 2, 'keepRecentMessages' => 6, 'compactInputs' => false, 'minSavedBytes' => 100]] as $i => $params) {
    $calls = ['array' => [], 'dto' => []];
    $onOmit = function (string $side) use (&$calls) {
        return function (string $sha, string $json, array $where) use (&$calls, $side) { $calls[$side][] = func_get_args(); };
    };
    $fromArrays = toolcompact_compact($messages, $params + ['onOmit' => $onOmit('array')], $arrayReport);
    $fromDtos = toolcompact_compact($dto, $params + ['onOmit' => $onOmit('dto')], $dtoReport);
    echo "params $i: output ", spi_to_arrays(iterator_to_array($fromDtos)) === $fromArrays ? 'same' : 'DIFFERS',
        ', report ', $arrayReport === $dtoReport ? 'same' : 'DIFFERS',
        ', onOmit ', $calls['array'] === $calls['dto'] && count($calls['dto']) > 10 ? 'same' : 'DIFFERS', "\n";

    $store = [];
    foreach ($calls['dto'] as [$sha, $json]) {
        $store[$sha] = $json;
    }
    $restored = toolcompact_restore($fromDtos, fn (string $sha) => $store[$sha] ?? null);
    echo "params $i: restored ", get_class($restored) === get_class($dto) && spi_to_arrays(iterator_to_array($restored)) === $messages ? 'equal to the input' : 'DIFFERS', "\n";
    // Unchanged messages stay the very same objects.
    $in = iterator_to_array($dto);
    $out = iterator_to_array($fromDtos);
    echo "params $i: untouched message 0 is the same object: ", var_export($out[0] === $in[0], true), "\n";
}
echo "strategy compact(): ", spi_to_arrays(iterator_to_array($strategy->compact($dto, ['keepLatestPerGroup' => 3]))) === toolcompact_compact($messages, ['keepLatestPerGroup' => 3]) ? 'same' : 'DIFFERS', "\n";
?>
--EXPECT--
params 0: output same, report same, onOmit same
params 0: restored equal to the input
params 0: untouched message 0 is the same object: true
params 1: output same, report same, onOmit same
params 1: restored equal to the input
params 1: untouched message 0 is the same object: true
strategy compact(): same
