--TEST--
Hostile: arrays nested 512 levels (encoded, omitted) and 513 levels (an encoding failure, kept); 600 levels in an identifier (matches nothing)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$nest = static function (int $levels): array { $v = [1]; for ($i = 1; $i < $levels; $i++) { $v = [$v]; } return $v; };
$ok = $nest(512);
$deep = $nest(513);
$id600 = $nest(600);
$big = str_repeat("b", 300);
$history = [
    assistant([call("c1", "read", ["q" => $id600, "big" => $big])]),
    assistant([call("c3", "read", ["q" => $ok, "big" => $big])]),
    assistant([call("c2", "read", ["q" => $id600, "big" => $big])]),
    assistant([call("c4", "read", ["q" => $ok, "big" => "small"])]),
    tool([result("c3", "read", ["ok" => $ok, "deep" => $deep])]),
    tool([result("c4", "read", ["x" => 1])]),
];

$out = watched_compact($history, ["toolIdentifierFields" => ["read" => ["q"]]]);

// json_encode of 512 nested [1]: 512 "[" + "1" + 512 "]" = 1025 bytes.
$expected = $history;
$expected[1]["toolCalls"][0]["arguments"] = ["q" => $ok, "big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
$expected[4]["content"] = placeholder("read", "c3");
$expected[4]["toolResults"][0]["result"] = ["ok" => "[omitted]", "deep" => $deep,
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["ok" => ["bytes" => 1025, "sha256" => hash("sha256", str_repeat("[", 512) . "1" . str_repeat("]", 512))]]]];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
