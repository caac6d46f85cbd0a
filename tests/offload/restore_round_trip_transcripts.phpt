--TEST--
onOmit + toolcompact_restore(): restore(compact(h)) === h on every real transcript, with default and aggressive parameters
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\transcripts;

$paramSets = [
    'defaults' => [],
    'aggressive' => ['inputTrimBytes' => 0, 'outputTrimBytes' => 10, 'keepLatestPerGroup' => 1,
        'toolIdentifierFields' => ['bash' => ['command']]],
];
$transcripts = transcripts();
$failures = $values = $changed = 0;
foreach ($transcripts as $name => $history) {
    $before = serialize($history);
    foreach ($paramSets as $set => $params) {
        $store = [];
        $params['onOmit'] = function (string $sha, string $json) use (&$store): void { $store[$sha] = $json; };
        $compacted = toolcompact_compact($history, $params);
        $changed += (int) ($compacted !== $history);
        $values += count($store);
        $restored = toolcompact_restore($compacted, fn (string $sha): ?string => $store[$sha] ?? null);
        if ($restored !== $history) {
            $failures++;
            echo "$name ($set): round trip differs\n";
        }
        // Restoring a history with nothing omitted changes nothing.
        if (toolcompact_restore($history, fn () => null) !== $history) {
            echo "$name: restore changed an uncompacted history\n";
        }
    }
    if (serialize($history) !== $before) {
        echo "$name: input modified\n";
    }
}
echo count($transcripts) >= 1 ? "transcripts: ok\n" : "no transcripts\n";
var_dump($failures, $changed >= count($transcripts), $values > 10 * count($transcripts));
?>
--EXPECT--
transcripts: ok
int(0)
bool(true)
bool(true)
