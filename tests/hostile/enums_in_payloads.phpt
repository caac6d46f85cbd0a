--TEST--
Hostile: enums: at the top of a payload (objects, size 0), a pure enum inside an array (json_encode() refuses it: kept), a backed enum inside an array (encoded as its value)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
enum Pure { case One; }
enum Backed: string { case One = "a-backed-enum-value"; }
$history = [
    assistant([call("c1", "read", [])]),
    tool([result("c1", "read", ["pure" => Pure::One, "pures" => [Pure::One], "backed" => Backed::One, "backeds" => [Backed::One]])]),
    assistant([call("c2", "read", [])]),
    tool([result("c2", "read", ["x" => "y"])]),
];

$out = watched_compact($history, ["outputTrimBytes" => 5]);

$expected = $history;
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = ["pure" => Pure::One, "pures" => [Pure::One], "backed" => Backed::One, "backeds" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 5, "omittedFields" => [
        "backeds" => ["bytes" => 23, "sha256" => hash("sha256", "[\"a-backed-enum-value\"]")],
    ]]];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
