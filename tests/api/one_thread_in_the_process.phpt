--TEST--
the extension starts no thread of its own: after passes that omit megabytes of strings, with and without the memo, the process still has one thread
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
if (!is_readable('/proc/self/status')) {
    die('skip needs /proc/self/status (Linux)');
}
?>
--FILE--
<?php
/*
 * PHP runs a request on one thread and counts max_execution_time by the
 * process's CPU time: an extension that ran work on threads of its own
 * would be charged to the request, and would need fork handling in every
 * PHP-FPM worker. Threads: in /proc/self/status counts them all.
 */
function threads(): int
{
    preg_match('/^Threads:\s+(\d+)$/m', file_get_contents('/proc/self/status'), $m);
    return (int) $m[1];
}

function read_history(int $turns, int $bytes): array
{
    $history = [['role' => 'user', 'content' => 'read the file', 'toolCalls' => [], 'toolResults' => []]];
    for ($i = 0; $i < $turns; $i++) {
        $history[] = ['role' => 'assistant', 'content' => null, 'toolResults' => [],
            'toolCalls' => [['id' => "c$i", 'toolName' => 'read_file', 'arguments' => ['path' => 'a.txt']]]];
        $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
            'toolResults' => [['id' => "c$i", 'toolName' => 'read_file',
                'result' => ['content' => str_repeat(chr(97 + $i % 26), $bytes)]]]];
    }
    return $history;
}

$before = threads();
echo "threads before: $before\n";
$history = read_history(64, 64 << 10); // 4 MiB of strings to hash
foreach ([0, 16384] as $memo) {
    ini_set('toolcompact.memo_entries', (string) $memo);
    for ($call = 0; $call < 3; $call++) {
        // (no report: a pass that measures what it saved hashes the same way)
        $omitted = substr_count(json_encode(toolcompact_compact($history)), '"[omitted]"');
        if ($omitted !== 63) {
            echo "memo=$memo: $omitted fields omitted, not 63\n";
        }
        if (threads() !== $before) {
            echo "memo=$memo call $call: " . threads() . " threads\n";
        }
    }
}
echo "threads after: ", threads(), "\n";
?>
--EXPECT--
threads before: 1
threads after: 1
