--TEST--
Hostile: open and closed resources: at the top of a payload (size 0) and inside arrays (json_encode() refuses them: kept); as identifiers they match only themselves
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$fh = fopen("php://memory", "r");
$other = fopen("php://memory", "r");
$closed = fopen("php://memory", "r");
fclose($closed);
$big = str_repeat("o", 200);
$history = [
    assistant([call("c1", "read", ["h" => $fh, "big" => $big])]),
    assistant([call("c2", "read", ["h" => $other, "big" => $big])]),
    assistant([call("c3", "read", ["h" => $fh])]),
    tool([result("c3", "read", ["fh" => $fh, "list" => [$fh], "closed" => $closed, "closedList" => [$closed], "out" => $big])]),
    tool([result("c3", "read", ["x" => 1])]),
];

$out = watched_compact($history, ["toolIdentifierFields" => ["read" => ["h"]]]);

// Groups: (read, $fh) = c1, c3; (read, $other) = c2. Both results answer c3:
// the newer one is kept, the older one compacted.
$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["h" => $fh, "big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
$expected[3]["content"] = placeholder("read", "c3");
$expected[3]["toolResults"][0]["result"] = ["fh" => $fh, "list" => [$fh], "closed" => $closed, "closedList" => [$closed], "out" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($big)]]];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
