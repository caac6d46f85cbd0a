--TEST--
Provider formats, SPEC Part 4: a result whose call is not in the history (the caller trimmed it) is old by definition: no group protects it, it is compacted by its own size (as OpenAI Agents' ToolOutputTrimmer compacts orphan outputs under a fallback name), named unknown (onOmit's tool), left alone by excludedTools ['unknown'] and by a recent window (keepRecentMessages); the adachsoft format keeps the Composer package's rule (an orphan is the newest of its tool's group)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{calls, results, call, res, history, user, placeholder, omitted};

$X = str_repeat('x', 300);
$Y = str_repeat('y', 300);
foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $f) {
    // the call of 'gone' (a list) was trimmed away; 'c1' is the only read and stays intact
    $h = history([user($f, 'go')], results($f, [res('gone', 'list', $f === 'gemini' ? ['out' => $X] : $X)]),
        calls($f, [call('c1', 'read', ['path' => 'a.php'])]),
        results($f, [res('c1', 'read', $f === 'gemini' ? ['out' => $Y] : $Y)]));
    $seen = [];
    $out = toolcompact_compact($h, ['onOmit' => function ($sha, $json, $where) use (&$seen) {
        $seen[] = $where['tool'] . ' ' . $where['callId'] . ' @' . $where['messageIndex'];
    }], $report);
    $expected = $h;
    if ($f === 'gemini') {
        // a Gemini response names its tool itself
        $expected[1]['parts'][0]['functionResponse']['response'] = ['out' => '[omitted]',
            '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['out' => omitted($X)]]];
    } elseif ($f === 'anthropic') {
        $expected[1]['content'][0]['content'] = placeholder($X);
    } elseif ($f === 'openai') {
        $expected[1]['content'] = placeholder($X);
    } else {
        $expected[1]['output'] = placeholder($X);
    }
    echo str_pad($f, 17), 'orphan compacted: ', var_export($out === $expected, true),
        ', results ', $report['resultsCompacted'], ', onOmit: ', implode(', ', $seen), "\n";
    $still = static fn (array $p) => var_export(toolcompact_compact($h, $p) === $h, true);
    echo str_pad('', 17), 'left alone with excludedTools [unknown]: ', $still(['excludedTools' => [$f === 'gemini' ? 'list' : 'unknown']]),
        ', keepRecentMessages 3: ', $still(['keepRecentMessages' => 3]), ', compactOutputs false: ', $still(['compactOutputs' => false]), "\n";
}
// adachsoft: the package's rule, the orphan is the newest result of group read
$h = [
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'gone', 'toolName' => 'read', 'result' => ['out' => $X]]]],
];
echo 'adachsoft        orphan intact: ', var_export(toolcompact_compact($h) === $h, true), "\n";
?>
--EXPECT--
openai           orphan compacted: true, results 1, onOmit: unknown gone @1
                 left alone with excludedTools [unknown]: true, keepRecentMessages 3: true, compactOutputs false: true
openai-responses orphan compacted: true, results 1, onOmit: unknown gone @1
                 left alone with excludedTools [unknown]: true, keepRecentMessages 3: true, compactOutputs false: true
anthropic        orphan compacted: true, results 1, onOmit: unknown gone @1
                 left alone with excludedTools [unknown]: true, keepRecentMessages 3: true, compactOutputs false: true
gemini           orphan compacted: true, results 1, onOmit: list gone @1
                 left alone with excludedTools [unknown]: true, keepRecentMessages 3: true, compactOutputs false: true
adachsoft        orphan intact: true
