--TEST--
Window, SPEC Part 6 "The cut": a call and its result are never separated - the cut moves back to the oldest dropped message of the pair (again and again), in every format, for parallel calls answered in several messages, and for a call held by a pinned system message
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, c, r, role, run};
use const ToolCompact\Tests\Window\ALL_FORMATS;

echo "1. one call and its result; maxMessages 2: the smallest cut (4) falls between the call (3) and its result (4)\n";
// positions: 0 user, 1 assistant, 2 user, 3 call c1, 4 result c1, 5 assistant
// adachsoft, openai, openai-responses: the cut moves back to 3; 3 kept > 2, so the window is not met.
// anthropic, gemini: back to 3, then (Part 6, a user message first) to the user message 2.
foreach (ALL_FORMATS as $f) {
    run($f, [u($f, 'u1'), a($f, 'a1'), u($f, 'u2'), c($f, ['c1', 'read', ['path' => 'a']]),
        r($f, ['c1', 'read', 'ok']), a($f, 'done')], ['maxMessages' => 2]);
}

echo "2. parallel calls in one message, results in two later messages\n";
// positions: 0 user, 1 calls p1 p2, 2 result p1, 3 result p2, 4 assistant, 5 user, 6 assistant
// maxMessages 4: smallest cut 3; p2's call (1) is dropped, its result (3) kept: back to 1.
//   adachsoft, openai: only 0 dropped. anthropic, gemini: 1 is not a user message: back to 0, nothing dropped.
// maxMessages 3: smallest cut 4, both pairs wholly dropped.
//   adachsoft, openai: 0-3 dropped, met. anthropic, gemini: 4 is not a user message: back to 3 (the
//   result message, role user), which separates p2 again: back to 1, then to 0: nothing dropped.
foreach (['adachsoft', 'openai', 'anthropic', 'gemini', 'gemini-noid'] as $f) {
    $h = [u($f, 'u1'), c($f, ['p1', 'read', ['path' => 'a']], ['p2', 'read', ['path' => 'b']]),
        r($f, ['p1', 'read', 'A']), r($f, ['p2', 'read', 'B']), a($f, 'done'), u($f, 'u2'), a($f, 'ok')];
    foreach ([4, 3] as $max) {
        echo "max $max ";
        run($f, $h, ['maxMessages' => $max]);
    }
}

echo "3. openai-responses: each call is an item; the pair rule repeats until nothing moves\n";
// positions: 0 user, 1 call p1, 2 call p2, 3 output p1, 4 output p2, 5 assistant
// maxMessages 2: cut 4 separates p2 (call 2): back to 2, which separates p1 (call 1, output 3): back to 1.
// maxMessages 1: cut 5, both pairs wholly dropped.
$f = 'openai-responses';
$h = [u($f, 'u1'), c($f, ['p1', 'read', ['path' => 'a']]), c($f, ['p2', 'read', ['path' => 'b']]),
    r($f, ['p1', 'read', 'A']), r($f, ['p2', 'read', 'B']), a($f, 'done')];
foreach ([2, 1] as $max) {
    echo "max $max ";
    run($f, $h, ['maxMessages' => $max]);
}

echo "4. adachsoft: a system message holding a call (pinned by keepSystem), its result in a droppable message\n";
// positions: 0 system with call s1, 1 user, 2 assistant, 3 result s1, 4 user, 5 assistant
// maxMessages 3: smallest cut 4 (kept 0, 4, 5); the result 3 would be dropped while its call 0 is kept:
// back to 3, the result stays. keepSystem false: smallest cut 3 drops the call 0 and keeps its result 3: back to 0.
$f = 'adachsoft';
$system = ['role' => 'system', 'content' => 'rules', 'toolCalls' => [['id' => 's1', 'toolName' => 'lookup', 'arguments' => ['q' => 'x']]], 'toolResults' => []];
$h = [$system, u($f, 'u1'), a($f, 'a1'), r($f, ['s1', 'lookup', 'found']), u($f, 'u2'), a($f, 'a2')];
run($f, $h, ['maxMessages' => 3]);
run($f, $h, ['maxMessages' => 3, 'keepSystem' => false]);

echo "5. gemini without ids: a response pairs with the oldest unanswered call of its name (Part 4), or with nothing\n";
// 0 user, 1 call read, 2 response (read / list), 3 user, 4 model; maxMessages 3: smallest cut 2 (a user entry).
// read: 2 answers 1, the cut goes back to 1, then to the user 0: nothing dropped.
// list: 2 answers no call, it has an id of its own: 0 and 1 dropped.
$f = 'gemini-noid';
foreach (['read', 'list'] as $name) {
    echo "$name ";
    run($f, [u($f, 'u0'), c($f, ['x', 'read', ['path' => 'a']]), r($f, ['x', $name, 'A']), u($f, 'u3'), a($f, 'a4')], ['maxMessages' => 3]);
}
?>
--EXPECT--
1. one call and its result; maxMessages 2: the smallest cut (4) falls between the call (3) and its result (4)
adachsoft        kept 3 4 5 | dropped 3 from 0 to 2, met false
openai           kept 3 4 5 | dropped 3 from 0 to 2, met false
openai-responses kept 3 4 5 | dropped 3 from 0 to 2, met false
anthropic        kept 2 3 4 5 | dropped 2 from 0 to 1, met false
gemini           kept 2 3 4 5 | dropped 2 from 0 to 1, met false
gemini-noid      kept 2 3 4 5 | dropped 2 from 0 to 1, met false
2. parallel calls in one message, results in two later messages
max 4 adachsoft        kept 1 2 3 4 5 6 | dropped 1 from 0 to 0, met false
max 3 adachsoft        kept 4 5 6 | dropped 4 from 0 to 3, met true
max 4 openai           kept 1 2 3 4 5 6 | dropped 1 from 0 to 0, met false
max 3 openai           kept 4 5 6 | dropped 4 from 0 to 3, met true
max 4 anthropic        kept 0 1 2 3 4 5 6 | dropped 0 from NULL to NULL, met false
max 3 anthropic        kept 0 1 2 3 4 5 6 | dropped 0 from NULL to NULL, met false
max 4 gemini           kept 0 1 2 3 4 5 6 | dropped 0 from NULL to NULL, met false
max 3 gemini           kept 0 1 2 3 4 5 6 | dropped 0 from NULL to NULL, met false
max 4 gemini-noid      kept 0 1 2 3 4 5 6 | dropped 0 from NULL to NULL, met false
max 3 gemini-noid      kept 0 1 2 3 4 5 6 | dropped 0 from NULL to NULL, met false
3. openai-responses: each call is an item; the pair rule repeats until nothing moves
max 2 openai-responses kept 1 2 3 4 5 | dropped 1 from 0 to 0, met false
max 1 openai-responses kept 5 | dropped 5 from 0 to 4, met true
4. adachsoft: a system message holding a call (pinned by keepSystem), its result in a droppable message
adachsoft        kept 0 3 4 5 | dropped 2 from 1 to 2, met false
adachsoft        kept 0 1 2 3 4 5 | dropped 0 from NULL to NULL, met false
5. gemini without ids: a response pairs with the oldest unanswered call of its name (Part 4), or with nothing
read gemini-noid      kept 0 1 2 3 4 | dropped 0 from NULL to NULL, met false
list gemini-noid      kept 2 3 4 | dropped 2 from 0 to 1, met true
