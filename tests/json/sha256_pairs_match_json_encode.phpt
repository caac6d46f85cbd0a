--TEST--
sha256 pairs: omitted strings hashed two at a time get json_encode()'s sha256, at every padding and buffer boundary, beside strings hashed one at a time
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=1
--FILE--
<?php
/*
 * toolcompact.sha256_pairs=1 queues every omitted string on the pair where
 * the CPU has the SHA extensions (without them, as under valgrind, which
 * does not emulate them, each is hashed at once, with the same output):
 * unchecked, then, since some are not valid UTF-8, again in a second
 * rewrite that queues the valid ones only. The expected meta entries come from json_encode() and
 * hash(); the output must also be identical with the pairs off. Lengths
 * cover the last block's padding (55/56 and 119/120 bytes of JSON), the
 * 2048-byte escape buffer (plain and doubled by escapes), and strings much
 * longer than the buffer; non-ASCII (queued too), invalid UTF-8 and array
 * fields sit between them, so queued and at-once digests interleave in one
 * pass. With 104 queued strings a call, more than wait for a stream
 * (TC_SHA256_PAIR_WAIT), the ring of waiting strings wraps, and the last
 * ones, of very different lengths, are taken longest first.
 *
 * Omitted per call: the 65 'f' strings; in the 22 messages with i % 3 = 0,
 * 'g' (22) and 'e' but for the 5 with invalid UTF-8 (17): 104, over three
 * calls 312.
 */
$values = [];
foreach ([1, 2, 52, 53, 54, 55, 56, 61, 62, 63, 64, 65, 117, 118, 119, 126, 127, 128] as $n) {
    $values[] = str_repeat('a', $n);
}
foreach ([1000, 1020, 1023, 1024, 1025, 2040, 2045, 2046, 2047, 2048, 2049, 2100, 4095, 4096, 4097] as $n) {
    $values[] = str_repeat('/', $n);                        // every byte escaped: twice the JSON
    $values[] = str_repeat('x', $n);
    $values[] = str_repeat("q\"\\\n\t\x01z", intdiv($n, 7)); // two- and six-byte escapes
}
foreach ([30000, 70001] as $n) {
    $values[] = substr(str_repeat("line of code(\$x) { return \"/\"; }\n", intdiv($n, 30) + 1), 0, $n);
}
$eager = ["caf\u{e9} " . str_repeat('b', 300), "bad \xff " . str_repeat('c', 300), ['list' => range(1, 200)], 12345678901];
$history = [];
foreach ($values as $i => $v) {
    $fields = ['f' => $v];
    if ($i % 3 === 0) {
        $fields['e'] = $eager[$i % count($eager)];          // one at a time, between queued ones
        $fields['g'] = strrev($v);
    }
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
        'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => $fields]]];
}
$history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'last', 'toolName' => 'x', 'result' => []]]];

function expected(mixed $v): ?array
{
    $json = json_encode($v);
    if ($json === false) {
        return null;
    }
    $size = is_string($v) ? strlen($v) : (is_array($v) ? strlen($json) : strlen((string) $v));
    return $size > 0 ? ['bytes' => $size, 'sha256' => hash('sha256', $json)] : null;
}

$errors = 0;
$omitted = 0;
$check = function (array $out, string $what) use ($history, &$errors, &$omitted): void {
    foreach ($history as $m => $message) {
        foreach ($message['toolResults'][0]['result'] as $key => $v) {
            $want = $m === count($history) - 1 ? null : expected($v);
            $got = $out[$m]['toolResults'][0]['result']['_tool_compaction']['omittedFields'][$key] ?? null;
            $value = $out[$m]['toolResults'][0]['result'][$key];
            if ($got !== $want || ($want === null ? $value !== $v : $value !== '[omitted]')) {
                $errors++;
                if ($errors <= 5) {
                    echo "$what: message $m field $key: ", json_encode($got), ' expected ', json_encode($want), "\n";
                }
            }
            $omitted += $got !== null;
        }
    }
};

var_dump(ini_get('toolcompact.sha256_pairs'));
$params = ['outputTrimBytes' => 0];
$paired = toolcompact_compact($history, $params);
$check($paired, 'pairs');
$report = null;
$check(toolcompact_compact($history, $params, $report), 'pairs with a report');
var_dump($report['fieldsOmitted'] === $omitted / 2, $report['savedBytes'] > 0);
$check(toolcompact_compact($history, $params), 'pairs, from the memo');
ini_set('toolcompact.memo_entries', '0');
ini_set('toolcompact.sha256_pairs', '0');
$one = toolcompact_compact($history, $params);
var_dump($one === $paired);
echo "checked $omitted omitted fields, $errors errors\n";
?>
--EXPECT--
string(1) "1"
bool(true)
bool(true)
bool(true)
checked 312 omitted fields, 0 errors
