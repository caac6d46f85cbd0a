--TEST--
JSON length without encoding (a report's bytesBefore): strlen(json_encode()) for every byte class, every length to 130 bytes, long runs of one class, and invalid UTF-8 anywhere, the last bytes included
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * A report's bytesBefore of a history of one user message is the length of
 * json_encode() of its content, or 0 when that fails (SPEC Part 2). It is
 * counted without encoding, in blocks where the CPU allows; each string
 * below ends at every offset of a block, and long runs of one character
 * fill the same byte of many blocks in a row with the largest addition.
 */
$pieces = [
    'a', ' ', '~', "\x7f", '"', '\\', '/', "\n", "\r", "\t", "\x08", "\x0c",
    "\x00", "\x01", "\x0b", "\x0e", "\x10", "\x1f",
    'é', 'ж', 'я', "\u{7ff}", '€', '我', "\u{ffff}", '😀', "\u{10ffff}",
];
$invalid = [
    'lone continuation' => "\x80", 'cut two' => "\xd0", 'cut three' => "\xe6\x88", 'cut four' => "\xf0\x9f\x98",
    'overlong' => "\xc0\xaf", 'overlong three' => "\xe0\x80\xaf", 'surrogate' => "\xed\xa0\x80",
    'above U+10FFFF' => "\xf4\x90\x80\x80", 'F5' => "\xf5\x80\x80\x80", 'FF' => "\xff",
];

$strings = [];
foreach ($pieces as $piece) {
    for ($n = 0; strlen($piece) * $n <= 130; $n++) {
        $strings[] = str_repeat($piece, $n);
    }
    foreach ([31 * 32, 33 * 32, 70 * 32] as $bytes) {
        $strings[] = str_repeat($piece, intdiv($bytes, strlen($piece)) + 1);
    }
}
$rng = new Random\Randomizer(new Random\Engine\Mt19937(3));
$mixes = [];
for ($i = 0; $i < 300; $i++) {
    $s = '';
    $length = $rng->getInt(0, $i < 200 ? 100 : 3000);
    while (strlen($s) < $length) {
        $s .= $pieces[$rng->getInt(0, count($pieces) - 1)];
    }
    $mixes[] = $s;
}
$strings = array_merge($strings, $mixes);
foreach ($invalid as $bad) {
    foreach (array_slice($mixes, 180, 30) as $s) {
        $strings[] = substr_replace($s, $bad, $rng->getInt(0, strlen($s)), 0);
        $strings[] = $s . $bad;
    }
    foreach ([0, 1, 31, 32, 33, 63, 100] as $before) {
        $strings[] = str_repeat('a', $before) . $bad;
        $strings[] = str_repeat('ж', $before) . $bad;
        $strings[] = str_repeat('a', $before) . $bad . str_repeat('a', 40);
    }
}

$errors = $failed = 0;
foreach ($strings as $i => $s) {
    $json = json_encode($s);
    $want = $json === false ? 0 : strlen($json);
    $failed += $json === false;
    toolcompact_compact([['role' => 'user', 'content' => $s, 'toolCalls' => [], 'toolResults' => []]], [], $report);
    if ($report['bytesBefore'] !== $want) {
        if (++$errors <= 5) {
            printf("string %d (%d bytes, %s): %d instead of %d\n", $i, strlen($s), bin2hex(substr($s, 0, 24)), $report['bytesBefore'], $want);
        }
    }
}
printf("strings %d, not encodable %d, errors %d\n", count($strings), $failed, $errors);
?>
--EXPECT--
strings 4011, not encodable 810, errors 0
