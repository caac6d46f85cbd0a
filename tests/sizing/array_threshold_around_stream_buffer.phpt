--TEST--
array fields around thresholds of 0 to 20000 bytes, with JSON shorter and longer than the 8 KB hashing buffer: omitted exactly when longer than the threshold, with json_encode()'s length and sha256; failures and objects past the buffer
--EXTENSIONS--
toolcompact
--FILE--
<?php
/*
 * An array field is measured and hashed in one walk, the digest started
 * only once 8192 bytes of JSON are buffered (tc_json_measure_sha256()). Its
 * size is still strlen(json_encode()), and it is omitted only when that is
 * above outputTrimBytes (SPEC Part 1, "Compacting a payload"), whether the
 * digest had started or not. The array ['x' => str_repeat('a', n)] encodes
 * as {"x":"aaa…"}, n + 8 bytes.
 */
final class Late implements JsonSerializable
{
    public static int $calls = 0;
    public function jsonSerialize(): mixed { self::$calls++; return 'late'; }
}

function history(array $result): array
{
    $call = fn ($id) => ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => $id, 'toolName' => 't', 'arguments' => []]], 'toolResults' => []];
    $tool = fn ($id, $r) => ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => 't', 'result' => $r]]];
    return [$call('c1'), $tool('c1', $result), $call('c2'), $tool('c2', ['f' => 1])];
}

/* "omitted N sha-ok" or "kept", checked against json_encode() here */
function outcome(array $result, int $threshold): string
{
    $out = toolcompact_compact(history($result), ['outputTrimBytes' => $threshold]);
    $GLOBALS['callsDuringPass'] = Late::$calls;
    $new = $out[1]['toolResults'][0]['result'];
    if ($new === $result) {
        return 'kept';
    }
    $entry = $new['_tool_compaction']['omittedFields']['f'] ?? null;
    $json = json_encode($result['f']);
    $ok = $new['f'] === '[omitted]' && $json !== false && $entry === ['bytes' => strlen($json), 'sha256' => hash('sha256', $json)];
    return 'omitted ' . $entry['bytes'] . ($ok ? ' sha-ok' : ' WRONG');
}

foreach ([0, 100, 8191, 8192, 8193, 20000] as $t) {
    foreach ([max(9, $t - 1), $t, $t + 1, $t + 8200] as $len) {
        if ($len < 9) {
            continue;
        }
        $field = ['x' => str_repeat('a', $len - 8)];
        printf("threshold %5d, JSON %5d: %s\n", $t, $len, outcome(['f' => $field], $t));
    }
}

// an escape or a non-ASCII character on the buffer's edge
foreach ([8180, 8189, 8190, 8191, 8192] as $at) {
    $s = str_repeat('b', $at) . "\"/é\u{1F600}" . str_repeat('c', 300);
    echo "escapes at $at: ", outcome(['f' => [$s]], 100), "\n";
}

// failures after the digest has started: kept, as json_encode() fails
echo "invalid UTF-8 past 8 KB: ", outcome(['f' => [str_repeat('d', 9000), "\xff"]], 100), "\n";
echo "INF past 8 KB: ", outcome(['f' => [str_repeat('d', 9000), INF]], 100), "\n";
// an object past 8 KB: PHP's encoder decides, and runs jsonSerialize() once
echo "object past 8 KB: ", outcome(['f' => [str_repeat('e', 9000), new Late()]], 100), ", jsonSerialize() calls in the pass ", $callsDuringPass, "\n";
?>
--EXPECT--
threshold     0, JSON     9: omitted 9 sha-ok
threshold     0, JSON  8200: omitted 8200 sha-ok
threshold   100, JSON    99: kept
threshold   100, JSON   100: kept
threshold   100, JSON   101: omitted 101 sha-ok
threshold   100, JSON  8300: omitted 8300 sha-ok
threshold  8191, JSON  8190: kept
threshold  8191, JSON  8191: kept
threshold  8191, JSON  8192: omitted 8192 sha-ok
threshold  8191, JSON 16391: omitted 16391 sha-ok
threshold  8192, JSON  8191: kept
threshold  8192, JSON  8192: kept
threshold  8192, JSON  8193: omitted 8193 sha-ok
threshold  8192, JSON 16392: omitted 16392 sha-ok
threshold  8193, JSON  8192: kept
threshold  8193, JSON  8193: kept
threshold  8193, JSON  8194: omitted 8194 sha-ok
threshold  8193, JSON 16393: omitted 16393 sha-ok
threshold 20000, JSON 19999: kept
threshold 20000, JSON 20000: kept
threshold 20000, JSON 20001: omitted 20001 sha-ok
threshold 20000, JSON 28200: omitted 28200 sha-ok
escapes at 8180: omitted 8506 sha-ok
escapes at 8189: omitted 8515 sha-ok
escapes at 8190: omitted 8516 sha-ok
escapes at 8191: omitted 8517 sha-ok
escapes at 8192: omitted 8518 sha-ok
invalid UTF-8 past 8 KB: kept
INF past 8 KB: kept
object past 8 KB: omitted 9011 sha-ok, jsonSerialize() calls in the pass 1
