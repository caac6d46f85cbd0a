<?php

declare(strict_types=1);

/** Timing shared by the benchmark scripts. */

/** Median wall time of $fn over $runs calls, in microseconds. */
function median_over_runs_us(callable $fn, int $runs): float
{
    return medians_interleaved_us([$fn], $runs)[0];
}

/**
 * Median wall times in microseconds of each of $fns over $runs rounds. Each
 * round calls every function once, starting one further along each time
 * (A B, B A, ...), so that a stretch when the machine is busy falls on all
 * of them alike and their ratio stays fair; timing each one's runs in a
 * block of its own would charge such a stretch to one side only.
 */
function medians_interleaved_us(array $fns, int $runs): array
{
    $fns = array_values($fns);
    $count = count($fns);
    $t = array_fill(0, $count, []);
    for ($round = 0; $round < $runs; $round++) {
        for ($k = 0; $k < $count; $k++) {
            $i = ($round + $k) % $count;
            $start = hrtime(true);
            $fns[$i]();
            $t[$i][] = (hrtime(true) - $start) / 1e3;
        }
    }
    return array_map(function (array $times) use ($runs): float {
        sort($times);
        return $times[intdiv($runs, 2)];
    }, $t);
}
