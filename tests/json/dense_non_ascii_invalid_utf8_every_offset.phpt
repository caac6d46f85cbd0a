--TEST--
omitted strings in non-ASCII text: each kind of invalid UTF-8 at every offset of a 64-byte block stops the omission, valid text around it is hashed as json_encode() does
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/omitted.php';

use function ToolCompact\Tests\check_omitted_strings;

/*
 * A string field is sized by its byte length and checked for UTF-8 while
 * it is hashed, so with outputTrimBytes 0 every string here is omitted
 * with json_encode()'s bytes and sha256 unless json_encode() fails on it,
 * and then it is kept as it is (SPEC Part 1). Each sequence below is put
 * at every byte offset of the first block of a Cyrillic, a CJK and a mixed
 * text, shifted by 0 to 2 bytes, so that it falls on each position of a
 * block, across the end of one, and on its last bytes.
 */
$sequences = [
    'continuation alone' => "\x80",
    'continuation after a character' => "ж\xbf",
    'cut two-byte character' => "\xd0",
    'cut three-byte character' => "\xe6\x88",
    'lead byte after a lead byte' => "\xe6\xd0\xb6",
    'overlong C0' => "\xc0\xaf",
    'overlong C1' => "\xc1\x81",
    'overlong E0 80' => "\xe0\x80\xaf",
    'overlong E0 9F' => "\xe0\x9f\xbf",
    'surrogate ED A0' => "\xed\xa0\x80",
    'surrogate ED BF' => "\xed\xbf\xbf",
    'cut four-byte character' => "\xf0\x9f\x98",
    'overlong F0 8F' => "\xf0\x8f\xbf\xbf",
    'above U+10FFFF F4 90' => "\xf4\x90\x80\x80",
    'F5 and up' => "\xf5\x80\x80\x80",
    'FF' => "\xff",
    // valid, at the edges of what a block takes at once
    'smallest three-byte E0 A0' => "\xe0\xa0\x80",
    'last before surrogates ED 9F' => "\xed\x9f\xbf",
    'first after surrogates EE' => "\xee\x80\x80",
    'U+FFFF' => "\xef\xbf\xbf",
    'smallest two-byte C2 80' => "\xc2\x80",
    'four-byte character' => "\xf0\x9f\x98\x80",
    'U+10000' => "\xf0\x90\x80\x80",
    'U+10FFFF' => "\xf4\x8f\xbf\xbf",
    'two four-byte characters' => "\xf0\x9d\x84\x9e\xf0\x9f\x9a\x80",
    'control character' => "\x01",
    'DEL' => "\x7f",
];
$texts = [
    'cyrillic' => str_repeat('Съешь же ещё этих булок. ', 6),
    'cjk' => str_repeat('我能吞下玻璃而不伤身体。', 6),
    'mixed' => str_repeat('Größe/naïve "café" — 合\t', 6),
    'emoji' => str_repeat('ok 🚀 ✅ x😀y ', 8),
];

$strings = [];
foreach ($texts as $text) {
    foreach (['', 'x', 'xy'] as $shift) {
        $base = $shift . $text;
        for ($at = 0; $at <= 130; $at++) {
            foreach ($sequences as $sequence) {
                $strings[] = substr($base, 0, $at) . $sequence . substr($base, $at);
            }
        }
        $strings[] = $base;
        $strings[] = substr($base, 0, -1);   // a character cut at the very end
    }
}

$c = check_omitted_strings($strings);
printf("strings %d, valid and invalid ones %s, errors %d\n", count($strings), $c['encoded'] > 1000 && $c['failed'] > 1000 ? 'both many' : 'not both', $c['errors']);
?>
--EXPECT--
strings 42468, valid and invalid ones both many, errors 0
