--TEST--
memo: a JsonSerializable in a payload that compacts the same history again while the memo is open: the inner passes run without the memo, nothing is evicted under the outer pass, outputs equal those of passes without re-entry
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=1000
--FILE--
<?php
final class Reenter implements JsonSerializable
{
    public static array $history = [];
    public static bool $armed = false;
    public static int $depth = 0;
    public static int $inner = 0;

    public function jsonSerialize(): mixed
    {
        if (self::$armed && self::$depth < 2) {
            self::$depth++;
            self::$inner++;
            toolcompact_compact(self::$history, ['outputTrimBytes' => 50]);
            ini_set('toolcompact.memo_entries', '1'); // a bound below what the memo holds
            ini_set('toolcompact.memo_entries', '1000');
            self::$depth--;
        }
        return str_repeat('j', 100);
    }
}
$history = [];
for ($i = 0; $i < 6; $i++) {
    $history[] = ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => "c$i", 'toolName' => 'read', 'arguments' => ['path' => 'a']]], 'toolResults' => []];
    $history[] = ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => "c$i", 'toolName' => 'read', 'result' => ['blob' => [new Reenter()], 'text' => str_repeat("t$i", 100)]]]];
}
// the outputs of passes without the memo and without re-entry first
ini_set('toolcompact.memo_entries', '0');
$plain = [];
$grown = $history;
for ($turn = 0; $turn < 4; $turn++) {
    $plain[] = toolcompact_compact($grown, ['outputTrimBytes' => 50]);
    $grown[] = ['role' => 'user', 'content' => "u$turn", 'toolCalls' => [], 'toolResults' => []];
}
ini_set('toolcompact.memo_entries', '1000');
$same = true;
for ($turn = 0; $turn < 4; $turn++) {
    Reenter::$history = $history;
    Reenter::$armed = true;
    $out = toolcompact_compact($history, ['outputTrimBytes' => 50]);
    Reenter::$armed = false;
    $same = $same && $out === $plain[$turn];
    $history[] = ['role' => 'user', 'content' => "u$turn", 'toolCalls' => [], 'toolResults' => []];
}
var_dump($same, Reenter::$inner > 0, toolcompact_memo_info()['hits'] > 0, $out[1]['toolResults'][0]['result']['text']);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
string(9) "[omitted]"
