--TEST--
omitted strings of ASCII with a few non-ASCII characters: one to four characters, valid or not, at every offset of a block with escapes, around the count of rare bytes at which a block is no longer taken character by character
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/omitted.php';

use function ToolCompact\Tests\check_omitted_strings;

/*
 * With outputTrimBytes 0 every string is omitted with the bytes and sha256
 * of json_encode(), or kept as it is when json_encode() fails on it (SPEC
 * Part 1). The groups below put 1 to 8 rare bytes (non-ASCII or a control
 * character without a two-byte escape) into one 64-byte block of ASCII
 * that has quotes, slashes, backslashes, tabs and newlines to escape (and
 * is followed by blocks with nothing to escape); 6 rare bytes or fewer
 * and 7 or more are escaped two different ways, which must give the same
 * bytes.
 */
$groups = [
    'e-acute' => "é",                    // 2 rare bytes
    'dash' => "—",                       // 3
    'control' => "\x01",                 // 1
    'two CJK' => "合計",                 // 6
    'two CJK and a control' => "合\x02計", // 7
    'CJK and e-acute and CJK' => "合é計", // 8
    'emoji' => "😀",                     // 4
    'emoji and e-acute' => "😀é",        // 6
    'emoji and dash' => "😀—",           // 7
    'three e-acutes apart' => "é-é-é",  // 6
    'four e-acutes apart' => "é-é-é-é", // 8
    // invalid UTF-8 among ASCII, alone and beside valid characters
    'cut CJK' => "\xe5\x90",
    'FF' => "\xff",
    'valid then cut, 6 rare bytes' => "合é\xe5",
    'valid then cut, 7 rare bytes' => "合é\xe5\x90",
    'surrogate after e-acute' => "é\xed\xa0\x80",
    'overlong after three dashes' => "———\xc0\xaf",
];
// blocks with escapes, then blocks with none, then with escapes again
$text = str_repeat("echo \"a/b\" \\ x\tok\n", 6) . str_repeat('plain words here ', 8) . str_repeat("echo \"a/b\" \\ x\tok\n", 4);

$strings = [];
foreach (['', 'x', 'xyz'] as $shift) {
    $base = $shift . $text;
    for ($at = 0; $at <= 70; $at++) {
        foreach ($groups as $group) {
            $strings[] = substr($base, 0, $at) . $group . substr($base, $at);
            // and again 64 bytes on, so that the next block starts right after it
            $strings[] = substr($base, 0, $at) . $group . substr($base, $at, 64 - strlen($group)) . $group . substr($base, $at + 64);
        }
    }
}

$c = check_omitted_strings($strings);
printf("strings %d, valid %d, invalid %d, errors %d\n", count($strings), $c['encoded'], $c['failed'], $c['errors']);
?>
--EXPECT--
strings 7242, valid 4686, invalid 2556, errors 0
