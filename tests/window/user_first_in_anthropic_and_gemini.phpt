--TEST--
Window, SPEC Part 6 "The cut": in anthropic and gemini, when messages are dropped and the message at the cut is not a user message, the cut moves back to the nearest user message before it (or to 0), alternating with the pair rule; openai, openai-responses and adachsoft have no such rule
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, c, r, role, run};

$all = ['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'];

echo "1. text only: 0 user, 1 assistant, 2 user, 3 assistant, 4 user, 5 assistant\n";
foreach ([3, 4, 1] as $max) {
    // max 3: smallest cut 3, an assistant: anthropic and gemini go back to the user 2 (4 kept, not met)
    // max 4: smallest cut 2, a user message: no move anywhere
    // max 1: smallest cut 5 (the last message), an assistant: anthropic and gemini go back to 4
    echo "max $max\n";
    foreach ($all as $f) {
        run($f, [u($f, 'u1'), a($f, 'a1'), u($f, 'u2'), a($f, 'a2'), u($f, 'u3'), a($f, 'a3')], ['maxMessages' => $max]);
    }
}

echo "2. no user message before the cut: back to 0, nothing dropped\n";
// 0, 1, 2 assistant, 3 user; max 2: smallest cut 2
foreach ($all as $f) {
    run($f, [a($f, 'a0'), a($f, 'a1'), a($f, 'a2'), u($f, 'u')], ['maxMessages' => 2]);
}

echo "3. the user rule and the pair rule take turns\n";
// 0 user, 1 call c1, 2 result c1, 3 call c2, 4 result c2, 5 assistant; max 3: smallest cut 3.
// openai, openai-responses, adachsoft: c1 wholly dropped, c2 wholly kept: 0 1 2 dropped, met.
// anthropic, gemini: 3 is no user message: back to 2 (the result c1, role user), which separates
// c1: back to 1, no user message: back to 0. Nothing dropped.
foreach ($all as $f) {
    run($f, [u($f, 'u1'), c($f, ['c1', 'read', ['path' => 'a']]), r($f, ['c1', 'read', 'A']),
        c($f, ['c2', 'read', ['path' => 'b']]), r($f, ['c2', 'read', 'B']), a($f, 'done')], ['maxMessages' => 3]);
}

echo "4. the cut at a user message that holds a result (role user): no move\n";
// 0 user, 1 assistant, 2 result z9 (its call is not in the history), 3 assistant; max 2: smallest cut 2
foreach (['anthropic', 'gemini'] as $f) {
    run($f, [u($f, 'u1'), a($f, 'a1'), r($f, ['z9', 'read', 'Z']), a($f, 'a2')], ['maxMessages' => 2]);
}

echo "5. a pinned system message at the cut is not a user message\n";
// 0 user, 1 assistant, 2 system (pinned), 3 assistant, 4 user
// max 3: smallest cut 2 (kept 2 3 4); anthropic, gemini: back to the user 0, nothing dropped
// max 2: smallest cut 4 (kept 2 4), a user message: 0 1 3 dropped everywhere
foreach ([3, 2] as $max) {
    foreach (['openai', 'anthropic', 'gemini'] as $f) {
        echo "max $max ";
        run($f, [u($f, 'u0'), a($f, 'a1'), role($f, 'system', 's'), a($f, 'a3'), u($f, 'u4')], ['maxMessages' => $max]);
    }
}
?>
--EXPECT--
1. text only: 0 user, 1 assistant, 2 user, 3 assistant, 4 user, 5 assistant
max 3
adachsoft        kept 3 4 5 | dropped 3 from 0 to 2, met true
openai           kept 3 4 5 | dropped 3 from 0 to 2, met true
openai-responses kept 3 4 5 | dropped 3 from 0 to 2, met true
anthropic        kept 2 3 4 5 | dropped 2 from 0 to 1, met false
gemini           kept 2 3 4 5 | dropped 2 from 0 to 1, met false
max 4
adachsoft        kept 2 3 4 5 | dropped 2 from 0 to 1, met true
openai           kept 2 3 4 5 | dropped 2 from 0 to 1, met true
openai-responses kept 2 3 4 5 | dropped 2 from 0 to 1, met true
anthropic        kept 2 3 4 5 | dropped 2 from 0 to 1, met true
gemini           kept 2 3 4 5 | dropped 2 from 0 to 1, met true
max 1
adachsoft        kept 5 | dropped 5 from 0 to 4, met true
openai           kept 5 | dropped 5 from 0 to 4, met true
openai-responses kept 5 | dropped 5 from 0 to 4, met true
anthropic        kept 4 5 | dropped 4 from 0 to 3, met false
gemini           kept 4 5 | dropped 4 from 0 to 3, met false
2. no user message before the cut: back to 0, nothing dropped
adachsoft        kept 2 3 | dropped 2 from 0 to 1, met true
openai           kept 2 3 | dropped 2 from 0 to 1, met true
openai-responses kept 2 3 | dropped 2 from 0 to 1, met true
anthropic        kept 0 1 2 3 | dropped 0 from NULL to NULL, met false
gemini           kept 0 1 2 3 | dropped 0 from NULL to NULL, met false
3. the user rule and the pair rule take turns
adachsoft        kept 3 4 5 | dropped 3 from 0 to 2, met true
openai           kept 3 4 5 | dropped 3 from 0 to 2, met true
openai-responses kept 3 4 5 | dropped 3 from 0 to 2, met true
anthropic        kept 0 1 2 3 4 5 | dropped 0 from NULL to NULL, met false
gemini           kept 0 1 2 3 4 5 | dropped 0 from NULL to NULL, met false
4. the cut at a user message that holds a result (role user): no move
anthropic        kept 2 3 | dropped 2 from 0 to 1, met true
gemini           kept 2 3 | dropped 2 from 0 to 1, met true
5. a pinned system message at the cut is not a user message
max 3 openai           kept 2 3 4 | dropped 2 from 0 to 1, met true
max 3 anthropic        kept 0 1 2 3 4 | dropped 0 from NULL to NULL, met false
max 3 gemini           kept 0 1 2 3 4 | dropped 0 from NULL to NULL, met false
max 2 openai           kept 2 4 | dropped 3 from 0 to 3, met true
max 2 anthropic        kept 2 4 | dropped 3 from 0 to 3, met true
max 2 gemini           kept 2 4 | dropped 3 from 0 to 3, met true
