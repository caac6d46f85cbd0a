--TEST--
Hostile: _tool_compaction already present with a foreign shape (string, int, null, list, object, omittedFields not an array, no omittedFields): replaced and moved to the end when a field is omitted, left alone otherwise
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$foreign = ["a string", 42, null, [1, 2], new stdClass(), ["omittedFields" => "all"], ["thresholdBytes" => 5], ["omittedFields" => null, "big" => 1]];
$calls = [];
foreach ($foreign as $i => $meta) {
    $calls[] = call("old$i", "read", ["_tool_compaction" => $meta, "big" => $big]);
}
$calls[] = call("quiet", "read", ["_tool_compaction" => "foreign", "small" => "s"]);
$history = [assistant($calls), assistant([call("new", "read", [])])];

$out = watched_compact($history);

$expected = $history;
foreach ($foreign as $i => $meta) {
    $expected[0]["toolCalls"][$i]["arguments"] = ["big" => "[omitted]",
        "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
}
expect_output($out, $expected);
var_dump($out[0]["toolCalls"][8] === $history[0]["toolCalls"][8]);
?>
--EXPECT--
output as expected
bool(true)
