--TEST--
sha256 thread: a child of fork() has no hashing thread of its parent's; its passes start one of its own and get json_encode()'s digests, and the parent's thread goes on serving the parent
--EXTENSIONS--
toolcompact
pcntl
--SKIPIF--
<?php
ob_start();
phpinfo(INFO_MODULES);
if (!str_contains(ob_get_clean(), 'SHA-256 thread => available')) {
    die('skip no second thread here (one CPU, or a build without threads)');
}
if (!is_dir('/proc/self/task')) {
    die('skip needs /proc/self/task to count threads');
}
?>
--INI--
toolcompact.memo_entries=0
toolcompact.hash_thread=1
toolcompact.sha256_pairs=3
--FILE--
<?php
/*
 * The parent's first pass starts the resident thread (sha256_pairs=3 hands
 * over once 16 strings wait). fork() copies only the thread that calls it:
 * the child must not wait for a thread it does not have, and starts its
 * own for its first pass; its exit ends it. The expected metas come from
 * json_encode() and hash().
 */
function threads(): int
{
    return count(glob('/proc/self/task/*'));
}

function history(int $salt): array
{
    $history = [];
    for ($i = 0; $i < 40; $i++) {
        $value = str_repeat("line $salt/$i \"x\"\n\u{e9}", 30 + 7 * $i);
        $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
            'toolResults' => [['id' => "r$i", 'toolName' => 'cat', 'result' => ['out' => $value]]]];
    }
    return $history;
}

/* "ok", or how many metas differ from json_encode()'s (the newest copy kept whole) */
function verdict(array $history, array $out): string
{
    $wrong = 0;
    foreach ($history as $m => $message) {
        $value = $message['toolResults'][0]['result']['out'];
        $want = $m === count($history) - 1 ? null : ['bytes' => strlen($value), 'sha256' => hash('sha256', json_encode($value))];
        $wrong += ($out[$m]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['out'] ?? null) !== $want;
    }
    return $wrong ? "$wrong wrong" : 'ok';
}

$history = history(1);
echo 'parent, first pass: ', verdict($history, toolcompact_compact($history, [])), ', threads: ', threads(), "\n";

$pid = pcntl_fork();
if ($pid === 0) {
    $child = history(2);
    $before = threads();
    $verdicts = [];
    for ($i = 0; $i < 5; $i++) {
        $verdicts[] = verdict($child, toolcompact_compact($child, []));
    }
    echo "child: threads before its passes: $before, passes: ", implode(' ', $verdicts), ', threads after: ', threads(), "\n";
    exit(0);
}
pcntl_waitpid($pid, $status);
echo 'child exited with ', pcntl_wexitstatus($status), "\n";
$again = history(3);
echo 'parent, after the child: ', verdict($again, toolcompact_compact($again, [])), ', threads: ', threads(), "\n";
?>
--EXPECT--
parent, first pass: ok, threads: 2
child: threads before its passes: 1, passes: ok ok ok ok ok, threads after: 2
child exited with 0
parent, after the child: ok, threads: 2
