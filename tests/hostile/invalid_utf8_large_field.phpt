--TEST--
Hostile: invalid UTF-8 in a 1.2 MB field, in an array field and in a key: a string that json_encode() refuses is never omitted, an array that it refuses has size 0
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$binary = str_repeat("\xff\xfe\x00abc", 200000);
$inArray = ["ok", "\xc3\x28"];
$valid = str_repeat("v", 500);
$underBadKey = str_repeat("k", 300);
$history = [
    assistant([call("c1", "read", ["path" => "a"])]),
    tool([result("c1", "read", ["blob" => $binary, "arr" => $inArray, "text" => $valid, "\xffkey" => $underBadKey])]),
    assistant([call("c2", "read", ["path" => "a"])]),
    tool([result("c2", "read", ["text" => "new"])]),
];

$out = watched_compact($history);

// SPEC: omitted only when size > threshold and json_encode($value) succeeds.
$expected = $history;
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = [
    "blob" => $binary,
    "arr" => $inArray,
    "text" => "[omitted]",
    "\xffkey" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [
        "text" => omitted_entry($valid),
        "\xffkey" => omitted_entry($underBadKey),
    ]],
];
expect_output($out, $expected);
?>
--EXPECT--
output as expected
