--TEST--
Hostile: objects in payloads: at the top of a payload (size 0, never omitted, even at threshold 0), inside arrays (sized by their JSON: public properties only, internal classes too)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
final class Secretive { private string $secret = "s"; protected int $also = 1; }
$withProp = new stdClass();
$withProp->p = str_repeat("v", 20);
$date = new DateTimeImmutable("2020-01-02 03:04:05", new DateTimeZone("UTC"));
$plain = new stdClass();
$history = [
    assistant([call("c1", "read", [])]),
    tool([result("c1", "read", ["obj" => $plain, "wrapped" => [$withProp], "date" => [$date], "secretive" => [new Secretive()]])]),
    assistant([call("c2", "read", [])]),
    tool([result("c2", "read", ["x" => "y"])]),
];

$out = watched_compact($history, ["outputTrimBytes" => 0]);

$r = $history[1]["toolResults"][0]["result"];
$expected = $history;
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = [
    "obj" => $plain,
    "wrapped" => "[omitted]",
    "date" => "[omitted]",
    "secretive" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 0, "omittedFields" => [
        "wrapped" => omitted_entry($r["wrapped"]),
        "date" => omitted_entry($r["date"]),
        "secretive" => omitted_entry($r["secretive"]),
    ]],
];
expect_output($out, $expected);
echo json_encode($r["wrapped"]), " ", json_encode($r["secretive"]), "\n";
?>
--EXPECT--
output as expected
[{"p":"vvvvvvvvvvvvvvvvvvvv"}] [{}]
