--TEST--
Budget, SPEC Part 6 targetTokens: an int >= 1 or null (none); anything else throws; targetMet only when set; a target above the estimate changes nothing, one below what the whole pass reaches is the whole pass; a trigger not reached holds it back; onOmit is called for the final pass only; a tokenCounter that throws reaches the caller with $report unwritten
--EXTENSIONS--
toolcompact
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;

set_error_handler(function (int $no, string $message): bool { echo "warning: $message\n"; return true; });
foreach (['0' => 0, '-1' => -1, '"500"' => '500', '2.5' => 2.5, 'true' => true, 'null' => null, '1' => 1, 'PHP_INT_MAX' => PHP_INT_MAX] as $name => $value) {
    try {
        printf("%-12s %s\n", $name, var_export(P::resolve(['targetTokens' => $value])['targetTokens'], true));
    } catch (TypeError|ValueError $e) {
        printf("%-12s %s\n", $name, $e::class);
    }
}
echo 'constant: ', P::TARGET_TOKENS, "\n";

// three reads of one file: the two older results are compacted by the whole pass
$read = fn (string $id, int $n) => [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => $id, 'toolName' => 'read', 'arguments' => ['path' => 'a']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => 'read', 'result' => ['text' => str_repeat('x', $n)]]]],
];
$h = array_merge($read('a', 400), $read('b', 800), $read('c', 200));
$whole = toolcompact_compact($h, [], $report);
echo 'the whole pass lowers the estimate: ', var_export($report['tokensAfter'] < $report['tokensBefore'], true),
    ', targetMet in its report: ', var_export(array_key_exists('targetMet', $report), true), "\n";

$above = toolcompact_compact($h, ['targetTokens' => $report['tokensBefore']], $r);
echo 'at the estimate: unchanged ', var_export($above === $h, true), ', met ', var_export($r['targetMet'], true), "\n";
$below = toolcompact_compact($h, ['targetTokens' => 1], $r);
echo 'at 1: the whole pass ', var_export($below === $whole, true), ', met ', var_export($r['targetMet'], true), "\n";
// the oldest result (400 bytes, about 100 tokens) becomes a meta and the tool message a placeholder:
// it saves less than 150 tokens, so the second has to change too
$middle = toolcompact_compact($h, ['targetTokens' => $report['tokensBefore'] - 150], $r);
echo 'first message changed ', var_export($middle[1] !== $h[1], true), ', second ', var_export($middle[3] !== $h[3], true),
    ', met ', var_export($r['targetMet'], true), "\n";
// 10 tokens: the oldest alone is enough
$onlyFirst = toolcompact_compact($h, ['targetTokens' => $report['tokensBefore'] - 10], $r);
echo 'a smaller need: first changed ', var_export($onlyFirst[1] !== $h[1], true), ', second ', var_export($onlyFirst[3] !== $h[3], true), "\n";

$held = toolcompact_compact($h, ['targetTokens' => 1, 'trigger' => ['messages' => 100]], $r);
echo 'trigger not reached: unchanged ', var_export($held === $h, true), ', applied ', var_export($r['applied'], true),
    ', met ', var_export($r['targetMet'], true), "\n";

$calls = 0;
toolcompact_compact($h, ['targetTokens' => 1, 'onOmit' => function () use (&$calls): void { $calls++; }], $r);
// the final pass only: each omitted field and, for each tool message given the placeholder, its content
echo "onOmit calls $calls for {$r['fieldsOmitted']} fields omitted and 2 contents\n";

$r = 'untouched';
try {
    toolcompact_compact($h, ['targetTokens' => 10, 'tokenCounter' => function (string $json): int { throw new RuntimeException('no count'); }], $r);
} catch (RuntimeException $e) {
    echo 'caught ', $e->getMessage(), ', report ', var_export($r, true), "\n";
}
?>
--EXPECT--
0            ValueError
-1           ValueError
"500"        TypeError
2.5          TypeError
true         TypeError
null         NULL
1            1
PHP_INT_MAX  9223372036854775807
constant: targetTokens
the whole pass lowers the estimate: true, targetMet in its report: false
at the estimate: unchanged true, met true
at 1: the whole pass true, met false
first message changed true, second true, met true
a smaller need: first changed true, second false
trigger not reached: unchanged true, applied false, met false
onOmit calls 4 for 2 fields omitted and 2 contents
caught no count, report 'untouched'
