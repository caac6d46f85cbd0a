--TEST--
toolcompact_restore() on a Gemini history whose parts list is held through a PHP reference: a lookup that assigns a new list to the reference while the media parts are being restored frees the list the restore walks; the restore holds it, goes on, and the output's entry shows what the reference holds now (no invalid read under valgrind or ASan)
--EXTENSIONS--
toolcompact
--FILE--
<?php
$image = ['inlineData' => ['mimeType' => 'image/png', 'data' => str_repeat('QUJD', 200)]];
$history = [
    ['role' => 'user', 'parts' => [['text' => 'go']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'shot', 'args' => ['n' => 1]]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'shot', 'response' => ['ok' => true]]], $image, $image]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'shot', 'args' => ['n' => 1]]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'shot', 'response' => ['ok' => true]]], $image]],
];
$store = [];
$compacted = toolcompact_compact($history, ['format' => 'gemini', 'outputTrimBytes' => 100,
    'onOmit' => function (string $sha256, string $json) use (&$store): void { $store[$sha256] = $json; }], $report);
echo "omitted: {$report['fieldsOmitted']}\n";

// unchanged, the restore gives the history back
var_dump(toolcompact_restore($compacted, fn (string $sha256) => $store[$sha256] ?? null) === $history);

$parts = $compacted[2]['parts'];
$compacted[2]['parts'] = &$parts;
$calls = 0;
$restored = toolcompact_restore($compacted, function (string $sha256) use (&$parts, &$store, &$calls): ?string {
    $calls++;
    $parts = [['text' => 'replaced ' . $calls]];
    return $store[$sha256] ?? null;
});
echo "lookups: $calls\n";
var_dump($restored[2]['parts'] === [['text' => 'replaced 2']], $restored[4] === $history[4]);
?>
--EXPECT--
omitted: 2
bool(true)
lookups: 2
bool(true)
bool(true)
