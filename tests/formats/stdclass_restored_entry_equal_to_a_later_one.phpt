--TEST--
A stdClass history (json_decode() objects) whose restored entry becomes equal to a later entry of the history: the restored one is a new stdClass, the later one the very same object, in the extension and in the userland reference
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/formats.php';
$big = str_repeat('x', 300);
$call = ['role' => 'assistant', 'content' => null,
    'tool_calls' => [['id' => 'call_0', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{"path":"a.php"}']]]];
$json = json_encode([$call, ['role' => 'tool', 'tool_call_id' => 'call_0', 'content' => $big],
    $call, ['role' => 'tool', 'tool_call_id' => 'call_0', 'content' => $big]]);
$store = [];
$compacted = toolcompact_compact(json_decode($json), ['outputTrimBytes' => 100,
    'onOmit' => function (string $sha, string $stored) use (&$store) { $store[$sha] = $stored; }]);
echo 'compacted: ', implode(', ', array_map(fn ($m) => strlen(json_encode($m)), $compacted)), "\n";
$lookup = fn (string $sha) => $store[$sha] ?? null;
foreach (['extension' => 'toolcompact_restore', 'reference' => 'ToolCompact\Tests\reference_restore_format'] as $name => $restore) {
    $restored = $restore($compacted, $lookup);
    // each entry: the entry of the history it is (the very same object), or new
    $same = array_map(fn ($entry) => ($at = array_search($entry, $compacted, true)) === false ? 'new ' . get_debug_type($entry) : "entry $at",
        $restored);
    echo "$name: ", implode(', ', $same), '; as the history: ', var_export(json_encode($restored) === $json, true), "\n";
}
?>
--EXPECT--
compacted: 146, 144, 146, 352
extension: entry 0, new stdClass, entry 2, entry 3; as the history: true
reference: entry 0, new stdClass, entry 2, entry 3; as the history: true
