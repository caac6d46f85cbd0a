--TEST--
Window, SPEC Part 6 "The summary": a summarize that throws (caught and cleared), returns an int, null, an object in an array history, or an array telling another format is a failure - a plain drop, summaryFailed true, summaryUsed false; an array telling nothing (or the history's format) is used as it is; summarize is not called when nothing is dropped
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, c, r, kept, window};

set_error_handler(function (int $no, string $message): bool {
    echo "RAISED: $message\n";
    return true;
});

function attempt(string $label, string $f, array $h, array $params): void
{
    try {
        $out = toolcompact_compact($h, $params + ['format' => $f], $report);
    } catch (\Throwable $e) {
        echo "$label: ESCAPED ", get_class($e), "\n";
        return;
    }
    // the next statement runs, and nothing is pending: error_get_last() stays empty
    echo "$label: kept ", kept($h, $out), ' | ', window($report), ', used ', var_export($report['summaryUsed'], true),
        ', failed ', var_export($report['summaryFailed'], true), "\n";
}

// 0 user, 1 assistant, 2 user, 3 assistant, 4 user. With summarize set, maxMessages 3 counts one
// message for the summary: the smallest cut is 3 (0 1 2 dropped), whether the summary then fails or not;
// a failure keeps 3 and 4 only (within the limit: met).
$f = 'adachsoft';
$h = [u($f, 'u0'), a($f, 'a1'), u($f, 'u2'), a($f, 'a3'), u($f, 'u4')];
$failures = [
    'throws' => function (array $d): string { throw new \RuntimeException('no model'); },
    'throws an Error' => function (array $d): string { return intdiv(1, 0); },
    'int' => fn (array $d) => 7,
    'null' => fn (array $d) => null,
    'object' => fn (array $d) => (object) ['role' => 'user', 'content' => 'x'],
    'bool' => fn (array $d) => false,
    'array telling openai' => fn (array $d) => ['role' => 'assistant', 'content' => null, 'tool_calls' => []],
    'array telling gemini' => fn (array $d) => ['role' => 'user', 'parts' => [['text' => 'sum']]],
];
foreach ($failures as $label => $summarize) {
    attempt($label, $f, $h, ['maxMessages' => 3, 'summarize' => $summarize]);
}
// a pending exception would surface at the next call into the engine
echo 'after the failures: ', strtoupper('still running'), "\n";

echo "-- used as it is\n";
$mine = ['role' => 'user', 'content' => 'my own summary', 'toolCalls' => [], 'toolResults' => []];
$out = toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => fn (array $d) => $mine], $report);
echo 'adachsoft array: ', var_export($out[0] === $mine, true), ', used ', var_export($report['summaryUsed'], true), "\n";
$plain = ['note' => 'tells nothing'];
$out = toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => fn (array $d) => $plain], $report);
echo 'array telling nothing: ', var_export($out[0] === $plain, true), ', used ', var_export($report['summaryUsed'], true), "\n";

