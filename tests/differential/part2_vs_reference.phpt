--TEST--
Differential, SPEC Part 2: output, report and onOmit calls against the userland reference on 200 generated histories with Part 2 parameters
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/generator.php';
require __DIR__ . '/../lib/part2.php';
require __DIR__ . '/../lib/compare.php';

use ToolCompact\ToolCompactionStrategyParams;
use function ToolCompact\Tests\generate_history;
use function ToolCompact\Tests\generate_params;
use function ToolCompact\Tests\generate_part2_params;
use function ToolCompact\Tests\plain;
use function ToolCompact\Tests\reference_compact;
use function ToolCompact\Tests\reference_resolve;

/** serialize() without PHP references, which are not part of the contract. */
function normal(mixed $value): string
{
    return serialize(plain($value));
}

const SEEDS = 200;
$differences = 0;
$applied = 0;
$offloaded = 0;
$note = static function (int $seed, string $what) use (&$differences): void {
    if (++$differences <= 20) {
        echo "seed $seed: $what\n";
    }
};

for ($seed = 1; $seed <= SEEDS; $seed++) {
    $history = generate_history($seed);
    $params = generate_part2_params($seed, generate_params($seed));
    $calls = ['native' => [], 'reference' => []];
    $before = serialize($history);

    if (ToolCompactionStrategyParams::resolve($params) !== reference_resolve($params)) {
        $note($seed, 'resolve() differs');
    }
    foreach (['native', 'reference'] as $side) {
        $withOmit = $params + ['onOmit' => function (string $sha, string $json, array $where) use (&$calls, $side): void {
            $calls[$side][] = [$sha, $json, $where];
        }];
        if ($seed % 5 === 0) {
            unset($withOmit['onOmit']); // also without onOmit: no content record
        }
        $report = null;
        $out[$side] = $side === 'native'
            ? toolcompact_compact($history, $withOmit, $report)
            : reference_compact($history, $withOmit, $report);
        $reports[$side] = $report;
    }
    if (serialize($history) !== $before) {
        $note($seed, 'input modified');
    }
    if (normal($out['native']) !== normal($out['reference'])) {
        $note($seed, 'output differs');
    }
    if ($reports['native'] !== $reports['reference']) {
        $note($seed, 'report differs: ' . json_encode($reports['native']) . ' vs ' . json_encode($reports['reference']));
    }
    if ($calls['native'] !== $calls['reference']) {
        $note($seed, sprintf('onOmit calls differ: %d vs %d', count($calls['native']), count($calls['reference'])));
    }
    foreach ($calls['native'] as [$sha, $json]) {
        if (hash('sha256', $json) !== $sha) {
            $note($seed, 'onOmit sha256 is not the hash of its json');
        }
    }
    $applied += (int) $reports['native']['applied'];
    $offloaded += count($calls['native']);
}

echo SEEDS, " histories, $differences differences\n";
// The generated parameters must exercise both outcomes and the offload.
var_dump($applied > 20 && $applied < SEEDS, $offloaded > 100);
?>
--EXPECT--
200 histories, 0 differences
bool(true)
bool(true)
