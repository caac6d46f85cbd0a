--TEST--
toolcompact_restore() with a placeholder held through a PHP reference: a lookup that assigns a new string to it frees the caller's template, and the restore goes on reading the template it was given
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = fn(int $i) => str_repeat("output $i ", 30);
$h = [];
for ($i = 0; $i < 3; $i++) {
    $h[] = ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => "c$i", 'type' => 'function',
        'function' => ['name' => 'bash', 'arguments' => json_encode(['command' => 'ls'])]]]];
    $h[] = ['role' => 'tool', 'tool_call_id' => "c$i", 'content' => $big($i)];
}
$store = [];
$out = toolcompact_compact($h, ['format' => 'openai', 'placeholder' => 'gone ' . 'as {sha256}',
    'onOmit' => function (string $sha, string $json) use (&$store) { $store[$sha] = $json; }]);
echo count($store), " stored\n";
// a template string of its own (not interned), reachable through a reference
$template = str_repeat('gone ', 1) . 'as {sha256}';
$params = ['placeholder' => &$template];
$calls = 0;
$back = toolcompact_restore($out, function (string $sha) use (&$store, &$template, &$calls) {
    $calls++;
    $template = str_repeat('x', 40) . $calls; // the caller's template freed and replaced
    return $store[$sha] ?? null;
}, $params);
echo "lookups: $calls, restored === input: ", var_export($back === $h, true), "\n";
?>
--EXPECT--
2 stored
lookups: 2, restored === input: true
