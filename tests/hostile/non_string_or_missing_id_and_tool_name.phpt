--TEST--
Hostile: ids and tool names that are not strings (int, float, null, array, object) or missing: the item is left as it is and is invisible to the walk
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$history = [
    assistant([call("c1", "read", ["big" => $big])]),
    assistant([
        call(5, "read", ["big" => $big]),
        call(5.0, "read", ["big" => $big]),
        call(null, "read", ["big" => $big]),
        ["toolName" => "read", "arguments" => ["big" => $big]],
        call(["c1"], "read", ["big" => $big]),
        call(new stdClass(), "read", ["big" => $big]),
        call("c9", 7, ["big" => $big]),
        call("c10", null, ["big" => $big]),
        ["id" => "c11", "arguments" => ["big" => $big]],
    ]),
    tool([result(1, "read", ["big" => $big]), result("c1", ["read"], ["big" => $big]), ["id" => "c1", "result" => ["big" => $big]]]),
    assistant([call("c20", "bash", ["big" => $big])]),
    assistant([call("c21", "bash", ["big" => "small"])]),
];

$out = watched_compact($history);

// None of the odd items takes part, so c1 is the newest call of "read": intact.
$expected = $history;
$expected[3]["toolCalls"][0]["arguments"] = ["big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
expect_output($out, $expected);
var_dump($out[0] === $history[0], $out[1] === $history[1], $out[2] === $history[2]);
?>
--EXPECT--
output as expected
bool(true)
bool(true)
bool(true)
