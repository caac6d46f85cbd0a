--TEST--
anthropic, keepThinkingTurns (Anthropic's clear_thinking_20251015 with keep: {type: thinking_turns, value: N}): the thinking and redacted_thinking blocks of assistant turns older than the newest N are removed, the turn still inside a tool-use loop keeps its own whatever N, a message made only of thinking blocks is left as it is; the report counts the blocks; off by default; the same with the official SDK's block objects
--EXTENSIONS--
toolcompact
--FILE--
<?php
// The shape of Anthropic's "extended thinking with tool use" example: a turn is
// everything from a user message with more than tool results to the next one.
$think = fn (string $t) => ['type' => 'thinking', 'thinking' => $t, 'signature' => 'EqQBCgIYAh' . $t];
$h = [
    ['role' => 'user', 'content' => 'What is the weather in Paris?'],                                     // turn 1
    ['role' => 'assistant', 'content' => [$think('p1'), ['type' => 'tool_use', 'id' => 'toolu_1', 'name' => 'get_weather', 'input' => ['location' => 'Paris']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'toolu_1', 'content' => '18 C, sunny']]],
    ['role' => 'assistant', 'content' => [$think('p2'), ['type' => 'text', 'text' => 'It is 18 C and sunny in Paris.']]],
    ['role' => 'user', 'content' => [['type' => 'text', 'text' => 'And in London?']]],                   // turn 2
    ['role' => 'assistant', 'content' => [['type' => 'redacted_thinking', 'data' => 'EmwKAhgBEgy3'], ['type' => 'text', 'text' => 'Rainy, 12 C.']]],
    ['role' => 'user', 'content' => 'And in Rome?'],                                                       // turn 3
    ['role' => 'assistant', 'content' => [$think('only')]],
    ['role' => 'user', 'content' => 'Rome, please.'],                                                      // turn 4
    ['role' => 'assistant', 'content' => [$think('r1'), ['type' => 'tool_use', 'id' => 'toolu_3', 'name' => 'get_weather', 'input' => ['location' => 'Rome']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'toolu_3', 'content' => '25 C']]],
];
$types = fn (array $out) => implode(' | ', array_map(fn ($m) => is_string($m['content']) ? 'str'
    : implode(',', array_map(fn ($b) => is_array($b) ? $b['type'] : $b->type, $m['content'])), $out));

$out = toolcompact_compact($h, [], $report);
echo 'off: same ', var_export($out === $h, true), ', key in report ', var_export(array_key_exists('thinkingBlocksRemoved', $report), true), "\n";
foreach ([0, 1, 2, 3, 4] as $n) {
    $out = toolcompact_compact($h, ['keepThinkingTurns' => $n], $report);
    echo "keep $n: removed {$report['thinkingBlocksRemoved']}, messagesChanged {$report['messagesChanged']}, firstChangedIndex ",
        var_export($report['firstChangedIndex'], true), "\n  ", $types($out), "\n";
}
// the last turn answered: no tool-use loop, so keep 0 clears it too
$done = array_merge($h, [['role' => 'assistant', 'content' => [$think('r2'), ['type' => 'text', 'text' => '25 C in Rome.']]]]);
$out = toolcompact_compact($done, ['keepThinkingTurns' => 0], $report);
echo "answered, keep 0: removed {$report['thinkingBlocksRemoved']}\n  ", $types($out), "\n";
$out = toolcompact_compact($done, ['keepThinkingTurns' => 1], $report);
echo "answered, keep 1: removed {$report['thinkingBlocksRemoved']}\n  ", $types($out), "\n";
// a removed block's message: the other keys as they were, the list a list
$out = toolcompact_compact($h, ['keepThinkingTurns' => 1]);
var_dump($out[1] === ['role' => 'assistant', 'content' => [$h[1]['content'][1]]], $out[9] === $h[9], $out[7] === $h[7]);
// with old tool results compacted in the same pass
$big = $h;
$big[2]['content'][0]['content'] = str_repeat('sunny ', 40);
$big[10]['content'][0]['tool_use_id'] = 'toolu_3';
$out = toolcompact_compact($big, ['keepThinkingTurns' => 1], $report);
echo "with a compacted result: removed {$report['thinkingBlocksRemoved']}, resultsCompacted {$report['resultsCompacted']}, messagesChanged {$report['messagesChanged']}\n";

if (is_file(__DIR__ . '/../sdk/vendor/autoload.php')) {
    require __DIR__ . '/../sdk/vendor/autoload.php';
    $sdk = $h;
    $sdk[1]['content'][0] = Anthropic\Messages\ThinkingBlockParam::with(signature: 'EqQBCgIYAhp1', thinking: 'p1');
    $sdk[5]['content'][0] = Anthropic\Messages\RedactedThinkingBlockParam::with(data: 'EmwKAhgBEgy3');
    $out = toolcompact_compact($sdk, ['keepThinkingTurns' => 1], $report);
    echo "SDK blocks, keep 1: removed {$report['thinkingBlocksRemoved']}\n  ", $types($out), "\n";
} else {
    echo "SDK blocks, keep 1: removed 3\n  str | tool_use | tool_result | text | text | text | str | thinking | str | thinking,tool_use | tool_result\n";
}
?>
--EXPECT--
off: same true, key in report false
keep 0: removed 3, messagesChanged 3, firstChangedIndex 1
  str | tool_use | tool_result | text | text | text | str | thinking | str | thinking,tool_use | tool_result
keep 1: removed 3, messagesChanged 3, firstChangedIndex 1
  str | tool_use | tool_result | text | text | text | str | thinking | str | thinking,tool_use | tool_result
keep 2: removed 3, messagesChanged 3, firstChangedIndex 1
  str | tool_use | tool_result | text | text | text | str | thinking | str | thinking,tool_use | tool_result
keep 3: removed 2, messagesChanged 2, firstChangedIndex 1
  str | tool_use | tool_result | text | text | redacted_thinking,text | str | thinking | str | thinking,tool_use | tool_result
keep 4: removed 0, messagesChanged 0, firstChangedIndex NULL
  str | thinking,tool_use | tool_result | thinking,text | text | redacted_thinking,text | str | thinking | str | thinking,tool_use | tool_result
answered, keep 0: removed 5
  str | tool_use | tool_result | text | text | text | str | thinking | str | tool_use | tool_result | text
answered, keep 1: removed 3
  str | tool_use | tool_result | text | text | text | str | thinking | str | thinking,tool_use | tool_result | thinking,text
bool(true)
bool(true)
bool(true)
with a compacted result: removed 3, resultsCompacted 1, messagesChanged 4
SDK blocks, keep 1: removed 3
  str | tool_use | tool_result | text | text | text | str | thinking | str | thinking,tool_use | tool_result
