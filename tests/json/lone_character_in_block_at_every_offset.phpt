--TEST--
omitted strings of ASCII with one non-ASCII character of two or three bytes as the only rare thing in its block (escaped on its own), at every offset: the code points at the edges of each length, and sequences that only look like one such character (overlong, surrogate, cut, one byte too many)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/omitted.php';

use function ToolCompact\Tests\check_omitted_strings;

/*
 * With outputTrimBytes 0 every string is omitted with the bytes and sha256
 * of json_encode(), or kept as it is when json_encode() fails on it (SPEC
 * Part 1). Each group below is put once, and once more 64 bytes on, into
 * ASCII that has quotes, slashes, backslashes, tabs and newlines to
 * escape, so that it is the only non-ASCII character of its block.
 */
$valid = [
    'U+0080' => "\xc2\x80",
    'U+07FF' => "\xdf\xbf",
    'e-acute' => "é",
    'U+0800' => "\xe0\xa0\x80",
    'U+D7FF' => "\xed\x9f\xbf",
    'U+E000' => "\xee\x80\x80",
    'U+FFFF' => "\xef\xbf\xbf",
    'dash' => "—",
    'euro' => "€",
];
$invalid = [
    'overlong slash' => "\xc0\xaf",
    'overlong C1' => "\xc1\xbf",
    'overlong zero in three' => "\xe0\x80\x80",
    'overlong U+07FF in three' => "\xe0\x9f\xbf",
    'surrogate D800' => "\xed\xa0\x80",
    'surrogate DFFF' => "\xed\xbf\xbf",
    'two-byte with a third' => "\xc3\xa9\xa9",
    'three-byte cut' => "\xe2\x80x",
    'lead alone' => "\xc3x",
    'three-byte with a fourth' => "\xe2\x82\xac\x80",
];
$text = str_repeat("echo \"a/b\" \\ x\tok\n", 6) . str_repeat('plain words here ', 8) . str_repeat("echo \"a/b\" \\ x\tok\n", 4);

$strings = [];
foreach (['', 'x', 'xyz'] as $shift) {
    $base = $shift . $text;
    for ($at = 0; $at <= 70; $at++) {
        foreach ($valid + $invalid as $group) {
            $strings[] = substr($base, 0, $at) . $group . substr($base, $at);
            $strings[] = substr($base, 0, $at) . $group . substr($base, $at, 64 - strlen($group)) . $group . substr($base, $at + 64);
        }
    }
}

$c = check_omitted_strings($strings);
// each group: 3 shifts x 71 offsets x 2 strings
printf("strings %d, encoded %d (want %d), failed %d (want %d), errors %d\n",
    count($strings), $c['encoded'], count($valid) * 426, $c['failed'], count($invalid) * 426, $c['errors']);
?>
--EXPECT--
strings 8094, encoded 3834 (want 3834), failed 4260 (want 4260), errors 0
