--TEST--
Window and budget, SPEC Part 6: a tokenCounter's counts that add up past PHP_INT_MAX - each message a quarter or a half of it - saturate instead of wrapping; maxTokensWindow keeps exactly the newest messages (and the pinned system message) whose tokens fit, targetTokens compacts exactly as far as the total needs
--EXTENSIONS--
toolcompact
--FILE--
<?php
$quarter = intdiv(PHP_INT_MAX, 4);
$half = intdiv(PHP_INT_MAX, 2);
$message = fn (string $role, string $content) => ['role' => $role, 'content' => $content, 'toolCalls' => [], 'toolResults' => []];

echo "maxTokensWindow, every message counted a half\n";
$h = [];
foreach (['u1', 'a1', 'u2', 'a2', 'u3', 'a3'] as $i => $c) {
    $h[] = $message($i % 2 ? 'assistant' : 'user', $c);
}
foreach ([1 => $half, 2 => 2 * $half] as $n => $limit) {
    $out = toolcompact_compact($h, ['maxTokensWindow' => $limit, 'tokenCounter' => fn (string $t) => $half], $report);
    echo "  at most $n of them: kept ", implode(' ', array_column($out, 'content')),
        ", dropped {$report['messagesDropped']}, met ", var_export($report['windowMet'], true), "\n";
}

echo "maxTokensWindow, a pinned system message and five more, each counted a quarter\n";
$h = [$message('system', 's'), $message('user', 'u1'), $message('assistant', 'a1'), $message('user', 'u2'),
    $message('assistant', 'a2'), $message('user', 'u3')];
foreach ([3, 4] as $n) {
    $out = toolcompact_compact($h, ['maxTokensWindow' => $n * $quarter, 'tokenCounter' => fn (string $t) => $quarter], $report);
    echo "  at most $n of them: kept ", implode(' ', array_column($out, 'content')),
        ", dropped {$report['messagesDropped']}, met ", var_export($report['windowMet'], true), "\n";
}

echo "targetTokens, six reads of one file each counted a quarter, the rest 1\n";
$h = [$message('user', 'go')];
for ($i = 1; $i <= 6; $i++) {
    $h[] = ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => "c$i", 'toolName' => 'read', 'arguments' => ['path' => 'a']]], 'toolResults' => []];
    $h[] = ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => "c$i", 'toolName' => 'read', 'result' => ['output' => str_repeat('x', 300)]]]];
}
$counter = fn (string $t) => strlen($t) > 200 ? $quarter : 1;
foreach ([3, 2] as $n) {
    $out = toolcompact_compact($h, ['targetTokens' => $n * $quarter + 1000, 'tokenCounter' => $counter], $report);
    $compacted = [];
    foreach ($out as $m) {
        foreach ($m['toolResults'] as $r) {
            if (isset($r['result']['_tool_compaction'])) {
                $compacted[] = $r['id'];
            }
        }
    }
    echo "  target $n quarters and 1000: compacted ", implode(' ', $compacted) ?: 'none',
        ", resultsCompacted {$report['resultsCompacted']}, met ", var_export($report['targetMet'], true), "\n";
}
?>
--EXPECT--
maxTokensWindow, every message counted a half
  at most 1 of them: kept a3, dropped 5, met true
  at most 2 of them: kept u3 a3, dropped 4, met true
maxTokensWindow, a pinned system message and five more, each counted a quarter
  at most 3 of them: kept s a2 u3, dropped 3, met true
  at most 4 of them: kept s u2 a2 u3, dropped 2, met true
targetTokens, six reads of one file each counted a quarter, the rest 1
  target 3 quarters and 1000: compacted c1 c2 c3, resultsCompacted 3, met true
  target 2 quarters and 1000: compacted c1 c2 c3 c4, resultsCompacted 4, met true
