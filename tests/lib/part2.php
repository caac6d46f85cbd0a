<?php

declare(strict_types=1);

/**
 * SPEC Part 2 parameters for the differential tests: seeded combinations of
 * keepLatestPerGroup, keepRecentMessages, keepRecentToolUses, keepRecentTurns,
 * keepRecentTokens, compactInputs / compactOutputs, trigger (with contextWindow),
 * minSavedBytes and tokenCounter, on top of a Part 1 parameter set
 * (whose values may be wrong: they fall back). Options of ours are always
 * valid here: a wrong one throws (tests/options/wrong_options_throw.phpt).
 * onOmit is added by the caller, which records calls.
 */

namespace ToolCompact\Tests;

use Random\Engine\Mt19937;
use Random\Randomizer;

function generate_part2_params(int $seed, array $base = []): array
{
    $rng = new Randomizer(new Mt19937($seed ^ 0x5bd1e995));
    $pick = static fn (array $values): mixed => $values[$rng->getInt(0, count($values) - 1)];

    $params = $base;
    $options = [
        'keepLatestPerGroup' => [1, 2, 3, 5, 1, 2, 0, 0],
        'keepRecentMessages' => [0, 1, 2, 5, 20, 0],
        'keepRecentToolUses' => [0, 1, 3, 3, 10],
        'keepRecentTurns' => [0, 1, 2, 3],
        'keepRecentTokens' => [null, 1, 50, 400, 5_000],
        'contextWindow' => [null, 100, 2_000, 200_000],
        'compactInputs' => [true, false, true, [], ['read_file'], ['bash', 'grep', 7 => 'read_file']],
        'compactOutputs' => [true, false, true],
        'trigger' => [
            [], ['messages' => 5], ['messages' => 10_000], ['turns' => 1], ['turns' => 50],
            ['tokens' => 100], ['tokens' => 10_000_000], ['tokens' => 10_000_000, 'turns' => 2],
            ['tokens' => 0, 'messages' => 3], null, ['messages' => 0],
            ['toolUses' => 3], ['toolUses' => 40], ['toolUses' => 2, 'messages' => 50, 'mode' => 'all'],
            ['tokens' => 100, 'turns' => 1, 'mode' => 'all'], ['toolUses' => 1, 'mode' => 'any'], ['mode' => 'all'],
            ['fraction' => 0.5], ['fraction' => 1, 'toolUses' => 2, 'mode' => 'all'], ['fraction' => 0.01, 'messages' => 1000],
        ],
        'minSavedBytes' => [0, 1, 200, 5_000, 100_000_000, 0, 10],
        'tokenCounter' => [
            null, 'strlen', static fn (string $json): int => intdiv(strlen($json), 3),
            static fn (string $json): string => 'not an int', static fn (string $json): int => -7,
            null,
        ],
    ];
    foreach ($options as $key => $values) {
        if ($rng->getInt(0, 2) > 0) {
            $params[$key] = $pick($values);
        }
    }
    if (isset($params['trigger']['fraction']) && !isset($params['contextWindow'])) {
        $params['contextWindow'] = 1_000; // fraction without it throws
    }
    return $params;
}
