--TEST--
keepThinkingTurns with a tokenCounter that throws when it is asked to count a removed thinking text (after the whole estimate): the exception reaches the caller, $report is not written, nothing leaks
--EXTENSIONS--
toolcompact
--FILE--
<?php
$history = [
    ['role' => 'user', 'content' => 'task'],
    ['role' => 'assistant', 'content' => [['type' => 'thinking', 'thinking' => str_repeat('t', 500), 'signature' => 's'], ['type' => 'text', 'text' => 'ok']]],
    ['role' => 'user', 'content' => 'next'],
];
$calls = 0;
$counter = function (string $json) use (&$calls): int {
    if (++$calls > 4) {
        throw new RuntimeException("counter gave up at call $calls");
    }
    return 1;
};
$report = 'untouched';
try {
    toolcompact_compact($history, ['format' => 'anthropic', 'keepThinkingTurns' => 0, 'tokenCounter' => $counter], $report);
    echo "no exception\n";
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
var_dump($report);
?>
--EXPECT--
counter gave up at call 5
string(9) "untouched"
