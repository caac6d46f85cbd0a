<?php

declare(strict_types=1);

/** Timing shared by the benchmark scripts. */

/** Median wall time of $fn over $runs calls, in microseconds. */
function median_over_runs_us(callable $fn, int $runs): float
{
    $t = [];
    for ($i = 0; $i < $runs; $i++) {
        $start = hrtime(true);
        $fn();
        $t[] = (hrtime(true) - $start) / 1e3;
    }
    sort($t);
    return $t[intdiv($runs, 2)];
}
