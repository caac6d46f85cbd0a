<?php

declare(strict_types=1);

/** Timing shared by the benchmark scripts. */

/** The median of $values (the upper one of an even count). */
function median_of(array $values): float
{
    sort($values);
    return $values[intdiv(count($values), 2)];
}

/** Median wall time of $fn over $runs calls, in microseconds. */
function median_over_runs_us(callable $fn, int $runs): float
{
    $t = [];
    for ($i = 0; $i < $runs; $i++) {
        $start = hrtime(true);
        $fn();
        $t[] = (hrtime(true) - $start) / 1e3;
    }
    return median_of($t);
}

/**
 * Median wall times of $a over $runsA calls and of $b over $runsB calls, in
 * microseconds, taken in alternating blocks ($rounds blocks of each, the
 * calls of a block back to back): both medians come from the same stretch
 * of time, so that a slower or faster spell of a shared machine moves both
 * and not their ratio, while every call of a block but its first finds the
 * caches as a call of the same function left them. $beforeA and $beforeB,
 * when given, run untimed before each block of $a and $b (to set what the
 * block runs under, an INI directive for instance).
 *
 * @return array{0: float, 1: float}
 */
function median_pair_us(callable $a, int $runsA, callable $b, int $runsB, int $rounds = 5,
    ?callable $beforeA = null, ?callable $beforeB = null): array
{
    $times = [[], []];
    for ($round = 1; $round <= $rounds; $round++) {
        foreach ([[$a, $runsA, $beforeA], [$b, $runsB, $beforeB]] as $k => [$fn, $runs, $before]) {
            if ($before) {
                $before();
            }
            // this round's share of the runs (the last round ends with all of them)
            while (count($times[$k]) < intdiv($runs * $round + $rounds - 1, $rounds)) {
                $start = hrtime(true);
                $fn();
                $times[$k][] = (hrtime(true) - $start) / 1e3;
            }
        }
    }
    return [median_of($times[0]), median_of($times[1])];
}
