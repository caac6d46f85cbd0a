--TEST--
Hostile: messages and items with keys missing (role, content, toolResults, arguments, result) or extra: extra keys kept in their place, the placeholder appended when content is missing
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$history = [
    ["toolCalls" => [["id" => "c1", "toolName" => "read", "arguments" => ["big" => $big], "extra" => 1]], "extraA" => "a"],
    ["role" => "tool", "toolResults" => [["id" => "c1", "toolName" => "read", "result" => ["out" => $big], "x" => "y"]], "extraB" => "b"],
    ["toolCalls" => [["id" => "c2", "toolName" => "read"]]],
    ["role" => "tool", "content" => "raw", "toolResults" => [["id" => "c2", "toolName" => "read"]]],
    ["toolResults" => [["id" => "c1", "toolName" => "read", "result" => ["out" => $big]]]],
];

$out = watched_compact($history);

// Newest first: the last message's result (c1) is the first of group read
// and protects call c1; the result without a result key (c2) and the call
// without arguments (c2) take part, compacted with nothing to change; the
// older result of c1 is compacted (results are never protected by id).
$entry = omitted_entry($big);
$expected = [
    $history[0],
    ["role" => "tool", "toolResults" => [["id" => "c1", "toolName" => "read", "result" => ["out" => "[omitted]",
        "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => $entry]]], "x" => "y"]], "extraB" => "b",
        "content" => placeholder("read", "c1")],
    $history[2],
    $history[3],
    $history[4],
];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
