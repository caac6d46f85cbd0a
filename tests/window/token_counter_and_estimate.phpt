--TEST--
Window, SPEC Part 6 "What counts": maxTokensWindow counts the estimate of the pass's output (the report's tokensAfter, not tokensBefore), with the tokenCounter called again for those texts only when maxTokensWindow is set; the trigger holds back the pass, not the window; a tokenCounter that throws during the window's estimate reaches the caller and $report is not written
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{call, res, user, asst, tool};

// 0 user, 1 call c1, 2 result c1 (300 x: compacted by the pass, its content becomes the placeholder),
// 3 call c2 (same group, newest), 4 result c2, 5 user
$h = [
    user('start'),
    asst(call('c1', 'read', ['path' => 'a'])),
    tool(res('c1', 'read', ['content' => str_repeat('x', 300)]), 'read a'),
    asst(call('c2', 'read', ['path' => 'a'])),
    tool(res('c2', 'read', ['content' => 'short']), 'read a'),
    user('thanks'),
];
// 1 token per text (a content string, an arguments or a result array), 100 for a text holding ten x:
// before the pass the messages count 1 1 101 1 2 1 (107), after it 1 1 2 1 2 1 (8)
$calls = 0;
$counter = function (string $json) use (&$calls): int {
    $calls++;
    return str_contains($json, str_repeat('x', 10)) ? 100 : 1;
};

/** The contract's estimate (Part 3) of messages with $counter: content strings, arguments, results. */
function tokens(array $messages, callable $counter): int
{
    $sum = 0;
    foreach ($messages as $m) {
        $texts = array_merge(is_string($m['content']) ? [$m['content']] : [],
            array_column($m['toolCalls'], 'arguments'), array_column($m['toolResults'], 'result'));
        foreach ($texts as $t) {
            $sum += $counter(json_encode($t));
        }
    }
    return $sum;
}

$pass = toolcompact_compact($h, ['tokenCounter' => $counter], $report);
echo "pass: tokensBefore {$report['tokensBefore']}, tokensAfter {$report['tokensAfter']}\n";

// 8: nothing dropped (counting tokensBefore, 107, would drop)
// 7: cut 1. 6: cut 2 separates c1, back to 1 (7 kept, not met). 4: cut 3.
// 3: cut 4 separates c2, back to 3 (4 kept, not met). 1: cut 5, the last message alone.
foreach ([8, 7, 6, 4, 3, 1] as $max) {
    $out = toolcompact_compact($h, ['tokenCounter' => $counter, 'maxTokensWindow' => $max], $report);
    $kept = [];
    foreach ($out as $m) {
        $kept[] = array_search($m, $pass, true);
    }
    echo "max $max: kept ", implode(' ', $kept), ', kept tokens ', tokens($out, fn ($j) => str_contains($j, str_repeat('x', 10)) ? 100 : 1),
        ", dropped {$report['messagesDropped']}, met ", var_export($report['windowMet'], true), ", tokensAfter {$report['tokensAfter']}\n";
}

echo "-- the trigger holds the pass back, not the window: the window counts the uncompacted output\n";
// tokens 1 1 101 1 2 1 (107); maxTokensWindow 8: smallest cut 3 (4 tokens), c1 wholly dropped
$out = toolcompact_compact($h, ['tokenCounter' => $counter, 'maxTokensWindow' => 8, 'trigger' => ['messages' => 100]], $report);
echo 'applied ', var_export($report['applied'], true), ', kept ', implode(' ', array_map(fn ($m) => array_search($m, $h, true), $out)),
    ", dropped {$report['messagesDropped']}, met ", var_export($report['windowMet'], true), ", tokensAfter {$report['tokensAfter']}\n";

echo "-- the counter is called again (8 texts of the output) only with maxTokensWindow\n";
// with a report the pass counts the 8 texts of the history and the 2 of message 2's new version
foreach (['no window' => [], 'maxMessages' => ['maxMessages' => 3], 'maxTokensWindow' => ['maxTokensWindow' => 5]] as $label => $p) {
    $calls = 0;
    toolcompact_compact($h, $p + ['tokenCounter' => $counter], $report);
    echo "$label, report: $calls calls\n";
}
// without a report the pass estimates nothing (no trigger.tokens, no minSavedBytes)
$calls = 0;
toolcompact_compact($h, ['tokenCounter' => $counter, 'maxTokensWindow' => 5]);
echo "maxTokensWindow, no report: $calls calls\n";

echo "-- a counter that throws during the window's estimate\n";
// the pass counts message 2's new content (the tool placeholder) once; the window counts it again
$placeholder = json_encode('[tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.');
$seen = 0;
$throwing = function (string $json) use ($placeholder, &$seen): int {
    if ($json === $placeholder && ++$seen === 2) {
        throw new DomainException('counter gave up');
    }
    return 1;
};
$before = serialize($h);
foreach (['maxMessages' => ['maxMessages' => 3], 'maxTokensWindow' => ['maxTokensWindow' => 5]] as $label => $p) {
    $seen = 0;
    $report = 'untouched';
    $out = 'unset';
    try {
        $out = toolcompact_compact($h, $p + ['tokenCounter' => $throwing], $report);
        echo "$label: returned ", count($out), " messages, report ", is_array($report) ? 'written' : 'NOT WRITTEN', "\n";
    } catch (DomainException $e) {
        echo "$label: caught '", $e->getMessage(), "', report ", var_export($report, true), ', out ', var_export($out, true), "\n";
    }
}
echo 'input untouched: ', var_export(serialize($h) === $before, true), "\n";
?>
--EXPECT--
pass: tokensBefore 107, tokensAfter 8
max 8: kept 0 1 2 3 4 5, kept tokens 8, dropped 0, met true, tokensAfter 8
max 7: kept 1 2 3 4 5, kept tokens 7, dropped 1, met true, tokensAfter 8
max 6: kept 1 2 3 4 5, kept tokens 7, dropped 1, met false, tokensAfter 8
max 4: kept 3 4 5, kept tokens 4, dropped 3, met true, tokensAfter 8
max 3: kept 3 4 5, kept tokens 4, dropped 3, met false, tokensAfter 8
max 1: kept 5, kept tokens 1, dropped 5, met true, tokensAfter 8
-- the trigger holds the pass back, not the window: the window counts the uncompacted output
applied false, kept 3 4 5, dropped 3, met true, tokensAfter 107
-- the counter is called again (8 texts of the output) only with maxTokensWindow
no window, report: 10 calls
maxMessages, report: 10 calls
maxTokensWindow, report: 18 calls
maxTokensWindow, no report: 8 calls
-- a counter that throws during the window's estimate
maxMessages: returned 3 messages, report written
maxTokensWindow: caught 'counter gave up', report 'untouched', out 'unset'
input untouched: true
