<?php

declare(strict_types=1);

/**
 * For the hashing thread's tests: how often the thread has gone to sleep,
 * and the histories they watch it on.
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

/**
 * A user message, then one read of one file per string of $outputs, the
 * newest last: turn i is an assistant call c<i> of tool read and a tool
 * message whose result is ['text' => $outputs[i]]. One logical call, so a
 * pass compacts every result but the newest.
 */
function read_turns(array $outputs): array
{
    $h = [['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []]];
    foreach (array_values($outputs) as $i => $output) {
        $h[] = ['role' => 'assistant', 'content' => null, 'toolResults' => [],
            'toolCalls' => [['id' => "c$i", 'toolName' => 'read', 'arguments' => ['path' => 'f']]]];
        $h[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
            'toolResults' => [['id' => "c$i", 'toolName' => 'read', 'result' => ['text' => $output]]]];
    }
    return $h;
}
