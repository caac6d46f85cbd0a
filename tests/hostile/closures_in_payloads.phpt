--TEST--
Hostile: closures: at the top of a payload (size 0), inside arrays (encoded as {}), as identifier values (each instance matches only itself)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$f = static fn (): int => 1;
$g = static fn (): int => 2;
$big = str_repeat("b", 300);
$history = [
    assistant([call("c1", "run", ["cb" => $f, "big" => $big, "top" => $g, "wrapped" => [$g, Closure::fromCallable("strlen")]])]),
    assistant([call("c2", "run", ["cb" => $g, "big" => $big])]),
    assistant([call("c3", "run", ["cb" => $f, "big" => "small"])]),
];

$out = watched_compact($history, ["inputTrimBytes" => 3, "toolIdentifierFields" => ["run" => ["cb"]]]);

// c3 and c1 share the instance $f (one group, c1 older: compacted), c2 has $g.
// [$g, strlen] encodes as [{},{}]: 7 bytes > 3; the top-level closure is 0.
$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["cb" => $f, "big" => "[omitted]", "top" => $g, "wrapped" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 3, "omittedFields" => [
        "big" => omitted_entry($big),
        "wrapped" => ["bytes" => 7, "sha256" => hash("sha256", "[{},{}]")],
    ]]];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
