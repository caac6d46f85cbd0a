--TEST--
empty history and messages without tool data come back unchanged
--EXTENSIONS--
toolcompact
--FILE--
<?php
var_dump(toolcompact_compact([]));
$h = [
    ['role' => 'system', 'content' => 'You are helpful.', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'user', 'content' => 'Hi', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null],
];
var_dump(toolcompact_compact($h, ['inputTrimBytes' => 0, 'outputTrimBytes' => 0]) === $h);
?>
--EXPECT--
array(0) {
}
bool(true)
