--TEST--
sha256 pairs: omitted strings with the same bytes (one string in many fields, equal copies, an invalid one repeated) get json_encode()'s digest each; strings that share their length and first and last bytes but differ inside get their own
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=1
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * A pass does not hash again a string with the same bytes as one it took
 * before (a file read twice, a command run twice): its digest is copied.
 * What must hold is only SPEC's contract, that every omitted field's meta
 * has the bytes and the sha256 of the field's own json_encode():
 *
 * - 'same': one string in every message (the same zend_string);
 * - 'copy': one of four texts, each message a fresh copy (same bytes,
 *   another zend_string);
 * - 'near': strings of one length, alike in their first and last 16 bytes,
 *   each with its message number inside (same fingerprint, other bytes);
 * - 'short': 3 to 9 bytes, some equal and some not;
 * - 'many': 80 texts, more than the table of strings seen has slots;
 * - 'bad': the same invalid UTF-8 in messages 10 and 20 (kept, twice).
 *
 * toolcompact.sha256_pairs=1 takes the pair where the CPU has the SHA
 * extensions; without them, as under valgrind (which does not emulate
 * them), every string is hashed at once and the expected output is the
 * same.
 */
$same = str_repeat("same text \"quoted\"\n", 40);
$texts = ['alpha', 'beta', 'gamma', 'delta'];
$history = [];
for ($i = 0; $i < 41; $i++) {
    $fields = [
        'same' => $same,
        'copy' => implode('', array_fill(0, 30 + strlen($texts[$i % 4]), $texts[$i % 4] . ' ')),
        'near' => str_repeat('<', 16) . sprintf('%05d', $i % 7 === 0 ? 0 : $i) . str_repeat('>', 300) . str_repeat('.', 16),
        'short' => substr("xyz$i", 0, 3 + $i % 7),
        'many' => str_repeat(chr(65 + $i % 26), 150 + $i % 3) . ($i % 2 ? "\u{e9}" : "\t"),
    ];
    if ($i === 10 || $i === 20) {
        $fields['bad'] = str_repeat('w', 200) . "\xff" . str_repeat('w', 200);
    }
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
        'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => $fields]]];
}
$params = ['outputTrimBytes' => 2];

$out = toolcompact_compact($history, $params);
$counts = ['omitted' => 0, 'kept' => 0, 'errors' => 0];
foreach ($history as $m => $message) {
    $result = $out[$m]['toolResults'][0]['result'];
    foreach ($message['toolResults'][0]['result'] as $key => $v) {
        $json = json_encode($v);
        $entry = $result['_tool_compaction']['omittedFields'][$key] ?? null;
        if ($json === false || $m === count($history) - 1) {
            $ok = $entry === null && $result[$key] === $v;
            $counts['kept']++;
        } else {
            $ok = $entry === ['bytes' => strlen($v), 'sha256' => hash('sha256', $json)] && $result[$key] === '[omitted]';
            $counts['omitted']++;
        }
        if (!$ok && ++$counts['errors'] <= 5) {
            echo "message $m field $key wrong\n";
        }
    }
}
echo json_encode($counts), "\n";

ini_set('toolcompact.sha256_pairs', '0');
var_dump(toolcompact_compact($history, $params) === $out);
?>
--EXPECT--
{"omitted":200,"kept":7,"errors":0}
bool(true)
