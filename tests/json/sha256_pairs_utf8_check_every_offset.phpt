--TEST--
sha256 pairs: each kind of invalid sequence, at every offset around the 32- and 64-byte steps of the UTF-8 check and the escaper, leaves its field as json_encode() failing does, whether the escaper of the unchecked first rewrite or the check of the second finds it
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=1
--FILE--
<?php
/*
 * With pairs on, a pass first queues every omitted string unchecked (its
 * field omitted, the digest later); the escaper that feeds the streams
 * must find each invalid one, and the pass then rewrites its messages
 * again, queueing a string only when a check says json_encode() of it
 * cannot fail. Both must agree with json_encode() on every string: a field
 * is omitted exactly when json_encode() of it succeeds, with its sha256,
 * and kept as it is otherwise (SPEC: a value that cannot be encoded is not
 * omitted).
 *
 * 16 invalid sequences (overlong, surrogate, above U+10FFFF, lone or extra
 * continuations, cut short before ASCII or at the end) and 9 valid ones at
 * the edges of each length, each at offsets 0..70 in ASCII, followed by 40
 * bytes of ASCII and, a second time, at the very end of the string.
 * Offsets 0..70 put every sequence across the 32-byte steps at 32 and 64
 * and a lead byte last in a step before a step of plain ASCII.
 * Fields per offset: 25 * 2 = 50; omitted: 9 * 2 = 18, over 71 offsets
 * 1278, kept 16 * 2 * 71 = 2272. Dense text (2-, 3-, 4-byte characters, 1
 * to 200 of them, and cut by one byte) adds 3 * 8 valid and 3 * 8 invalid
 * fields.
 *
 * toolcompact.sha256_pairs=1 takes the pair where the CPU has the SHA
 * extensions; without them, as under valgrind (which does not emulate
 * them), every string is hashed at once and the expected output is the
 * same.
 */
$invalid = [
    "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf",
    "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff",
    "\x80", "\xc3\xa9\xbf", "\xc3", "\xe2\x82", "\xf0\x9f\x98",
];
$valid = ["\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80", "\xef\xbf\xbf",
    "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "caf\xc3\xa9"];

$history = [];
for ($offset = 0; $offset <= 70; $offset++) {
    $fields = [];
    foreach (array_merge($invalid, $valid) as $k => $seq) {
        $fields["m$k"] = str_repeat('a', $offset) . $seq . str_repeat('b', 40);
        $fields["e$k"] = str_repeat('a', $offset) . $seq;
    }
    $history[] = $fields;
}
$dense = [];
foreach (["\xc3\xa9", "\xe5\x90\x88", "\xf0\x9f\x98\x80"] as $char) {
    foreach ([1, 7, 10, 11, 16, 21, 33, 200] as $count) {
        $text = str_repeat($char, $count);
        $dense[] = $text;
        $dense[] = substr($text, 0, -1);
    }
}
$history[] = $dense;

$messages = [];
foreach ($history as $i => $fields) {
    $messages[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
        'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => $fields]]];
}
$messages[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'last', 'toolName' => 'x', 'result' => []]]];

$check = function (array $out) use ($history): array {
    $counts = ['omitted' => 0, 'kept' => 0, 'errors' => 0];
    foreach ($history as $m => $fields) {
        $result = $out[$m]['toolResults'][0]['result'];
        foreach ($fields as $key => $v) {
            $json = json_encode($v);
            $entry = $result['_tool_compaction']['omittedFields'][$key] ?? null;
            if ($json === false) {
                $ok = $entry === null && $result[$key] === $v;
                $counts['kept']++;
            } else {
                $ok = $entry === ['bytes' => strlen($v), 'sha256' => hash('sha256', $json)] && $result[$key] === '[omitted]';
                $counts['omitted']++;
            }
            if (!$ok && ++$counts['errors'] <= 5) {
                echo "message $m field $key (", bin2hex($v), ") wrong\n";
            }
        }
    }
    return $counts;
};

$params = ['outputTrimBytes' => 0];
$paired = toolcompact_compact($messages, $params);
echo json_encode($check($paired)), "\n";
ini_set('toolcompact.memo_entries', '0');
ini_set('toolcompact.sha256_pairs', '0');
var_dump(toolcompact_compact($messages, $params) === $paired);
?>
--EXPECT--
{"omitted":1302,"kept":2296,"errors":0}
bool(true)
