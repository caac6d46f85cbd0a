--TEST--
Window, SPEC Part 6 "What counts" and "The cut": keepSystem (default true) pins every system and developer message wherever it stands, droppedFrom/droppedTo span them; keepSystem false drops them; keepFirstUser pins the first user turn (a user message holding a result is no turn); the last message is never dropped, even alone over maxTokensWindow
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, c, r, role, run};

// positions: 0 system, 1 user u1, 2 assistant, 3 developer, 4 user u2, 5 assistant, 6 user u3
// (no calls, and openai / openai-responses / adachsoft have no user-first rule)
foreach (['adachsoft', 'openai', 'openai-responses'] as $f) {
    $h = [role($f, 'system', 's'), u($f, 'u1'), a($f, 'a1'), role($f, 'developer', 'd'), u($f, 'u2'), a($f, 'a2'), u($f, 'u3')];
    echo "== $f\n";
    // keepSystem default: 0 and 3 pinned; smallest cut 5 keeps 0 3 5 6; 1 2 4 dropped around the pinned 3
    run($f, $h, ['maxMessages' => 4]);
    // keepSystem false: nothing pinned, smallest cut 5 keeps 5 6 (system and developer dropped)
    run($f, $h, ['maxMessages' => 2, 'keepSystem' => false]);
    // keepSystem true is the default
    run($f, $h, ['maxMessages' => 4, 'keepSystem' => true]);
    // keepFirstUser: 0, 1, 3 pinned; smallest cut 6 keeps 0 1 3 6
    run($f, $h, ['maxMessages' => 4, 'keepFirstUser' => true]);
    // keepFirstUser alone: only 1 pinned; smallest cut 6 keeps 1 6
    run($f, $h, ['maxMessages' => 2, 'keepFirstUser' => true, 'keepSystem' => false]);
}

echo "== the first user turn is the first user message holding no result\n";
// positions: 0 call c1, 1 result c1 (anthropic, gemini: role user; adachsoft: a user message with
// toolResults), 2 assistant, 3 user u2 = the first user turn, 4 assistant, 5 user u3, 6 assistant.
// keepFirstUser, maxMessages 3: 3 pinned, smallest cut 5 keeps 3 5 6 (5 is a user message).
// Were 1 taken for the first turn, pinning it would keep the result 1 and so its call 0: nothing dropped.
foreach (['anthropic', 'gemini', 'adachsoft'] as $f) {
    $result = r($f, ['c1', 'read', 'A']);
    if ($f === 'adachsoft') {
        $result['role'] = 'user';
    }
    $h = [c($f, ['c1', 'read', ['path' => 'a']]), $result, a($f, 'a1'), u($f, 'u2'), a($f, 'a2'), u($f, 'u3'), a($f, 'a3')];
    run($f, $h, ['maxMessages' => 3, 'keepFirstUser' => true]);
}

echo "== the last message is never dropped\n";
// 2 holds 400 bytes: json_encode gives 402 bytes, 101 tokens > 10. The cut goes no further than
// the last message (a user message, so anthropic and gemini keep the cut there): 0 and 1 are
// dropped, 2 is kept alone, the window is not met.
foreach (['adachsoft', 'openai', 'anthropic'] as $f) {
    run($f, [u($f, 'short'), a($f, 'reply'), u($f, str_repeat('x', 400))], ['maxTokensWindow' => 10]);
}
// gemini: the estimate (Part 4 "Estimate") counts a `content` string and the payloads, and a gemini
// entry has no `content`, so the 400 bytes are a response (whose call is not in the history:
// {"out":"x..."} is 410 bytes, 103 tokens; old by definition, it is compacted as well, so the
// entry kept is a changed one: S)
run('gemini', [u('gemini', 'short'), a('gemini', 'reply'), r('gemini', ['z9', 'read', str_repeat('x', 400)])], ['maxTokensWindow' => 10]);
// a history of one message over the limit: nothing dropped
run('openai', [a('openai', str_repeat('x', 400))], ['maxTokensWindow' => 10]);
// the last message is a pinned system message: everything before it that is not pinned goes
run('openai', [u('openai', 'u1'), a('openai', 'a1'), role('openai', 'system', str_repeat('x', 400))], ['maxTokensWindow' => 10]);
?>
--EXPECT--
== adachsoft
adachsoft        kept 0 3 5 6 | dropped 3 from 1 to 4, met true
adachsoft        kept 5 6 | dropped 5 from 0 to 4, met true
adachsoft        kept 0 3 5 6 | dropped 3 from 1 to 4, met true
adachsoft        kept 0 1 3 6 | dropped 3 from 2 to 5, met true
adachsoft        kept 1 6 | dropped 5 from 0 to 5, met true
== openai
openai           kept 0 3 5 6 | dropped 3 from 1 to 4, met true
openai           kept 5 6 | dropped 5 from 0 to 4, met true
openai           kept 0 3 5 6 | dropped 3 from 1 to 4, met true
openai           kept 0 1 3 6 | dropped 3 from 2 to 5, met true
openai           kept 1 6 | dropped 5 from 0 to 5, met true
== openai-responses
openai-responses kept 0 3 5 6 | dropped 3 from 1 to 4, met true
openai-responses kept 5 6 | dropped 5 from 0 to 4, met true
openai-responses kept 0 3 5 6 | dropped 3 from 1 to 4, met true
openai-responses kept 0 1 3 6 | dropped 3 from 2 to 5, met true
openai-responses kept 1 6 | dropped 5 from 0 to 5, met true
== the first user turn is the first user message holding no result
anthropic        kept 3 5 6 | dropped 4 from 0 to 4, met true
gemini           kept 3 5 6 | dropped 4 from 0 to 4, met true
adachsoft        kept 3 5 6 | dropped 4 from 0 to 4, met true
== the last message is never dropped
adachsoft        kept 2 | dropped 2 from 0 to 1, met false
openai           kept 2 | dropped 2 from 0 to 1, met false
anthropic        kept 2 | dropped 2 from 0 to 1, met false
gemini           kept S | dropped 2 from 0 to 1, met false
openai           kept 0 | dropped 0 from NULL to NULL, met false
openai           kept 2 | dropped 2 from 0 to 1, met false
