--TEST--
Window, SPEC Part 1 "Guarantees" and Part 6 "The output": with every window option (and a summarize that writes into its argument, or throws) the input history - string keys, a PHP reference, anthropic SDK-like nested blocks - is byte-identical afterwards; when messages are dropped the output is a list, kept messages are the very values of the pass with their keys unchanged; when nothing is dropped the keys stay
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
$x = str_repeat('x', 300);
$note = str_repeat('n', 150);
$shared = 'first';
$histories = [];

// adachsoft, string keys, a reference; the older read's note and content are compacted by the pass
$histories['adachsoft'] = [
    'sys' => ['role' => 'system', 'content' => 's', 'toolCalls' => [], 'toolResults' => []],
    'u1' => ['role' => 'user', 'content' => &$shared, 'toolCalls' => [], 'toolResults' => []],
    'c1' => ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'r1', 'toolName' => 'read', 'arguments' => ['path' => 'a', 'note' => $note]]], 'toolResults' => []],
    't1' => ['role' => 'tool', 'content' => 'read a', 'toolCalls' => [], 'toolResults' => [['id' => 'r1', 'toolName' => 'read', 'result' => ['content' => $x]]]],
    'c2' => ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'r2', 'toolName' => 'read', 'arguments' => ['path' => 'b']]], 'toolResults' => []],
    't2' => ['role' => 'tool', 'content' => 'read b', 'toolCalls' => [], 'toolResults' => [['id' => 'r2', 'toolName' => 'read', 'result' => ['content' => 'B']]]],
    'u2' => ['role' => 'user', 'content' => 'thanks', 'toolCalls' => [], 'toolResults' => []],
];
// openai, string keys, JSON texts edited by the pass
$histories['openai'] = [
    'sys' => ['role' => 'system', 'content' => 's'],
    'u1' => ['role' => 'user', 'content' => 'first', 'name' => 'me'],
    'c1' => ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'r1', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => json_encode(['path' => 'a', 'note' => $note])]]]],
    't1' => ['role' => 'tool', 'tool_call_id' => 'r1', 'content' => json_encode(['content' => $x])],
    'c2' => ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'r2', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{"path":"b"}']]]],
    't2' => ['role' => 'tool', 'tool_call_id' => 'r2', 'content' => 'B'],
    'u2' => ['role' => 'user', 'content' => 'thanks'],
];
// anthropic as the SDK's toArray() gives it: nested blocks, cache_control, thinking, parts, an image
$histories['anthropic'] = [
    10 => ['role' => 'user', 'content' => [['type' => 'text', 'text' => 'first', 'cache_control' => ['type' => 'ephemeral']]]],
    'a' => ['role' => 'assistant', 'content' => [
        ['type' => 'thinking', 'thinking' => 'plan', 'signature' => 'c2lnbmF0dXJl'],
        ['type' => 'text', 'text' => 'reading'],
        ['type' => 'tool_use', 'id' => 'r1', 'name' => 'read', 'input' => ['path' => 'a', 'opts' => ['deep' => ['n' => [1, 2]]], 'note' => $note]],
    ]],
    'b' => ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'r1', 'is_error' => false, 'content' => [
        ['type' => 'text', 'text' => $x],
        ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => base64_encode('png')]],
    ]]]],
    'c' => ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'r2', 'name' => 'read', 'input' => ['path' => 'b']]]],
    'd' => ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'r2', 'content' => 'B', 'cache_control' => ['type' => 'ephemeral']]]],
    'e' => ['role' => 'assistant', 'content' => [['type' => 'text', 'text' => 'done']]],
    'f' => ['role' => 'user', 'content' => 'thanks'],
];
// gemini, string keys, one call without an id
$histories['gemini'] = [
    'u1' => ['role' => 'user', 'parts' => [['text' => 'first']]],
    'c1' => ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'read', 'args' => ['path' => 'a', 'note' => $note]], 'thoughtSignature' => 'sig']]],
    't1' => ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'read', 'response' => ['content' => $x]]]]],
    'c2' => ['role' => 'model', 'parts' => [['functionCall' => ['id' => 'r2', 'name' => 'read', 'args' => ['path' => 'b']]]]],
    't2' => ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'r2', 'name' => 'read', 'response' => ['content' => 'B']]]]],
    'u2' => ['role' => 'user', 'parts' => [['text' => 'thanks']]],
];

