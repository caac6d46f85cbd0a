--TEST--
Hostile: empty histories, messages, lists, items and payloads, and the empty string as tool name and id: nothing to do is returned as it is; "" is a tool like any other
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
foreach ([[], [[]], [[], [[]], ["toolCalls" => [[]], "toolResults" => [[]]]]] as $i => $history) {
    echo $i, ": ";
    expect_output(watched_compact($history, ["inputTrimBytes" => 0, "outputTrimBytes" => 0]), $history);
}
$big = str_repeat("b", 300);
$history = [
    assistant([call("", "", ["x" => $big, "e" => "", "n" => null, "f" => false, "a" => []]), call("a", "", [])]),
    tool([result("", "", [])]),
    assistant([call("b", "", ["x" => "y"])]),
];
$out = watched_compact($history, ["inputTrimBytes" => 0]);
// Group "" : b is newest, a and "" are older: compacted. Empty string, null and
// false are size 0: never omitted; [] is "[]", 2 bytes: omitted.
$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["x" => "[omitted]", "e" => "", "n" => null, "f" => false, "a" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 0, "omittedFields" => ["x" => omitted_entry($big), "a" => omitted_entry([])]]];
echo "3: ";
expect_output($out, $expected);
?>
--EXPECT--
0: output as expected
1: output as expected
2: output as expected
3: output as expected
