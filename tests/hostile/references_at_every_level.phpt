--TEST--
Hostile: PHP references at every level (history, message, lists, items, ids, payloads, fields, meta, params): read through, never written through; the output does not write back
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$id = "c1";
$field = $big;
$meta = ["thresholdBytes" => 1, "omittedFields" => []];
$payload = ["big" => &$field, "_tool_compaction" => &$meta];
$item = ["id" => &$id, "toolName" => "read", "result" => &$payload];
$results = [&$item];
$message = ["role" => "tool", "content" => "raw", "toolCalls" => [], "toolResults" => &$results];
$newest = assistant([call("c2", "read", [])]);
$history = [assistant([call("c1", "read", [])]), &$message, &$newest, tool([result("c2", "read", [])])];
$threshold = 10;
$params = ["outputTrimBytes" => &$threshold];

$out = watched_compact($history, $params);

$expected = [
    assistant([call("c1", "read", [])]),
    ["role" => "tool", "content" => placeholder("read", "c1"), "toolCalls" => [], "toolResults" => [
        ["id" => "c1", "toolName" => "read", "result" => ["big" => "[omitted]",
            "_tool_compaction" => ["thresholdBytes" => 10, "omittedFields" => ["big" => omitted_entry($big)]]]],
    ]],
    $newest,
    tool([result("c2", "read", [])]),
];
expect_output($out, $expected);

// Writing into the output reaches none of the input.
$out[1]["toolResults"][0]["result"]["big"] = "written";
$out[1]["content"] = "written";
var_dump($field === $big, $message["content"], $payload["big"] === $big, $meta["thresholdBytes"]);
?>
--EXPECT--
output as expected
bool(true)
string(3) "raw"
bool(true)
int(1)
