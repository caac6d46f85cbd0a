--TEST--
Differential: toolcompact_compact() and resolve() against the userland reference on 300 generated histories
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/generator.php';
require __DIR__ . '/../lib/compare.php';

use ToolCompact\ToolCompactionStrategyParams;
use function ToolCompact\Tests\generate_history;
use function ToolCompact\Tests\generate_params;
use function ToolCompact\Tests\plain;
use function ToolCompact\Tests\reference_compact;
use function ToolCompact\Tests\reference_resolve;

/** The first message key whose normalized form differs, or a note on the keys. */
function first_difference(array $a, array $b): string
{
    if (array_keys($a) !== array_keys($b)) {
        return 'message keys differ';
    }
    foreach ($a as $key => $message) {
        if (serialize($message) !== serialize($b[$key])) {
            return 'message index ' . var_export($key, true);
        }
    }
    return 'whole-array serialization';
}

const SEEDS = 300;
$histories = 0;
$differences = 0;
$report = static function (int $seed, string $what) use (&$differences): void {
    $differences++;
    if ($differences <= 20) {
        echo "seed $seed: $what\n";
    }
};

/** Leaves one of a few JSON error states in place, chosen by the seed. */
function set_json_error(int $seed): int
{
    match ($seed % 4) {
        0 => json_decode('0'),
        1 => json_decode('{'),
        2 => json_encode("\xff"),
        default => json_decode('[[0]]', false, 1),
    };
    return json_last_error();
}

for ($seed = 1; $seed <= SEEDS; $seed++) {
    // Sizes of floats depend on precision / serialize_precision at call time.
    ini_set('precision', $seed % 9 === 0 ? '17' : '14');
    ini_set('serialize_precision', $seed % 6 === 0 ? '17' : '-1');

    $history = generate_history($seed);
    $params = generate_params($seed);
    $historyBefore = serialize($history);
    $paramsBefore = serialize($params);
    $histories++;

    $nativeResolved = ToolCompactionStrategyParams::resolve($params);
    $referenceResolved = reference_resolve($params);
    if (serialize($nativeResolved) !== serialize($referenceResolved)) {
        $report($seed, 'resolve() differs: native ' . json_encode($nativeResolved) . ' reference ' . json_encode($referenceResolved));
    }

    $jsonError = set_json_error($seed); // the calls must leave it in place
    $native = toolcompact_compact($history, $params);
    if (json_last_error() !== $jsonError) {
        $report($seed, "native changed json_last_error() from $jsonError to " . json_last_error());
    }
    set_json_error($seed);
    $reference = reference_compact($history, $params);
    if (json_last_error() !== $jsonError) {
        $report($seed, "reference changed json_last_error() from $jsonError to " . json_last_error());
    }

    if (serialize($history) !== $historyBefore || serialize($params) !== $paramsBefore) {
        $report($seed, 'input modified');
    }

    $nativePlain = plain($native);
    $referencePlain = plain($reference);
    if (serialize($nativePlain) !== serialize($referencePlain)) {
        $report($seed, 'output differs at ' . first_difference($nativePlain, $referencePlain));
    }

    $again = toolcompact_compact($native, $params);
    $againPlain = plain($again);
    if (serialize($againPlain) !== serialize($nativePlain)) {
        $report($seed, 'not idempotent at ' . first_difference($againPlain, $nativePlain));
    }
}

echo "$histories histories, $differences differences\n";
?>
--EXPECT--
300 histories, 0 differences
