--TEST--
Hostile: a history of a million messages: every message kept in its place, the two old payloads compacted
--EXTENSIONS--
toolcompact
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};
$user = ["role" => "user", "content" => "next", "toolCalls" => [], "toolResults" => []];
$big = str_repeat("b", 300);
$history = array_fill(0, 1000000, $user);
$history[0] = assistant([call("c1", "read", ["path" => "a", "big" => $big])]);
$history[1] = tool([result("c1", "read", ["out" => $big])]);
$history[999998] = assistant([call("c2", "read", ["path" => "a"])]);
$history[999999] = tool([result("c2", "read", ["out" => "small"])]);
// serialize() of the whole history grows its buffer 4 KiB at a time: with the
// system allocator (valgrind, sanitizers) that copies quadratically. The
// fingerprint checks the four messages and that every other one is still $user.
$fast = static fn (array $value): string => count($value) < 1000000 ? serialize($value)
    : count(array_keys($value, $user, true)) . " "
      . md5(serialize([$user, $value[0], $value[1], $value[999998], $value[999999], array_key_last($value)]));

$out = watched_compact($history, [], $fast);

$expected = $history;
$expected[0]["toolCalls"][0]["arguments"] = ["path" => "a", "big" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["big" => omitted_entry($big)]]];
$expected[1]["content"] = placeholder("read", "c1");
$expected[1]["toolResults"][0]["result"] = ["out" => "[omitted]",
    "_tool_compaction" => ["thresholdBytes" => 100, "omittedFields" => ["out" => omitted_entry($big)]]];
var_dump(count($out), $out === $expected, count(array_keys($out, $user, true)));
?>
--EXPECT--
int(1000000)
bool(true)
int(999996)
