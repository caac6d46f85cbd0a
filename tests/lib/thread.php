<?php

declare(strict_types=1);

/**
 * For the hashing thread's tests: how often the thread has gone to sleep.
 */

namespace ToolCompact\Tests;

/**
 * The voluntary context switches of the process's one thread besides its
 * main one (the hashing thread, which makes one each time it goes to sleep),
 * or null while there is none. Linux: read from /proc/self/task/N/status.
 */
function hashing_thread_switches(): ?int
{
    foreach (glob('/proc/self/task/*') as $task) {
        if ((int) basename($task) !== getmypid()
                && preg_match('/^voluntary_ctxt_switches:\s+(\d+)/m', (string) @file_get_contents("$task/status"), $m)) {
            return (int) $m[1];
        }
    }
    return null;
}
