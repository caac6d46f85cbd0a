--TEST--
Hostile: NAN and INF at the top of a payload (sized by (string), refused by json_encode(): kept), inside arrays (size 0: kept), and NAN as an identifier (matches nothing)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$history = [
    assistant([call("c1", "read", ["path" => NAN, "big" => str_repeat("b", 300)])]),
    assistant([call("c2", "read", ["path" => NAN, "big" => "small"])]),
    assistant([call("c3", "bash", [])]),
    tool([result("c3", "bash", ["nan" => NAN, "inf" => INF, "ninf" => -INF, "f" => 1.5, "arr" => [NAN], "mixed" => [1.0, INF]])]),
    assistant([call("c4", "bash", [])]),
    tool([result("c4", "bash", ["x" => 1])]),
];

$out = watched_compact($history, ["outputTrimBytes" => 2, "toolIdentifierFields" => ["read" => ["path"]]]);

// (string) NAN is "NAN" (3 bytes > 2) but json_encode(NAN) fails: kept.
// 1.5 is "1.5": 3 bytes, encodes: omitted. c1 is a group of its own (NAN): intact.
$expected = $history;
$expected[3]["content"] = placeholder("bash", "c3");
$expected[3]["toolResults"][0]["result"] = [
    "nan" => NAN, "inf" => INF, "ninf" => -INF, "f" => "[omitted]", "arr" => [NAN], "mixed" => [1.0, INF],
    "_tool_compaction" => ["thresholdBytes" => 2, "omittedFields" => ["f" => ["bytes" => 3, "sha256" => hash("sha256", "1.5")]]],
];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
