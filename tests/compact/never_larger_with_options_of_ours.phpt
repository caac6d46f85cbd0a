--TEST--
adachsoft, SPEC Part 4: with an option of ours set, a compaction never makes a payload larger - a 150-byte field under a threshold of 100 (its "[omitted]" and meta longer than it) stays, the message the same value, not counted in the report nor offered to onOmit; with the Composer package's parameters only (an option given as null is not set) it is omitted as the package does; a 2000-byte field is omitted either way; a preview is used only when it is shorter than the field
--EXTENSIONS--
toolcompact
--FILE--
<?php
$history = static fn (int $n): array => [
    ['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [
        ['id' => 'c1', 'toolName' => 'write_file', 'arguments' => ['path' => 'a.php', 'content' => str_repeat('a', $n)]],
    ], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [
        ['id' => 'c1', 'toolName' => 'write_file', 'result' => ['ok' => true, 'log' => str_repeat('l', $n)]],
    ]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [
        ['id' => 'c2', 'toolName' => 'write_file', 'arguments' => ['path' => 'b.php', 'content' => 'short']],
    ], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [
        ['id' => 'c2', 'toolName' => 'write_file', 'result' => ['ok' => true]],
    ]],
];
$cases = [
    'package' => [],
    'ours null' => ['maxMessages' => null, 'trigger' => null],
    'keepRecentMessages 0' => ['keepRecentMessages' => 0],
    'keepLatestPerGroup 1' => ['keepLatestPerGroup' => 1],
    'onOmit' => ['onOmit' => true],
    'previews' => ['previewBytes' => 40, 'previewTail' => 40],
];
// the same history again under each set (the memo keeps its messages from the
// second call on): what was made under one set is never reused under another
foreach ([150, 2000] as $n) {
    $h = $history($n);
    foreach ($cases as $name => $ours) {
        $offered = 0;
        if (isset($ours['onOmit'])) {
            $ours['onOmit'] = function (string $sha, string $json, array $where) use (&$offered): void { $offered++; };
        }
        $out = toolcompact_compact($h, ['inputTrimBytes' => 100, 'outputTrimBytes' => 100] + $ours, $report);
        $content = $out[1]['toolCalls'][0]['arguments']['content'];
        printf("%4d %-21s calls %d, results %d, fields %d, previewed %d, messages %d, onOmit %d, same %s, saved %d, content %s, %s\n",
            $n, $name, $report['callsCompacted'], $report['resultsCompacted'], $report['fieldsOmitted'],
            $report['fieldsPreviewed'] ?? 0, $report['messagesChanged'], $offered,
            $out[1] === $h[1] && $out[2] === $h[2] ? 'yes' : 'no', $report['bytesBefore'] - $report['bytesAfter'],
            strlen($content) === $n ? 'kept' : (strlen($content) > 20 ? 'preview of ' . strlen($content) : $content),
            $out[2]['content']);
    }
}
?>
--EXPECT--
 150 package               calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 0, same no, saved -123, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
 150 ours null             calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 0, same no, saved -123, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
 150 keepRecentMessages 0  calls 0, results 0, fields 0, previewed 0, messages 0, onOmit 0, same yes, saved 0, content kept, done
 150 keepLatestPerGroup 1  calls 0, results 0, fields 0, previewed 0, messages 0, onOmit 0, same yes, saved 0, content kept, done
 150 onOmit                calls 0, results 0, fields 0, previewed 0, messages 0, onOmit 0, same yes, saved 0, content kept, done
 150 previews              calls 0, results 0, fields 0, previewed 0, messages 0, onOmit 0, same yes, saved 0, content kept, done
2000 package               calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 0, same no, saved 3575, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
2000 ours null             calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 0, same no, saved 3575, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
2000 keepRecentMessages 0  calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 0, same no, saved 3575, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
2000 keepLatestPerGroup 1  calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 0, same no, saved 3575, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
2000 onOmit                calls 1, results 1, fields 2, previewed 0, messages 2, onOmit 3, same no, saved 3477, content [omitted], [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
2000 previews              calls 1, results 1, fields 2, previewed 2, messages 2, onOmit 0, same no, saved 3239, content preview of 175, [tool_compaction] Tool result compacted for tool=write_file, callId=c1. Large fields omitted.
