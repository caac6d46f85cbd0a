--TEST--
Hostile: inputTrimBytes and outputTrimBytes of every wrong type (numeric strings, floats, booleans, null, arrays, objects, closures, resources, NAN, negatives) fall back to 100, silently
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$wrong = ["5", "100", "abc", 5.0, 0.0, NAN, INF, true, false, null, [], [5], new stdClass(), static fn () => 5, fopen("php://memory", "r"), -1, PHP_INT_MIN];
$f100 = str_repeat("h", 100);
$f101 = str_repeat("e", 101);
$history = [
    assistant([call("c1", "read", ["a" => $f100, "b" => $f101])]),
    tool([result("c1", "read", ["a" => $f100, "b" => $f101])]),
    assistant([call("c2", "read", [])]),
    tool([result("c2", "read", [])]),
];
// With threshold 100: the 101-byte fields are omitted, the 100-byte ones kept.
$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["a" => $f100, "b" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["b" => omitted_entry($f101)]]];
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = $expected[0]["toolCalls"][0]["arguments"];
$resolvedDefaults = ["inputTrimBytes" => 100, "outputTrimBytes" => 100, "excludedTools" => [], "toolIdentifierFields" => []];

foreach ($wrong as $i => $value) {
    $params = ["inputTrimBytes" => $value, "outputTrimBytes" => $value];
    $out = watched_compact($history, $params);
    echo $i, ": ";
    expect_output($out, $expected);
    if (array_slice(ToolCompact\ToolCompactionStrategyParams::resolve($params), 0, 4) !== $resolvedDefaults) { // the Part 1 keys
        echo "resolve() differs for $i\n";
    }
}
// A reference to a valid value is read through.
$five = 5;
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(["inputTrimBytes" => &$five])["inputTrimBytes"]);
?>
--EXPECT--
0: output as expected
1: output as expected
2: output as expected
3: output as expected
4: output as expected
5: output as expected
6: output as expected
7: output as expected
8: output as expected
9: output as expected
10: output as expected
11: output as expected
12: output as expected
13: output as expected
14: output as expected
15: output as expected
16: output as expected
int(5)
