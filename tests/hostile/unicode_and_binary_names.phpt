--TEST--
Hostile: tool names and ids with multibyte text, NUL bytes and invalid UTF-8 go into the placeholder byte for byte; multibyte fields are sized in bytes; binary keys are kept
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$tool = "ünï\0c\xffde";
$id = "c\xfe1";
$polish = str_repeat("ż", 60); // 120 bytes, 60 characters
$history = [
    assistant([call($id, $tool, ["\xff\xfe" => $polish, "short" => str_repeat("ż", 50)])]),
    tool([result($id, $tool, ["out" => $polish])]),
    assistant([call("c2", $tool, [])]),
    tool([result("c2", $tool, [])]),
];

$out = watched_compact($history, ["excludedTools" => ["ünï", "ünï\0c"]]);

$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["\xff\xfe" => "[omitted]", "short" => str_repeat("ż", 50),
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["\xff\xfe" => omitted_entry($polish)]]];
$expected[1]["content"] = "[tool_compaction] Tool result compacted for tool=ünï\0c\xffde, callId=c\xfe1. Large fields omitted.";
$expected[1]["toolResults"][0]["result"] = ["out" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($polish)]]];
expect_output($out, $expected);
echo $expected[1]["toolResults"][0]["result"]["_tool_compaction"]["omittedFields"]["out"]["bytes"], "\n";
?>
--EXPECT--
output as expected
120
