--TEST--
keepThinkingTurns: an int >= 0 or null (off); another type is a TypeError, a negative int a ValueError, both naming the key, before any work (no onOmit call, $report not written), from toolcompact_compact() and resolve() (SPEC Part 3 "Options of our own")
--EXTENSIONS--
toolcompact
--FILE--
<?php
$h = [
    ['role' => 'user', 'content' => 'go'],
    ['role' => 'assistant', 'content' => [['type' => 'thinking', 'thinking' => 't', 'signature' => 's'],
        ['type' => 'tool_use', 'id' => 'u1', 'name' => 'read', 'input' => ['big' => str_repeat('x', 300)]]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'u1', 'content' => 'ok']]],
];
foreach (['1', 1.0, true, [1], -1, PHP_INT_MIN] as $value) {
    $report = 'untouched';
    $called = 0;
    try {
        toolcompact_compact($h, ['keepThinkingTurns' => $value, 'onOmit' => function () use (&$called) { $called++; }], $report);
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), " | report $report, onOmit $called\n";
    }
    try {
        ToolCompact\ToolCompactionStrategyParams::resolve(['keepThinkingTurns' => $value]);
    } catch (Throwable $e) {
        echo '  resolve: ', get_class($e), "\n";
    }
}
foreach ([null, 0, 3] as $value) {
    var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['keepThinkingTurns' => $value])['keepThinkingTurns']);
}
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve([])['keepThinkingTurns']);
?>
--EXPECT--
TypeError: toolcompact_compact(): Option "keepThinkingTurns" must be of type ?int, string given | report untouched, onOmit 0
  resolve: TypeError
TypeError: toolcompact_compact(): Option "keepThinkingTurns" must be of type ?int, float given | report untouched, onOmit 0
  resolve: TypeError
TypeError: toolcompact_compact(): Option "keepThinkingTurns" must be of type ?int, bool given | report untouched, onOmit 0
  resolve: TypeError
TypeError: toolcompact_compact(): Option "keepThinkingTurns" must be of type ?int, array given | report untouched, onOmit 0
  resolve: TypeError
ValueError: toolcompact_compact(): Option "keepThinkingTurns" must be greater than or equal to 0 | report untouched, onOmit 0
  resolve: ValueError
ValueError: toolcompact_compact(): Option "keepThinkingTurns" must be greater than or equal to 0 | report untouched, onOmit 0
  resolve: ValueError
NULL
int(0)
int(3)
NULL
