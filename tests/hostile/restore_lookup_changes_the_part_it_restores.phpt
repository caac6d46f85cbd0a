--TEST--
Hostile: a restore lookup that overwrites the text of the part object it is restoring (a preview, whose string only that object held) - restore keeps its own reference to the text: the stored string comes back in a copy of the part, the user's object keeps what the lookup wrote
--EXTENSIONS--
toolcompact
--FILE--
<?php
$L = str_repeat("src/a.php\n", 30);
$h = [
    ['role' => 'user', 'content' => 'go'],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'u1', 'name' => 'list', 'input' => ['dir' => '.']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'u1', 'content' => [['type' => 'text', 'text' => $L]]]]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'u2', 'name' => 'list', 'input' => ['dir' => '.']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'u2', 'content' => 'ok']]],
];
$store = [];
$compacted = toolcompact_compact($h, ['previewBytes' => 20, 'onOmit' => function (string $sha, string $json) use (&$store) {
    $store[$sha] = $json;
}]);
$preview = $compacted[2]['content'][0]['content'][0]['text'];
echo 'a preview: ', var_export(str_starts_with($preview, substr($L, 0, 20) . "\n[omitted] "), true), "\n";

$part = new stdClass();
$part->type = 'text';
$part->text = strrev(strrev($preview)); // a string of its own
$compacted[2]['content'][0]['content'][0] = $part;
unset($preview);
$junk = [];
$restored = toolcompact_restore($compacted, function (string $sha) use ($part, $store, &$junk) {
    $length = strlen($part->text);
    $part->text = 'changed by the lookup';
    for ($i = 0; $i < 64; $i++) {
        $junk[] = str_repeat(chr(65 + $i % 26), $length); // reuses the memory of the old text
    }
    return $store[$sha] ?? null;
});
$back = $restored[2]['content'][0]['content'][0];
echo 'restored: ', var_export($back->text === $L, true), ', a copy: ', var_export($back !== $part, true),
    ', the object keeps: ', $part->text, "\n";
?>
--EXPECT--
a preview: true
restored: true, a copy: true, the object keeps: changed by the lookup
