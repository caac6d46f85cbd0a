--TEST--
Hostile: lists where maps are expected (a history keyed by names, a message that is a list, calls keyed by name, list payloads with the identifier field "0"): integer keys are fields like any other
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$history = [
    "first" => assistant(["one" => call("c1", "read", ["a.txt", $big, [$big]])]),
    "odd" => ["assistant", null, [call("c9", "read", ["a.txt", $big])], []],
    "second" => tool(["r" => result("c1", "read", [$big, "x"])]),
    "third" => assistant(["two" => call("c2", "read", ["a.txt"])]),
    "fourth" => tool([result("c2", "read", ["new"])]),
];

$out = watched_compact($history, ["toolIdentifierFields" => ["read" => ["0"]]]);

$expected = $history;
$expected["first"]["toolCalls"]["one"]["arguments"] = ["a.txt", "[omitted]", "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [1 => omitted_entry($big), 2 => omitted_entry([$big])]]];
$expected["second"]["content"] = placeholder("read", "c1");
$expected["second"]["toolResults"]["r"]["result"] = ["[omitted]", "x",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [0 => omitted_entry($big)]]];
expect_output($out, $expected);
var_dump($out["odd"] === $history["odd"]);
?>
--EXPECT--
output as expected
bool(true)
