--TEST--
memory: a call whose hashing a second thread takes part in holds at its peak, beside the history it returns, less than a tenth of the history's JSON size (the thread's own buffers are not a pass's)
--INI--
toolcompact.memo_entries=0
toolcompact.hash_thread=1
toolcompact.sha256_pairs=2
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
ob_start();
phpinfo(INFO_MODULES);
if (!str_contains(ob_get_clean(), 'SHA-256 thread => available')) {
    die('skip no second thread here (one CPU, or a build without threads)');
}
?>
--FILE--
<?php
/*
 * Calls in a loop are warm: a pass that starts less than a millisecond after
 * another ended hands its hashing to the thread once it has queued 8 KiB and
 * likely has 8 KiB more ahead. The measured call follows a call on the same
 * history at once. What the thread needs beyond the pass's strings (its
 * pair's buffers) is kept with the thread; a pass adds its list of jobs (16
 * bytes a string).
 */
function history(int $turns, int $bytes): array
{
    $h = [];
    for ($t = 0; $t < $turns; $t++) {
        $text = substr(str_repeat("$t: some \"output\" of a command / a file's line\n", 1 + intdiv($bytes, 40)), 0, $bytes);
        $h[] = ['role' => 'assistant', 'content' => '', 'toolResults' => [],
            'toolCalls' => [['id' => "c$t", 'toolName' => 'bash', 'arguments' => ['command' => 'make test']]]];
        $h[] = ['role' => 'tool', 'content' => '', 'toolCalls' => [],
            'toolResults' => [['id' => "c$t", 'toolName' => 'bash', 'result' => ['output' => $text]]]];
    }
    return $h;
}

foreach (['40 results of 1.5 KB' => history(40, 1500), '300 results of 600 bytes' => history(300, 600)] as $name => $history) {
    $bytes = strlen(json_encode($history));
    $worst = 0;
    for ($call = 0; $call < 20; $call++) {
        $out = toolcompact_compact($history, []);
        unset($out);
        memory_reset_peak_usage();
        $out = toolcompact_compact($history, []);
        $worst = max($worst, memory_get_peak_usage() - memory_get_usage());
        unset($out);
    }
    printf("%s: %s\n", $name, $worst <= $bytes / 10 ? 'within a tenth' : "$worst bytes of $bytes");
}
?>
--EXPECT--
40 results of 1.5 KB: within a tenth
300 results of 600 bytes: within a tenth
