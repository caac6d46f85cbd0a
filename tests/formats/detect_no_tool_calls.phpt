--TEST--
format auto: a history in which no entry tells a format is read as adachsoft and returned as it is (report format adachsoft), unless an entry is an array without a string role: then it is returned unchanged with reason formatUnknown and format null
--EXTENSIONS--
toolcompact
--FILE--
<?php
$cases = [
    'empty history' => [],
    'system, user, assistant texts' => [
        ['role' => 'system', 'content' => 'You are helpful.'],
        ['role' => 'user', 'content' => str_repeat('long question ', 50)],
        ['role' => 'assistant', 'content' => str_repeat('long answer ', 50)],
    ],
    'anthropic text and image blocks only' => [
        ['role' => 'user', 'content' => [['type' => 'text', 'text' => str_repeat('q', 300)], ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => 'iVBORw0KGgo=']]]],
        ['role' => 'assistant', 'content' => [['type' => 'text', 'text' => str_repeat('a', 300), 'cache_control' => ['type' => 'ephemeral']]]],
    ],
    'responses easy input messages only' => [
        ['role' => 'developer', 'content' => 'Be brief.'],
        ['role' => 'user', 'content' => [['type' => 'input_text', 'text' => str_repeat('q', 300)]]],
    ],
    'entries that are not arrays' => ['a string', 42, null, 1.5, true],
    'a string entry beside a message' => [['role' => 'user', 'content' => 'x'], 'junk'],
    'an entry without role' => [['role' => 'user', 'content' => 'x'], ['content' => 'no role']],
    'a role that is not a string' => [['role' => 7, 'content' => 'x'], ['role' => 'user', 'content' => 'x']],
    'a role null' => [['role' => null, 'content' => 'x']],
    'an empty array entry' => [['role' => 'user', 'content' => 'x'], []],
    'a list as entry' => [['user', 'hello']],
];
foreach ($cases as $name => $h) {
    $out = toolcompact_compact($h, ['inputTrimBytes' => 0, 'outputTrimBytes' => 0], $report);
    printf("%-37s same=%s format=%s applied=%s reason=%s changed=%d\n", $name, var_export($out === $h, true),
        var_export($report['format'], true), var_export($report['applied'], true), var_export($report['reason'], true), $report['messagesChanged']);
}

echo "gemini entries tell gemini even without a function call:\n";
$h = [['role' => 'user', 'parts' => [['text' => str_repeat('q', 300)]]], ['role' => 'model', 'parts' => [['text' => 'ok', 'thoughtSignature' => 'c2ln']]]];
$out = toolcompact_compact($h, ['outputTrimBytes' => 0], $report);
printf("same=%s format=%s\n", var_export($out === $h, true), var_export($report['format'], true));

echo "restore chooses the same way:\n";
foreach (['empty history', 'system, user, assistant texts', 'an entry without role'] as $name) {
    printf("%-37s same=%s\n", $name, var_export(toolcompact_restore($cases[$name], fn ($sha) => null) === $cases[$name], true));
}
?>
--EXPECT--
empty history                         same=true format='adachsoft' applied=true reason=NULL changed=0
system, user, assistant texts         same=true format='adachsoft' applied=true reason=NULL changed=0
anthropic text and image blocks only  same=true format='adachsoft' applied=true reason=NULL changed=0
responses easy input messages only    same=true format='adachsoft' applied=true reason=NULL changed=0
entries that are not arrays           same=true format='adachsoft' applied=true reason=NULL changed=0
a string entry beside a message       same=true format='adachsoft' applied=true reason=NULL changed=0
an entry without role                 same=true format=NULL applied=false reason='formatUnknown' changed=0
a role that is not a string           same=true format=NULL applied=false reason='formatUnknown' changed=0
a role null                           same=true format=NULL applied=false reason='formatUnknown' changed=0
an empty array entry                  same=true format=NULL applied=false reason='formatUnknown' changed=0
a list as entry                       same=true format=NULL applied=false reason='formatUnknown' changed=0
gemini entries tell gemini even without a function call:
same=true format='gemini'
restore chooses the same way:
empty history                         same=true
system, user, assistant texts         same=true
an entry without role                 same=true