// every history ends with a plain user message, so each set below cuts at the last message: all
// that is not pinned before it is dropped (no pair there to separate, no user-first move)
$sets = [
    'maxMessages 1' => ['maxMessages' => 1],
    'maxTokensWindow 1' => ['maxTokensWindow' => 1],
    'keepSystem false' => ['maxMessages' => 1, 'keepSystem' => false],
    'keepFirstUser, array summary' => ['maxMessages' => 3, 'keepFirstUser' => true,
        'summarize' => fn (array $d): array => ['role' => 'user', 'content' => 'sum']],
    'summary writing its argument' => ['maxMessages' => 2, 'summarize' => function (array $d): string {
        $d[0]['role'] = 'hacked';
        foreach ($d as $k => &$m) {
            $m = null;
        }
        return 'gist';
    }],
    'summary throwing' => ['maxMessages' => 2, 'summarize' => function (array $d): string { throw new LogicException('no'); }],
    'everything' => ['maxMessages' => 3, 'maxTokensWindow' => 100000, 'keepSystem' => false, 'keepFirstUser' => true,
        'summarize' => fn (array $d): string => 'all', 'inputTrimBytes' => 10, 'outputTrimBytes' => 10,
        'tokenCounter' => fn (string $j): int => 1, 'onOmit' => function (string $sha, string $json, array $where): void {}],
];

foreach ($histories as $format => $h) {
    $before = serialize($h);
    foreach ($sets as $label => $params) {
        $params['format'] = $format;
        $out = toolcompact_compact($h, $params, $report);
        // the pass alone, with the same parameters: its values keep the input's keys
        $pass = toolcompact_compact($h, array_diff_key($params, array_flip(['maxMessages', 'maxTokensWindow', 'summarize'])));
        $fromPass = $keysSame = true;
        $found = 0;
        foreach ($out as $m) {
            $k = array_search($m, $pass, true);
            if ($k === false) {
                continue; // the summary
            }
            $found++;
            $keysSame = $keysSame && array_keys($m) === array_keys($h[$k]);
        }
        $problems = array_keys(array_filter([
            'INPUT MODIFIED' => serialize($h) !== $before,
            'NOT A LIST' => !array_is_list($out),
            'NOTHING DROPPED' => $report['messagesDropped'] === 0,
            'KEPT NOT FROM THE PASS' => $found !== count($out) - ($report['summaryUsed'] ? 1 : 0),
            'KEYS CHANGED' => !$keysSame,
        ]));
        echo "$format, $label: ", $problems === [] ? 'ok' : implode(', ', $problems), "\n";
    }
    // nothing dropped: the pass's output, keys and all
    $out = toolcompact_compact($h, ['format' => $format, 'maxMessages' => 100], $report);
    echo "$format, nothing dropped: keys kept ", var_export(array_keys($out) === array_keys($h), true),
        ', input same ', var_export(serialize($h) === $before, true), "\n";
}
echo "the reference's target: $shared\n";
?>
--EXPECT--
adachsoft, maxMessages 1: ok
adachsoft, maxTokensWindow 1: ok
adachsoft, keepSystem false: ok
adachsoft, keepFirstUser, array summary: ok
adachsoft, summary writing its argument: ok
adachsoft, summary throwing: ok
adachsoft, everything: ok
adachsoft, nothing dropped: keys kept true, input same true
openai, maxMessages 1: ok
openai, maxTokensWindow 1: ok
openai, keepSystem false: ok
openai, keepFirstUser, array summary: ok
openai, summary writing its argument: ok
openai, summary throwing: ok
openai, everything: ok
openai, nothing dropped: keys kept true, input same true
anthropic, maxMessages 1: ok
anthropic, maxTokensWindow 1: ok
anthropic, keepSystem false: ok
anthropic, keepFirstUser, array summary: ok
anthropic, summary writing its argument: ok
anthropic, summary throwing: ok
anthropic, everything: ok
anthropic, nothing dropped: keys kept true, input same true
gemini, maxMessages 1: ok
gemini, maxTokensWindow 1: ok
gemini, keepSystem false: ok
gemini, keepFirstUser, array summary: ok
gemini, summary writing its argument: ok
gemini, summary throwing: ok
gemini, everything: ok
gemini, nothing dropped: keys kept true, input same true
the reference's target: first
