--TEST--
Hostile: a block object whose property on the way to a payload holds a PHP reference (an anthropic tool_result object's list of parts) - the payload is written into the copy (the reference let go of there, the referenced variable unchanged), and onOmit, the report and restore count exactly what was written
--EXTENSIONS--
toolcompact
--FILE--
<?php
$L = str_repeat("src/a.php\n", 15);
$X = str_repeat('x', 300);

$parts = [['type' => 'text', 'text' => $L]];
$block = new stdClass();
$block->type = 'tool_result';
$block->toolUseID = 'u1';
$block->content = &$parts;
$anthropic = [
    ['role' => 'user', 'content' => 'go'],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'u1', 'name' => 'list', 'input' => ['dir' => '.']]]],
    ['role' => 'user', 'content' => [$block]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'u2', 'name' => 'list', 'input' => ['dir' => '.']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'u2', 'content' => 'ok']]],
];

foreach (['anthropic' => $anthropic] as $f => $h) {
    $before = serialize($parts);
    $store = [];
    $compacted = toolcompact_compact($h, ['onOmit' => function (string $sha, string $json) use (&$store) {
        $store[$sha] = $json;
    }], $report);
    $written = $compacted[2]['content'][0]->content[0]['text'];
    echo "$f: offered ", count($store), ", fieldsOmitted {$report['fieldsOmitted']}, resultsCompacted {$report['resultsCompacted']}",
        ", messagesChanged {$report['messagesChanged']}\n  written: ", substr($written, 0, 19),
        "\n  new block object: ", var_export($compacted[2] !== $h[2], true),
        ", referenced variables unchanged: ", var_export(serialize($parts) === $before, true), "\n";
    $restored = toolcompact_restore($compacted, fn (string $sha) => $store[$sha] ?? null);
    echo "  restored == input: ", var_export($restored == $h, true), "\n";
}
?>
--EXPECT--
anthropic: offered 1, fieldsOmitted 1, resultsCompacted 1, messagesChanged 1
  written: [omitted] 150 bytes
  new block object: true, referenced variables unchanged: true
  restored == input: true
