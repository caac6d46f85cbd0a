--TEST--
Hostile: JsonSerializable inside payloads: one that encodes (sized by its JSON), one that throws (an encoding failure: kept, no exception escapes), one at the top of a payload (an object: never called)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
final class Good implements JsonSerializable { public function jsonSerialize(): mixed { return str_repeat("g", 150); } }
final class Thrower implements JsonSerializable { public function jsonSerialize(): mixed { throw new RuntimeException("no"); } }
final class Counting implements JsonSerializable { public static int $calls = 0; public function jsonSerialize(): mixed { self::$calls++; return str_repeat("c", 500); } }
$good = [new Good()];
$bad = [new Thrower()];
$nested = ["deeper" => [new Thrower()], "text" => str_repeat("t", 200)];
$top = new Counting();
$history = [
    assistant([call("c1", "read", [])]),
    tool([result("c1", "read", ["good" => $good, "bad" => $bad, "nested" => $nested, "top" => $top])]),
    assistant([call("c2", "read", [])]),
    tool([result("c2", "read", ["x" => "y"])]),
];

$out = watched_compact($history);

$expected = $history;
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = ["good" => "[omitted]", "bad" => $bad, "nested" => $nested, "top" => $top,
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => [
        "good" => ["bytes" => 154, "sha256" => hash("sha256", "[\"" . str_repeat("g", 150) . "\"]")],
    ]]];
expect_output($out, $expected);
var_dump(Counting::$calls);
?>
--EXPECT--
output as expected
int(0)