echo "-- gemini history\n";
// 0 user, 1 model, 2 user, 3 model, 4 user; maxMessages 3 with a summary: cut 3 (kept 3 4 + the
// summary); a summary is the user message that comes first, so the cut stays: 0 1 2 dropped, met.
// When the summary fails, the plain drop wants a user message first: cut 3 is a model message,
// back to the user 2: 0 1 dropped (kept 2 3 4, with the summary counted 4: not met)
$f = 'gemini';
$h = [u($f, 'u0'), a($f, 'a1'), u($f, 'u2'), a($f, 'a3'), u($f, 'u4')];
$openaiCall = ['role' => 'assistant', 'content' => null,
    'tool_calls' => [['id' => 'x', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{}']]]];
attempt('openai tool_calls message', $f, $h, ['maxMessages' => 3, 'summarize' => fn (array $d) => $openaiCall]);
attempt('responses item', $f, $h, ['maxMessages' => 3, 'summarize' => fn (array $d) => ['type' => 'message', 'role' => 'user', 'content' => 's']]);
attempt('adachsoft message', $f, $h, ['maxMessages' => 3, 'summarize' => fn (array $d) => ['role' => 'user', 'content' => 's', 'toolCalls' => []]]);
$geminiSummary = ['role' => 'user', 'parts' => [['text' => 'mine']]];
$out = toolcompact_compact($h, ['format' => $f, 'maxMessages' => 3, 'summarize' => fn (array $d) => $geminiSummary], $report);
echo 'gemini entry used: ', var_export($out[0] === $geminiSummary, true), ' | ', window($report), "\n";
$untold = ['role' => 'user', 'content' => 'not gemini-shaped, tells nothing'];
$out = toolcompact_compact($h, ['format' => $f, 'maxMessages' => 3, 'summarize' => fn (array $d) => $untold], $report);
echo 'untold used: ', var_export($out[0] === $untold, true), ', used ', var_export($report['summaryUsed'], true), "\n";

echo "-- not called when nothing is dropped\n";
$count = 0;
$counting = function (array $d) use (&$count): string { $count++; return 'x'; };
$f = 'openai';
$h = [u($f, 'u0'), a($f, 'a1'), u($f, 'u2')];
// within the limit: cut 0
attempt('under the limit', $f, $h, ['maxMessages' => 3, 'summarize' => $counting]);
// 0 user, 1 call c1, 2 result c1, 3 assistant; with a summary maxMessages 3 gives the smallest
// cut 2, which separates c1: back to 1; 0 dropped (kept 3 + the summary = 4, not met): called once
$h2 = [u($f, 'u0'), c($f, ['c1', 'read', ['path' => 'a']]), r($f, ['c1', 'read', 'A']), a($f, 'a3')];
attempt('one dropped', $f, $h2, ['maxMessages' => 3, 'summarize' => $counting]);
// anthropic, the same history: with a summary (the user message first) the cut is the same, 0
// dropped, called again
$f = 'anthropic';
$h3 = [u($f, 'u0'), c($f, ['c1', 'read', ['path' => 'a']]), r($f, ['c1', 'read', 'A']), a($f, 'a3')];
attempt('anthropic, a summary', $f, $h3, ['maxMessages' => 3, 'summarize' => $counting]);
// a summary that fails: the plain drop wants a user message first; 1 is none, back to 0,
// nothing dropped (4 kept, the summary counted: not met)
attempt('anthropic, the summary fails', $f, $h3, ['maxMessages' => 3, 'summarize' => function (array $d) use (&$count): int {
    $count++;
    return 7;
}]);
echo "summarize called $count time(s)\n";
?>
--EXPECT--
throws: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
throws an Error: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
int: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
null: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
object: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
bool: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
array telling openai: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
array telling gemini: kept 3 4 | dropped 3 from 0 to 2, met true, used false, failed true
after the failures: STILL RUNNING
-- used as it is
adachsoft array: true, used true
array telling nothing: true, used true
-- gemini history
openai tool_calls message: kept 2 3 4 | dropped 2 from 0 to 1, met false, used false, failed true
responses item: kept 2 3 4 | dropped 2 from 0 to 1, met false, used false, failed true
adachsoft message: kept 2 3 4 | dropped 2 from 0 to 1, met false, used false, failed true
gemini entry used: true | dropped 3 from 0 to 2, met true
untold used: true, used true
-- not called when nothing is dropped
under the limit: kept 0 1 2 | dropped 0 from NULL to NULL, met true, used false, failed false
one dropped: kept S 1 2 3 | dropped 1 from 0 to 0, met false, used true, failed false
anthropic, a summary: kept S 1 2 3 | dropped 1 from 0 to 0, met false, used true, failed false
anthropic, the summary fails: kept 0 1 2 3 | dropped 0 from NULL to NULL, met false, used false, failed true
summarize called 3 time(s)
