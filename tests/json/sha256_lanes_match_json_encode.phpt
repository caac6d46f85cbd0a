--TEST--
sha256 lanes: omitted strings hashed sixteen side by side get json_encode()'s sha256, whatever their lengths, with repeated bytes and invalid UTF-8 among them, and the output is that of a pass without pairs
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=3
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * toolcompact.sha256_pairs=3 starts the lanes as soon as the ring of
 * waiting strings is full (in portable C where the CPU has no AVX-512, as
 * under valgrind). 240 omitted strings of lengths from 0 to 9000 bytes
 * (each padding boundary of the first blocks among them), plain, escaped
 * and non-ASCII, so that lanes end at every point of a run and take the
 * next string while the others go on; every 17th repeats an earlier one's
 * bytes (one digest for both). Lanes end with fewer than
 * TC_SHA256_LANES_MIN busy, and the rest is hashed two at a time.
 *
 * The second history holds three strings that are not valid UTF-8 (the
 * bad byte after 0, 3000 and 8000 valid ones), taken unchecked into the
 * lanes: the pass rewrites its messages again, checking each string, and
 * those three fields are kept.
 *
 * The expected meta entries come from json_encode() and hash(); the whole
 * output must be identical with the pairs off, and with the default.
 */
function value(int $i): string
{
    $len = $i < 130 ? $i : ($i * 7919) % 9000;
    $unit = ['abcdefgh', 'a/b"c\\d', "caf\u{e9} \u{1F600}\t", "x\n\x01y"][$i % 4];
    $s = substr(str_repeat($unit, intdiv($len, strlen($unit)) + 1), 0, $len);
    while (!preg_match('//u', $s)) {
        $s = substr($s, 0, -1); // not in the middle of a character
    }
    return $s;
}

function history(array $values): array
{
    $history = [];
    foreach ($values as $i => $v) {
        $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
            'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => ['f' => $v]]]];
    }
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'last', 'toolName' => 'x', 'result' => []]]];
    return $history;
}

function check(array $history, array $out): array
{
    $omitted = $errors = 0;
    foreach (array_slice($history, 0, -1) as $m => $message) {
        $v = $message['toolResults'][0]['result']['f'];
        $json = json_encode($v);
        $want = $json !== false && $v !== '' ? ['bytes' => strlen($v), 'sha256' => hash('sha256', $json)] : null;
        $got = $out[$m]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['f'] ?? null;
        if ($got !== $want) {
            $errors++;
        }
        $omitted += $got !== null;
    }
    return [$omitted, $errors];
}

$values = [];
for ($i = 0; $i < 240; $i++) {
    $values[] = $i % 17 === 16 ? $values[$i - 9] : value($i);
}
$invalid = $values;
$invalid[200] = "\xff" . $values[200];
$invalid[120] = str_repeat('v', 3000) . "\xc3(" . $values[120];
$invalid[40] = str_repeat('w', 8000) . "\xed\xa0\x80";

$params = ['outputTrimBytes' => 0];
foreach (['valid' => history($values), 'three invalid' => history($invalid)] as $name => $history) {
    ini_set('toolcompact.sha256_pairs', '3');
    $report = null;
    $lanes = toolcompact_compact($history, $params, $report);
    [$omitted, $errors] = check($history, $lanes);
    ini_set('toolcompact.sha256_pairs', '0');
    $one = toolcompact_compact($history, $params);
    ini_set('toolcompact.sha256_pairs', '1');
    $default = toolcompact_compact($history, $params);
    echo "$name: $omitted omitted, $errors errors, report ", $report['fieldsOmitted'], ', same without pairs: ',
        var_export($lanes === $one, true), ', same with the default: ', var_export($lanes === $default, true), "\n";
}
?>
--EXPECT--
valid: 239 omitted, 0 errors, report 239, same without pairs: true, same with the default: true
three invalid: 236 omitted, 0 errors, report 236, same without pairs: true, same with the default: true
