--TEST--
Hostile: arguments and result that are strings, numbers, null, booleans, objects or missing: the item takes part in the walk, its payload is never changed
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$history = [
    assistant([call("c1", "read", ["big" => $big]), ["id" => "c3", "toolName" => "write"]]),
    assistant([call("c2", "read", $big), call("c4", "write", ["x" => $big])]),
    tool([result("c1", "read", $big), result("c5", "ls", 12345), result("c6", "ls", null)], "raw"),
    tool([result("c2", "read", new ArrayObject(["big" => $big]))], "raw"),
    tool([result("c7", "ls", true), result("c8", "ls", 1.5)], "raw"),
];

$out = watched_compact($history);

// Walk (newest first): results c8, c7 (group ls: c8 first), c2 (group read);
// calls c4 (write), c2 (protected); results c6, c5 (ls, seen: compacted but
// not arrays: unchanged), c1 (read seen: compacted, a string: unchanged);
// calls c3 (write seen, no arguments: unchanged), c1 (read seen: its array
// arguments compacted). No payload of a tool message changed: no placeholder.
$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
expect_output($out, $expected);
var_dump($out[2] === $history[2], $out[1] === $history[1]);
?>
--EXPECT--
output as expected
bool(true)
bool(true)
