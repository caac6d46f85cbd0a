--TEST--
Hostile: many calls and a result sharing the empty id "" across tools: the newest call with the id gives the result its group, protection by id covers every call with that id
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$history = [
    assistant([call("", "read", ["big" => $big])]),
    assistant([call("", "read", ["big" => $big])]),
    tool([result("", "read", ["out" => $big])]),
    assistant([call("", "bash", ["cmd" => "ls"])]),
];

$out = watched_compact($history);

// Index: "" => group of the bash call (the newest). Walk: the bash call is
// first of its group and protects "", the read result is in group bash, seen:
// compacted (named by its own toolName); both read calls have a protected id.
$expected = $history;
$expected[2]["content"] = placeholder("read", "");
$expected[2]["toolResults"][0]["result"] = ["out" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($big)]]];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
