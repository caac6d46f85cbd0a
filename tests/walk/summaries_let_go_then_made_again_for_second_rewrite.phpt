--TEST--
The rewrite step lets go of each message's summary once past it; when a string it omitted unchecked turns out not to be valid UTF-8, the second rewrite makes those summaries again: 400 messages in several blocks of summaries, with invalid strings found early, late and only by the second rewrite, compact as the reference does, with the report of a pass without pairs
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=0
toolcompact.sha256_pairs=1
--FILE--
<?php
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\reference_compact;

/*
 * Without the memo, the summaries of a pass come from the walker's room and
 * then from blocks of about 25 summaries each; the rewrite step, newest
 * message first, lets go of each summary once past its message, and of a
 * block once past the first summary in it. A string the optimistic pair
 * finds invalid stops that step and starts it again, which then needs the
 * summaries it let go of. Messages of every kind: an assistant message
 * with two calls (a write whose content is omitted, a read), a tool message
 * with two results, a user message (no summary), and a message that is not
 * an array (no summary either).
 *
 * toolcompact.sha256_pairs=1 takes the pair where the CPU has the SHA
 * extensions; without them, as under valgrind (which does not emulate
 * them), every string is hashed at once and no step starts again.
 */
$history = [];
for ($i = 0; $i < 100; $i++) {
    $text = str_repeat(chr(97 + $i % 26), 200 + ($i * 131) % 3000);
    $bad = match ($i) {
        90 => "bad \xff " . str_repeat('x', 300),          // found early
        40 => str_repeat('y', 2500) . "\xe2\x82 tail",     // several blocks down
        3 => str_repeat('z', 900) . "\xc3",                // in the oldest block
        default => null,
    };
    $result = ['content' => $text, 'lines' => $i];
    if ($bad !== null) {
        $result['bad'] = $bad;
    }
    $history[] = ['role' => 'user', 'content' => "turn $i", 'toolCalls' => [], 'toolResults' => []];
    $history[] = ['role' => 'assistant', 'content' => null, 'toolResults' => [], 'toolCalls' => [
        ['id' => "w$i", 'toolName' => 'write', 'arguments' => ['path' => 'out.txt', 'content' => $text]],
        ['id' => "r$i", 'toolName' => 'read', 'arguments' => ['path' => 'in' . ($i % 5) . '.txt']],
    ]];
    $history[] = ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [
        ['id' => "w$i", 'toolName' => 'write', 'result' => ['ok' => true]],
        ['id' => "r$i", 'toolName' => 'read', 'result' => $result],
    ]];
    $history[] = $i % 2 ? "not a message $i" : ['role' => 'user'];
}
$params = ['toolIdentifierFields' => ['read' => ['path'], 'write' => ['path']]];

$out = toolcompact_compact($history, $params, $report);
var_dump($out === reference_compact($history, $params));

$kept = 0;
foreach ([90, 40, 3] as $i) {
    $kept += $out[4 * $i + 2]['toolResults'][1]['result']['bad'] === $history[4 * $i + 2]['toolResults'][1]['result']['bad'];
}
echo "invalid strings kept: $kept\n";
echo "fields omitted: {$report['fieldsOmitted']}, messages changed: {$report['messagesChanged']}\n";

ini_set('toolcompact.sha256_pairs', '0');
var_dump(toolcompact_compact($history, $params, $one) === $out, $one === $report);
?>
--EXPECT--
bool(true)
invalid strings kept: 3
fields omitted: 194, messages changed: 194
bool(true)
bool(true)
