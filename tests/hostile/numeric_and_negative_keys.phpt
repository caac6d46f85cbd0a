--TEST--
Hostile: numeric, negative and PHP_INT_MAX keys at every level (history, lists, payloads, the identifier field "0"): kept with their order; omittedFields keyed like the payload
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$big = str_repeat("b", 300);
$big2 = str_repeat("c", 200);
$history = [
    -5 => assistant([-1 => call("c1", "read", [0 => "same", -1 => $big, "7" => $big2, "name" => "n"]), "k" => call("c2", "bash", ["x" => 1])]),
    3 => tool([9 => result("c1", "read", [-2 => $big, 0 => "x"])]),
    "x" => assistant([5 => call("c3", "read", [0 => "same"])]),
    PHP_INT_MAX => tool([-7 => result("c3", "read", ["o" => "y"])]),
];

$out = watched_compact($history, ["toolIdentifierFields" => ["read" => ["0"]]]);

// "0" names the integer key 0: both read calls are group (read, "same").
$expected = $history;
$expected[-5]["toolCalls"][-1]["arguments"] = [0 => "same", -1 => "[omitted]", 7 => "[omitted]", "name" => "n",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [-1 => omitted_entry($big), 7 => omitted_entry($big2)]]];
$expected[3]["content"] = placeholder("read", "c1");
$expected[3]["toolResults"][9]["result"] = [-2 => "[omitted]", 0 => "x",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [-2 => omitted_entry($big)]]];
expect_output($out, $expected);
var_dump(array_keys($out), array_keys($out[-5]["toolCalls"]));
?>
--EXPECT--
output as expected
array(4) {
  [0]=>
  int(-5)
  [1]=>
  int(3)
  [2]=>
  string(1) "x"
  [3]=>
  int(9223372036854775807)
}
array(2) {
  [0]=>
  int(-1)
  [1]=>
  string(1) "k"
}
