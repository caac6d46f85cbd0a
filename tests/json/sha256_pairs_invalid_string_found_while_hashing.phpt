--TEST--
sha256 pairs: a string taken unchecked that turns out not to be valid UTF-8 while it is hashed makes the pass rewrite its messages again: the field is kept, the other digests, the report and the memo's copies are those of a pass with the pairs off
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=1
--FILE--
<?php
/*
 * The pair takes omitted strings without checking them first; the escaper
 * that feeds its streams finds invalid UTF-8 only while the string is
 * hashed, after its field was omitted. The pass must then rewrite its
 * messages again, checking each string: SPEC says a value that cannot be
 * encoded is not omitted.
 *
 * 60 messages, newest rewritten first, each with one valid string 'f' (300
 * to 5000 bytes, so that the ring of waiting strings fills and strings are
 * hashed while the pass goes on). Invalid strings, each in its own field:
 * message 50 (found early, 9 messages into the pass), message 30 with the
 * bad byte after 4000 valid bytes (past two escape buffers), message 2
 * (found only by the check of the second rewrite, or by the first one's
 * end). Omitted: the 59 'f' strings; kept: the 3 invalid ones and the 'f'
 * of the last message, which stays intact.
 *
 * The second call opens the memo and gives it the messages' copies, the
 * third takes them from it: copies made by the failed rewrite must not
 * survive.
 *
 * toolcompact.sha256_pairs=1 takes the pair where the CPU has the SHA
 * extensions; without them, as under valgrind (which does not emulate
 * them), every string is hashed at once and the expected output is the
 * same.
 */
$history = [];
for ($i = 0; $i < 60; $i++) {
    $fields = ['f' => str_repeat(chr(97 + $i % 26), 300 + ($i * 487) % 4700)];
    if ($i === 50) {
        $fields['bad'] = "bad \xff " . str_repeat('x', 500);
    } elseif ($i === 30) {
        $fields['bad'] = str_repeat("caf\u{e9} ", 800) . "\xe2\x82" . str_repeat('y', 100);
    } elseif ($i === 2) {
        $fields['bad'] = str_repeat('z', 700) . "\xc3";
    }
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
        'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => $fields]]];
}

$check = function (array $out, string $what) use ($history): void {
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
            if (!$ok && ++$counts['errors'] <= 3) {
                echo "$what: message $m field $key wrong\n";
            }
        }
    }
    echo "$what: ", json_encode($counts), "\n";
};

$params = ['outputTrimBytes' => 100];
$check(toolcompact_compact($history, $params, $report), 'first call');
$check($paired = toolcompact_compact($history, $params), 'second call');
$check(toolcompact_compact($history, $params), 'third call, from the memo');
echo 'memo hits: ', toolcompact_memo_info()['hits'] > 0 ? 'yes' : 'no', "\n";

ini_set('toolcompact.memo_entries', '0');
ini_set('toolcompact.sha256_pairs', '0');
var_dump(toolcompact_compact($history, $params, $one) === $paired);
var_dump($report === $one, $report['fieldsOmitted']);
?>
--EXPECT--
first call: {"omitted":59,"kept":4,"errors":0}
second call: {"omitted":59,"kept":4,"errors":0}
third call, from the memo: {"omitted":59,"kept":4,"errors":0}
memo hits: yes
bool(true)
bool(true)
int(59)
