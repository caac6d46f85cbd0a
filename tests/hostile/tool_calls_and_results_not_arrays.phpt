--TEST--
Hostile: toolCalls and toolResults that are strings, numbers, null or objects count as empty lists; entries of a list that are not arrays are left as they are
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$history = [
    assistant([call("c1", "read", ["big" => $big])]),
    ["role" => "tool", "content" => "raw", "toolCalls" => "read_file", "toolResults" => "c1"],
    ["role" => "assistant", "content" => null, "toolCalls" => 42, "toolResults" => null],
    ["role" => "tool", "content" => "raw", "toolCalls" => new stdClass(), "toolResults" => true],
    ["role" => "tool", "content" => "raw", "toolCalls" => ["x" => "call c1"], "toolResults" => ["not a result", 7, null]],
    assistant([call("c2", "read", ["big" => "small"])]),
];

$out = watched_compact($history);

$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
expect_output($out, $expected);
foreach ([1, 2, 3, 4, 5] as $i) {
    echo $out[$i] === $history[$i] ? "same" : "CHANGED", "\n";
}
?>
--EXPECT--
output as expected
same
same
same
same
same
