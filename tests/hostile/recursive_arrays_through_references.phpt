--TEST--
Hostile: recursive arrays through PHP references as a field, as a whole payload, as an identifier and as the history itself: encoding failures, kept; no hang
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$rec = ["leaf" => str_repeat("r", 200)];
$rec["self"] = &$rec;
$payload = ["out" => str_repeat("o", 300)];
$payload["me"] = &$payload;
$big = str_repeat("b", 300);
$history = [
    assistant([call("c1", "read", ["q" => $rec, "big" => $big])]),
    assistant([call("c2", "read", ["q" => $rec])]),
    assistant([call("c3", "bash", [])]),
    tool([result("c3", "bash", ["loop" => $rec, "out" => $big])]),
    tool([result("c3", "bash", $payload)]),
    assistant([call("c4", "bash", [])]),
    tool([result("c4", "bash", ["x" => 1])]),
];
$history[] = &$history;

$out = watched_compact($history, ["toolIdentifierFields" => ["read" => ["q"]]]);

// Identifiers that are recursive match nothing: c1 and c2 stay intact.
$expected = $history;
$expected[3]["content"] = placeholder("bash", "c3");
$expected[3]["toolResults"][0]["result"] = ["loop" => $rec, "out" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($big)]]];
$expected[4]["content"] = placeholder("bash", "c3");
$expected[4]["toolResults"][0]["result"] = ["out" => "[omitted]", "me" => $payload,
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($payload["out"])]]];
expect_output($out, $expected);
var_dump(count($out), $out[0] === $history[0]);
?>
--EXPECT--
output as expected
int(8)
bool(true)
