--TEST--
sha256 thread: the hashing thread is started once and stays for later passes (one thread beside PHP's after many passes), and every pass's digests are json_encode()'s
--EXTENSIONS--
toolcompact
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
--FILE--
<?php
/*
 * toolcompact.sha256_pairs=3 hands the hashing of a pass to the second
 * thread once 16 strings wait, whatever it has to hash. The thread is
 * resident: the first such pass starts it, later passes hand it their
 * strings, and it ends with the process. /proc/self/task lists the
 * process's threads.
 */
function threads(): int
{
    return count(glob('/proc/self/task/*'));
}

$texts = ["plain text\n", "a \"quoted\" path/to\\file\t", "caf\u{e9} \u{1F600} na\u{ef}ve\n", "ctl \x01\x1f end"];
$history = [];
for ($i = 0; $i < 60; $i++) {
    $value = str_repeat($texts[$i % 4], 40 + $i * 13) . $i;
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
        'toolResults' => [['id' => "r$i", 'toolName' => 'read', 'result' => ['text' => $value]]]];
}
$history[] = ['role' => 'user', 'content' => 'next', 'toolCalls' => [], 'toolResults' => []];
$params = ['outputTrimBytes' => 0];

function wrong_digests(array $history, array $out): int
{
    $wrong = 0;
    foreach ($history as $m => $message) {
        foreach ($message['toolResults'] as $r => $result) {
            $json = json_encode($result['result']['text']);
            $meta = $out[$m]['toolResults'][$r]['result']['_tool_compaction']['omittedFields']['text'] ?? null;
            // every result is a copy of one logical call (tool "read", no
            // identifier fields): the newest is kept whole
            $want = $m === 59 ? null : ['bytes' => strlen($result['result']['text']), 'sha256' => hash('sha256', $json)];
            $wrong += $meta !== $want;
        }
    }
    return $wrong;
}

ini_set('toolcompact.hash_thread', '0');
$alone = toolcompact_compact($history, $params);
echo 'one thread: ', wrong_digests($history, $alone), ' wrong digests, threads: ', threads(), "\n";

ini_set('toolcompact.hash_thread', '1');
ini_set('toolcompact.sha256_pairs', '3');
$out = toolcompact_compact($history, $params);
echo 'first pass with the thread: ', wrong_digests($history, $out), ' wrong digests, same output: ',
    var_export($out === $alone, true), ', threads: ', threads(), "\n";

$same = 0;
$most = 0;
for ($pass = 0; $pass < 30; $pass++) {
    $same += toolcompact_compact($history, $params) === $alone;
    $most = max($most, threads());
    if ($pass % 10 === 0) {
        usleep(3000); // the thread asleep by the next pass
    }
}
echo "30 more passes: $same with the same output, most threads seen between them: $most\n";
?>
--EXPECT--
one thread: 0 wrong digests, threads: 1
first pass with the thread: 0 wrong digests, same output: true, threads: 2
30 more passes: 30 with the same output, most threads seen between them: 2
