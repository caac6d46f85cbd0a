--TEST--
Hostile: excludedTools and toolIdentifierFields of every wrong shape: non-arrays become [], non-string entries are skipped and lists re-indexed, a tool whose list is not an array is unconfigured, integer tool keys work
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$fn = static fn () => 1;
$cases = [
    ["excludedTools" => "bash"],
    ["excludedTools" => 5, "toolIdentifierFields" => "read"],
    ["excludedTools" => null, "toolIdentifierFields" => null],
    ["excludedTools" => new ArrayObject(["bash"]), "toolIdentifierFields" => new ArrayObject(["read" => ["path"]])],
    ["excludedTools" => $fn, "toolIdentifierFields" => $fn],
    ["excludedTools" => ["bash", 5, null, ["x"], "read", 1.5, new stdClass(), true], "toolIdentifierFields" => ["read" => "path"]],
    ["excludedTools" => ["a" => "bash", "b" => "ls"], "toolIdentifierFields" => ["read" => ["path", 0, null, ["q"], "offset"], "ls" => [], "w" => false]],
    ["toolIdentifierFields" => [5 => ["path"], "read" => ["x" => "path", "y" => "line"]]],
];
foreach ($cases as $i => $params) {
    echo $i, ": ", json_encode(array_slice(ToolCompact\ToolCompactionStrategyParams::resolve($params), 0, 4)), "\n"; // the Part 1 keys
}

// Tool "5" (a string) is configured by the integer key 5: calls on different
// paths are different groups, so nothing is compacted.
$big = str_repeat("b", 300);
$history = [assistant([call("c1", "5", ["path" => "a", "big" => $big])]), assistant([call("c2", "5", ["path" => "b"])])];
$out = watched_compact($history, $cases[7]);
expect_output($out, $history);
?>
--EXPECT--
0: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":[],"toolIdentifierFields":[]}
1: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":[],"toolIdentifierFields":[]}
2: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":[],"toolIdentifierFields":[]}
3: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":[],"toolIdentifierFields":[]}
4: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":[],"toolIdentifierFields":[]}
5: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":["bash","read"],"toolIdentifierFields":[]}
6: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":["bash","ls"],"toolIdentifierFields":{"read":["path","offset"],"ls":[]}}
7: {"inputTrimBytes":100,"outputTrimBytes":100,"excludedTools":[],"toolIdentifierFields":{"5":["path"],"read":["path","line"]}}
output as expected
