--TEST--
Hostile: a 100 MB field in an old result is omitted: its size is its byte length, its hash the SHA-256 of its JSON
--EXTENSIONS--
toolcompact
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$huge = str_repeat("a", 100 * 1024 * 1024);
$history = [
    assistant([call("c1", "read", ["path" => "big.bin"])]),
    tool([result("c1", "read", ["content" => $huge, "path" => "big.bin"])]),
    assistant([call("c2", "read", ["path" => "big.bin"])]),
    tool([result("c2", "read", ["content" => "small now"])]),
];

$out = watched_compact($history);

$expected = $history;
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = ["content" => "[omitted]", "path" => "big.bin",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [
        "content" => ["bytes" => 104857600, "sha256" => hash("sha256", "\"" . $huge . "\"")],
    ]]];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
