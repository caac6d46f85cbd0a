--TEST--
toolcompact_readback_next(): null when nothing asks for a payload or a text is not JSON; the lookup's exception and a bad tool name reach the caller
--EXTENSIONS--
toolcompact
--FILE--
<?php
$sha = str_repeat('a', 64);
$ask = json_encode(['choices' => [['message' => ['role' => 'assistant', 'content' => null,
    'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'read_omitted', 'arguments' => json_encode(['sha256' => $sha])]]]]]]]);
$calls = 0;
$lookup = function (string $s) use (&$calls) { $calls++; return null; };
$cases = [
    'text answer' => ['{"messages":[]}', '{"choices":[{"message":{"role":"assistant","content":"done"}}]}'],
    'other tools only' => ['{"messages":[]}', '{"choices":[{"message":{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"bash","arguments":"{}"}}]}}]}'],
    'response not JSON' => ['{"messages":[]}', 'data: {"choices":[]}'],
    'response a list' => ['{"messages":[]}', '[]'],
    'request not JSON' => ['{"messages":[', $ask],
    'request a list' => ['[]', $ask],
    'request without history' => ['{"model":"m"}', $ask],
    'history not a list' => ['{"messages":{}}', $ask],
    'request with a duplicate key' => ['{"messages":[],"messages":[]}', $ask],
];
foreach ($cases as $label => [$request, $response]) {
    echo $label, ': ', var_export(toolcompact_readback_next($request, $response, $lookup), true), "\n";
}
echo "lookups: $calls\n";
echo json_last_error(), "\n";

try {
    toolcompact_readback_next('{"messages":[]}', $ask, function (string $s) { throw new RuntimeException("store down: $s"); });
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage() === "store down: $sha" ? 'the sha256 asked for' : $e->getMessage(), "\n";
}
foreach (['', 'has space', str_repeat('a', 65), '9starts_with_digit'] as $name) {
    try {
        toolcompact_readback_next('{"messages":[]}', $ask, $lookup, $name);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
text answer: NULL
other tools only: NULL
response not JSON: NULL
response a list: NULL
request not JSON: NULL
request a list: NULL
request without history: NULL
history not a list: NULL
request with a duplicate key: NULL
lookups: 0
0
RuntimeException: the sha256 asked for
toolcompact_readback_next(): Argument #4 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
toolcompact_readback_next(): Argument #4 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
toolcompact_readback_next(): Argument #4 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
toolcompact_readback_next(): Argument #4 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
