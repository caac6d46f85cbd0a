--TEST--
Hostile: a valid _tool_compaction with extra keys, without thresholdBytes, or listing a field: listed fields left alone, other keys kept in place, thresholdBytes set in place or appended, new entries appended
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$big2 = str_repeat("c", 200);
$done = ["bytes" => 1, "sha256" => "not checked"];
$history = [assistant([
    call("c1", "read", ["_tool_compaction" => ["note" => "keep", "omittedFields" => ["done" => $done], "extra" => [1]], "done" => $big, "fresh" => $big2, 0 => $big]),
    call("c2", "read", ["_tool_compaction" => ["thresholdBytes" => "old", "omittedFields" => []], "fresh" => $big2, "after" => 1]),
    call("c3", "read", ["_tool_compaction" => ["thresholdBytes" => 7, "omittedFields" => ["done" => $done]], "done" => $big]),
    call("c4", "read", []),
])];

$out = watched_compact($history);

$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["done" => $big, "fresh" => "[omitted]", 0 => "[omitted]",
    "_tool_compaction" => ["note" => "keep", "omittedFields" => ["done" => $done, "fresh" => omitted_entry($big2), 0 => omitted_entry($big)], "extra" => [1], "thresholdBytes" => 100]];
$expected[0]["toolCalls"][1]["arguments"] = ["fresh" => "[omitted]", "after" => 1,
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["fresh" => omitted_entry($big2)]]];
// c3: nothing new to omit: unchanged, its thresholdBytes too.
expect_output($out, $expected);
var_dump($out[0]["toolCalls"][2] === $history[0]["toolCalls"][2]);
?>
--EXPECT--
output as expected
bool(true)
