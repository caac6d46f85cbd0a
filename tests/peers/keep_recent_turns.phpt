--TEST--
keepRecentTurns leaves the last N user turns alone as OpenAI Agents' ToolOutputTrimmer(recent_turns=N) does, in every format: a message holding only tool results starts no turn
--DESCRIPTION--
Follows the OpenAI Agents SDK docs of ToolOutputTrimmer (openai.github.io/openai-agents-python/ref/extensions/tool_output_trimmer):
"the last recent_turns user messages (and all items after them) are never modified. Older tool outputs
that exceed max_output_chars ... are replaced". The trimmer trims outputs only: compactInputs false.
A turn starts at a user message that holds more than tool results: not at an openai tool message, a
Responses function_call_output item, an Anthropic user message of tool_result blocks only or a Gemini
user content of functionResponse parts only; an Anthropic or Gemini user message with a text beside
its results does start one.
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/peers.php';
use function ToolCompact\Tests\{peers_history, peers_omitted};

$history = peers_history([[['c1', 'bash']], [['c2', 'bash'], ['c3', 'read_file']], [['c4', 'bash']]]);
$trimmer = ['keepLatestPerGroup' => 0, 'compactInputs' => false];
foreach ([3, 2, 1, 0] as $turns) {
    echo "recent_turns=$turns:\n", peers_omitted($history, $trimmer + ['keepRecentTurns' => $turns]), "\n";
}

// a user message with a text beside its results starts a turn (Anthropic blocks, Gemini parts)
$big = str_repeat('o', 300);
$anthropic = [
    ['role' => 'user', 'content' => 'q1'],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't1', 'name' => 'bash', 'input' => ['c' => 'ls']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't1', 'content' => $big]]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't2', 'name' => 'bash', 'input' => ['c' => 'ls']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't2', 'content' => $big],
        ['type' => 'text', 'text' => 'now the next step']]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't3', 'name' => 'bash', 'input' => ['c' => 'ls']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't3', 'content' => $big]]],
];
$gemini = [
    ['role' => 'user', 'parts' => [['text' => 'q1']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 't1', 'name' => 'bash', 'args' => ['c' => 'ls']]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 't1', 'name' => 'bash', 'response' => ['out' => $big]]]]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 't2', 'name' => 'bash', 'args' => ['c' => 'ls']]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 't2', 'name' => 'bash', 'response' => ['out' => $big]]],
        ['text' => 'now the next step']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['id' => 't3', 'name' => 'bash', 'args' => ['c' => 'ls']]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 't3', 'name' => 'bash', 'response' => ['out' => $big]]]]],
];
foreach (['anthropic' => $anthropic, 'gemini' => $gemini] as $format => $h) {
    foreach ([1, 2] as $turns) {
        $out = toolcompact_compact($h, $trimmer + ['keepRecentTurns' => $turns], $report);
        echo "$format, recent_turns=$turns: changed ", json_encode(array_keys(array_filter($out, fn ($e, $i) => $e !== $h[$i], ARRAY_FILTER_USE_BOTH))), "\n";
    }
}
?>
--EXPECT--
recent_turns=3:
every format: -
recent_turns=2:
every format: c1 output
recent_turns=1:
every format: c1 output, c2 output, c3 output
recent_turns=0:
every format: c1 output, c2 output, c3 output, c4 output
anthropic, recent_turns=1: changed [2]
anthropic, recent_turns=2: changed []
gemini, recent_turns=1: changed [2]
gemini, recent_turns=2: changed []
