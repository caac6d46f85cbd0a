--TEST--
Hostile: messages that are not arrays (strings, numbers, null, booleans, objects, closures, resources) are left as they are among messages that are walked
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$fh = fopen("php://memory", "r");
$fn = static fn () => 1;
$object = new stdClass();
$history = [
    "a string",
    assistant([call("c1", "read", ["big" => $big])]),
    42, null, 3.5, true, NAN, $object, $fn, $fh,
    assistant([call("c2", "read", ["big" => $big])]),
    "",
];

$out = watched_compact($history);

$expected = $history;
$expected[1]["toolCalls"][0]["arguments"] = ["big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
expect_output($out, $expected);
var_dump($out[7] === $object, $out[8] === $fn, $out[9] === $fh);
?>
--EXPECT--
output as expected
bool(true)
bool(true)
bool(true)
