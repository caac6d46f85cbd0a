--TEST--
omitted strings: sha256 equals json_encode()'s for two-byte escapes at every density and rare bytes at every offset of a block
--EXTENSIONS--
toolcompact
--FILE--
<?php
/*
 * The escaping of long strings works on blocks of 16 or 32 bytes, the
 * escapes of which are all two-byte ones (" \ / \b \f \n \r \t), and falls
 * back byte by byte at a rare byte (another control character, non-ASCII,
 * invalid UTF-8). These strings put from none to every byte of such blocks
 * escaped, at every alignment, with a rare byte at every offset of a 32-byte
 * window, and mix rare bytes, escapes and plain runs at several densities;
 * each is one field of a result compacted with outputTrimBytes 0, so its
 * meta entry must be json_encode()'s bytes and sha256 (SPEC Part 1).
 */
$rng = new Random\Randomizer(new Random\Engine\Mt19937(7));
$two = ['"', '\\', '/', "\n", "\r", "\t", "\x08", "\x0c"];
$rare = ["\x00", "\x1f", "\x0b", 'é', '😀', "\xff", "\xc3"];

$strings = [];
foreach ([0, 1, 2, 8, 16, 24, 31, 32] as $escapedPer32) {
    foreach ([31, 32, 33, 63, 64, 65, 96, 200, 1000] as $len) {
        $s = '';
        for ($i = 0; $i < $len; $i++) {
            $s .= $rng->getInt(0, 31) < $escapedPer32 ? $two[$rng->getInt(0, 7)] : chr($rng->getInt(0x20, 0x7e) === 0x5c ? 0x41 : $rng->getInt(0x30, 0x7a));
        }
        $strings[] = $s;
        $strings[] = 'x' . $s;       // shifted by one
        $strings[] = substr($s, 1);  // and the other way
    }
}
foreach ($rare as $r) {
    for ($at = 0; $at < 33; $at++) {
        $strings[] = str_repeat("a/\"", 11) . str_repeat('b', $at) . $r . str_repeat("\n/c", 30);
    }
}
// rare characters mixed with two-byte escapes and plain runs at every
// density, some long enough to cross the hashing buffer more than once
$mixed = ['é', '€', '合', '😀', "\x01", "\x1f", '"', '\\', '/', "\n", "\t", ' '];
foreach ([1, 5, 20, 50, 90] as $percent) {
    foreach ([40, 333, 9000, 20000] as $len) {
        $s = '';
        while (strlen($s) < $len) {
            $s .= $rng->getInt(0, 99) < $percent ? $mixed[$rng->getInt(0, count($mixed) - 1)] : str_repeat('p', $rng->getInt(1, 40));
        }
        $strings[] = $s;
        $strings[] = $s . "\xc3";                    // invalid at the very end
        $strings[] = substr_replace($s, "\xff", intdiv(strlen($s), 2), 0);
    }
}
// a rare byte at every offset of the last, partial block
foreach (['é', "\x01", "\xff"] as $r) {
    for ($tail = 0; $tail < 64; $tail++) {
        $strings[] = str_repeat('"', 64) . str_repeat('c', $tail) . $r . "\n";
    }
}
$strings[] = str_repeat('"', 4096);                   // every byte escaped
$strings[] = str_repeat("\t\\", 2048) . 'é';
$strings[] = str_repeat('/', 8191) . "\x01";          // around the hashing buffer

$fields = [];
foreach ($strings as $i => $s) {
    $fields["f$i"] = $s;
}
$history = [
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 'x', 'result' => $fields]]],
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'b', 'toolName' => 'x', 'result' => []]]],
];
$out = toolcompact_compact($history, ['outputTrimBytes' => 0]);
$meta = $out[0]['toolResults'][0]['result']['_tool_compaction']['omittedFields'];

$checked = $errors = $invalid = 0;
foreach ($strings as $i => $s) {
    $json = json_encode($s);
    $want = $s === '' || $json === false ? null : ['bytes' => strlen($s), 'sha256' => hash('sha256', $json)];
    $got = $meta["f$i"] ?? null;
    $invalid += $json === false;
    $checked++;
    if ($got !== $want) {
        $errors++;
        echo "f$i: ", json_encode($got), ' instead of ', json_encode($want), "\n";
    }
}
echo "checked $checked, invalid UTF-8 ", $invalid > 0 ? 'some' : 'none', ", errors $errors\n";
?>
--EXPECT--
checked 702, invalid UTF-8 some, errors 0
