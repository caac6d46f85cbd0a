--TEST--
JSON texts are decoded as json_decode($text, true) does: escapes, surrogate pairs, lone surrogates, raw and invalid UTF-8, control bytes, integers at the edge of a zend_long, leading zeros, floats, literals, numeric and escaped keys, nested values, odd whitespace and trailing bytes, in arguments and in results, the extension with each toolcompact.escaper (auto, ssse3, bytes: its three ways of decoding where the CPU has them) against the userland reference (which calls json_decode())
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/formats.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, calls, history, res, results};

$plain = str_repeat('plain text, long enough for a block ', 2);
$keys = ['"a"', '"b"', '"0"', '"00"', '"1"', '"-1"', '""', '"k\u00e9"', '"\u0061"', '"x\"y"', '"9223372036854775807"',
    '"\u0000k"', '"a\/b"', '"' . $plain . '"', '"\ud83d\ude00"', '"é"', "\"\xC3\x28\"", '"\q"'];
$fragments = [$plain, 'x', '\n', '\t', '\r', '\b', '\f', '\/', '\\\\', '\"', '\u00e9', '\u00E9', '\uD83D\uDE00', '\ud83d',
    '\ude00', '\ud83dx', '\ud83d\u0041', '\u0000', '\u001f', '\u007f', '\u0800', '\uffff', 'é', '日本', "\xF0\x9F\x98\x80",
    "\xC3\x28", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC0\xAF", "\xE0\x80\xAF", "\x80", "\x01", "\t", "\x7f", "\x00",
    '\x', '\u12', '\U0041', '\uGHIJ', '\\'];
$scalars = ['0', '-0', '01', '-01', '123', '-', '--1', '999999999999999999', '-999999999999999999', '9999999999999999999',
    '9223372036854775807', '-9223372036854775808', '9223372036854775808', '1.5', '1.', '.5', '1e3', '1E+2', '-0.0', '0x1',
    'true', 'false', 'null', 'tru', 'nul', 'True', 'NULL', '{}', '[]', '[1,"a"]', '{"x":"y"}', '{"x":{"y":[]}}', '"', '""'];
$spaces = ['', '', '', ' ', "\n", "\t", "\r", "\n  ", "\f", "\x00", "\xC2\xA0"]; // the last three are not JSON's
$tails = ['', '', '', ' ', "\n", 'x', ',', '}', '{}', "\x00", '//'];

$texts = [
    '{}', ' {} ', '{ }', "{\n}", '{', '}', '[]', '"a"', '1', '', ' ', '{"a":}', '{"a" "b"}', '{"a":"b",}', '{,}', '{"a":"b""c":1}',
    '{"a":"b"}', '{"a":"' . $plain . '"}', '{"a":"b","a":"c"}', '{"1":"x","01":"y","1.0":"z"}', '{"":"empty key"}',
    '{"a":"' . str_repeat('é', 40) . '"}', '{"a":"' . str_repeat('\u00e9', 40) . '"}', '{"a":"' . str_repeat('\\\\', 40) . '"}',
    '{"a":"' . str_repeat('x', 15) . '\"' . str_repeat('y', 31) . '"}', '{"a":"unterminated', '{"a":"' . $plain,
    '{"n":9223372036854775807}', '{"n":-9223372036854775808}', '{"n":18446744073709551616}', '{"n":1e400}',
];
// each kind of byte at every place around the first two 64-byte blocks of a string
foreach (['\n', '\\\\', '\"', '\\\"', '\\\\\n', '\/', '\u00e9', '\ud83d\ude00', '\q', 'é', "\x01", '"'] as $special) {
    for ($k = 0; $k <= 135; $k++) {
        $texts[] = '{"a":"' . str_repeat('x', $k) . $special . str_repeat('z', 70) . '\t"}';
    }
}
mt_srand(58);
$pick = static fn (array $list) => $list[mt_rand(0, count($list) - 1)];
// from the first $good entries nine times in ten, so that most texts decode
$mostly = static fn (array $list, int $good) => mt_rand(0, 9) ? $pick(array_slice($list, 0, $good)) : $pick($list);
for ($i = 0; $i < 1500; $i++) {
    $members = [];
    for ($m = mt_rand(0, 4); $m > 0; $m--) {
        if (mt_rand(0, 2)) {
            $value = '"';
            for ($f = mt_rand(0, 5); $f > 0; $f--) {
                $value .= mt_rand(0, 3) ? $pick(array_slice($fragments, 0, 25)) : $mostly($fragments, 25);
            }
            $value .= '"';
        } else {
            $value = $mostly($scalars, 23);
        }
        $key = mt_rand(0, 4) ? $pick(array_slice($keys, 0, 6)) : $mostly($keys, 16);
        $members[] = $mostly($spaces, 8) . $key . $mostly($spaces, 8) . ':' . $mostly($spaces, 8) . $value . $mostly($spaces, 8);
    }
    $text = $mostly($spaces, 8) . '{' . implode(',', $members) . '}' . (mt_rand(0, 5) ? '' : $pick($tails));
    if (mt_rand(0, 19) === 0) {
        $text = substr($text, 0, mt_rand(0, strlen($text)));
    }
    $texts[] = $text;
}

$run = function (callable $compact, callable $restore, array $history): array {
    $records = [];
    $params = ['inputTrimBytes' => 0, 'resultTrimBytes' => 0, 'onOmit' => function (string $sha256, string $json) use (&$records): void {
        $records[] = [$sha256, $json];
    }];
    json_decode('{');
    $out = $compact($history, $params, $report);
    $store = array_column($records, 1, 0);
    $back = $restore($out, fn (string $sha256): ?string => $store[$sha256] ?? null);
    return [serialize($out), $report, $records, serialize($back), json_last_error()];
};
$decoded = $differing = 0;
foreach ($texts as $n => $text) {
    $decoded += is_array(json_decode($text, true));
    $h = history(
        calls('openai', [call('c1', 'probe', $text)]),
        results('openai', [res('c1', 'probe', $text)]),
        calls('openai', [call('c2', 'probe', '{}')]),
        results('openai', [res('c2', 'probe', '{}')]),
    );
    $reference = $run(fn ($h, $p, &$r) => reference_compact_format($h, $p, $r), 'ToolCompact\Tests\reference_restore_format', $h);
    foreach (['auto', 'ssse3', 'bytes'] as $escaper) {
        ini_set('toolcompact.escaper', $escaper);
        $native = $run('toolcompact_compact', 'toolcompact_restore', $h);
        if ($native !== $reference || $native[4] !== JSON_ERROR_SYNTAX) {
            if (++$differing <= 10) {
                echo "text $n differs with $escaper: ", json_encode($text, JSON_INVALID_UTF8_SUBSTITUTE), "\n";
            }
        }
    }
}
// the generated texts are a mix: many decode, many do not
echo $decoded > 1000 && $decoded < count($texts) - 1000 ? "a mix of texts\n" : "not a mix: $decoded of " . count($texts) . " decode\n";
echo "$differing differ\n";
?>
--EXPECT--
a mix of texts
0 differ
