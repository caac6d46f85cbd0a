--TEST--
Hostile: arrays nested 100 000 deep in a result field, an identifier and as a message: no stack overflow, nothing of them changed
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
// A debug build of PHP cannot free such a value even without the extension:
// its unoptimised destructor recurses once per level and overflows the C stack.
if (PHP_DEBUG) die('skip a debug build of PHP overflows the C stack freeing values nested 100 000 deep');
?>
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$deep = [1];
for ($i = 0; $i < 100000; $i++) {
    $deep = [$deep];
}
$out200 = str_repeat("o", 200);
$history = [
    assistant([call("c1", "read", ["q" => $deep, "big" => str_repeat("b", 300)])]),
    assistant([call("c2", "read", ["q" => $deep])]),
    assistant([call("c3", "bash", [])]),
    tool([result("c3", "bash", ["deep" => $deep, "out" => $out200])]),
    assistant([call("c4", "bash", [])]),
    tool([result("c4", "bash", ["out" => "y"])]),
    $deep,
];

$out = watched_compact($history, ["toolIdentifierFields" => ["read" => ["q"]]]);

// c1 and c2: identifiers nested beyond 512 levels match nothing, each call is
// a group of its own and stays intact. The deep result field is an encoding
// failure (size 0): kept.
$expected = $history;
$expected[3]["content"] = placeholder("bash", "c3");
$expected[3]["toolResults"][0]["result"] = ["deep" => $deep, "out" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($out200)]]];
expect_output($out, $expected, false);
var_dump($out[0] === $history[0], $out[6] === $deep, $out[3]["toolResults"][0]["result"]["deep"] === $deep);
?>
--EXPECT--
output as expected
bool(true)
bool(true)
bool(true)
