--TEST--
Previews (SPEC Part 6): a preview is used only when shorter than the string (else "[omitted]" in an object or JSON text, the placeholder for a text or part); values that are not strings are "[omitted]"; previewBytes and previewTail 0 or absent give the output of Parts 1 to 4 byte for byte
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Previews\{pair, payloads, show, sha, placeholder};
use const ToolCompact\Tests\Previews\ALL_FORMATS;
use function ToolCompact\Tests\Formats\sample_history;
use const ToolCompact\Tests\Formats\{FORMATS, SAMPLE_PARAMS};

echo "1. shorter or not (previewBytes 10, previewTail 10, outputTrimBytes 100)\n";
// With 10 + 10 bytes kept, the preview of an ASCII string of B bytes is
// 10 + strlen("\n[omitted] ") 11 + digits(B - 20) + strlen(" bytes, sha256=") 15 + 64 + 1 + 10 bytes:
// B = 113: 111 + 2 = 113, not shorter -> omitted as without previews;
// B = 114: 113 < 114 -> the preview.
$p = ['previewBytes' => 10, 'previewTail' => 10];
foreach ([113, 114] as $B) {
    $s = str_repeat('a', 10) . str_repeat('m', $B - 20) . str_repeat('z', 10);
    $labels = [sha($s) => 'H'];
    // (a long second field in the objects: their payloads get shorter, SPEC Part 4)
    $log = str_repeat('l', 2000);
    foreach (['adachsoft' => ['out' => $s, 'log' => $log], 'gemini' => ['out' => $s, 'log' => $log], 'openai' => $s,
        'anthropic' => [['type' => 'text', 'text' => $s]], 'openai-responses' => json_encode(['out' => $s])] as $f => $result) {
        $r = payloads($f, toolcompact_compact(pair($f, ['path' => 'p'], $result), $p))[1];
        $value = match (true) {
            is_string($r) && $r !== '' && $r[0] === '{' => json_decode($r, true)['out'],
            is_string($r) => $r,
            isset($r['out']) => $r['out'],
            default => $r[0]['text'],
        };
        $what = match ($value) {
            '[omitted]' => '[omitted]',
            placeholder($s) => 'the placeholder',
            default => show($value, $labels),
        };
        printf("  B=%d %-16s %s\n", $B, $f, $what);
    }
}

echo "2. a large previewBytes / previewTail on a field just over the threshold\n";
// 101 bytes: with 1000, or 60 + 60, the head and tail cover the string, the preview is the
// string plus a marker: not shorter. With 1 + 1: 1 + 93 + 1 = 95 < 101, the preview.
$s = str_repeat('q', 101);
$labels = [sha($s) => 'H'];
foreach ([['previewBytes' => 1000], ['previewTail' => 1000], ['previewBytes' => 60, 'previewTail' => 60], ['previewBytes' => 1, 'previewTail' => 1]] as $p) {
    $obj = payloads('gemini', toolcompact_compact(pair('gemini', ['path' => 'p'], ['out' => $s]), $p))[1];
    $text = payloads('openai', toolcompact_compact(pair('openai', ['path' => 'p'], $s), $p))[1];
    printf("  %-36s object %s, text %s\n", json_encode($p), show($obj['out'], $labels),
        $text === placeholder($s) ? 'the placeholder' : show($text, $labels));
}

echo "3. values that are not strings are [omitted] (outputTrimBytes 10, previewBytes 2, previewTail 2)\n";
// sizes: array -> strlen(json_encode) 13; int 12345678901234 -> 14; float -> strlen((string)) 15;
// string 2000 (long enough for the payload with its meta to get shorter, SPEC Part 4)
$p = ['outputTrimBytes' => 10, 'previewBytes' => 2, 'previewTail' => 2];
$str = str_repeat('s', 2000);
$labels = [sha($str) => 'Hs', sha([1, 2, 3, 4, 5, 6]) => 'Hlist', sha(12345678901234) => 'Hnum', sha(1.2345678901234) => 'Hflt'];
$result = ['list' => [1, 2, 3, 4, 5, 6], 'num' => 12345678901234, 'flt' => 1.2345678901234, 'str' => $str, 'ok' => 'short'];
foreach (['adachsoft' => $result, 'gemini' => $result, 'openai' => json_encode($result)] as $f => $payload) {
    $r = payloads($f, toolcompact_compact(pair($f, ['path' => 'p'], $payload), $p))[1];
    if (is_string($r)) {
        echo "  $f: ", show($r, $labels, true), "\n";
    } else {
        unset($r['_tool_compaction']);
        echo "  $f: ", show($r, $labels), "\n";
    }
}

echo "4. previewBytes and previewTail 0, or absent: the output of Parts 1 to 4, byte for byte\n";
foreach (ALL_FORMATS as $f) {
    $h = $f === 'adachsoft'
        ? pair('adachsoft', ['path' => 'p', 'body' => str_repeat("\u{e9}", 100)], ['out' => str_repeat('x', 300), 'list' => range(1, 60)])
        : sample_history($f);
    $outs = [];
    foreach ([[], ['previewBytes' => 0], ['previewTail' => 0], ['previewBytes' => 0, 'previewTail' => 0]] as $extra) {
        $store = [];
        $out = toolcompact_compact($h, ($f === 'adachsoft' ? [] : SAMPLE_PARAMS) + $extra + ['onOmit' => function ($sha, $json, $where) use (&$store) { $store[] = [$sha, $json, $where]; }], $report);
        $outs[] = serialize([$out, $report, $store]);
    }
    printf("  %-16s changed %s, all four identical %s\n", $f, var_export(unserialize($outs[0])[0] !== $h, true),
        var_export(count(array_unique($outs)) === 1, true));
}
?>
--EXPECT--
1. shorter or not (previewBytes 10, previewTail 10, outputTrimBytes 100)
  B=113 adachsoft        [omitted]
  B=113 gemini           [omitted]
  B=113 openai           the placeholder
  B=113 anthropic        the placeholder
  B=113 openai-responses "aaaaaaaaaammmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmzzzzzzzzzz"
  B=114 adachsoft        "aaaaaaaaaa\n[omitted] 94 bytes, sha256={H}\nzzzzzzzzzz"
  B=114 gemini           "aaaaaaaaaa\n[omitted] 94 bytes, sha256={H}\nzzzzzzzzzz"
  B=114 openai           "aaaaaaaaaa\n[omitted] 94 bytes, sha256={H}\nzzzzzzzzzz"
  B=114 anthropic        "aaaaaaaaaa\n[omitted] 94 bytes, sha256={H}\nzzzzzzzzzz"
  B=114 openai-responses "aaaaaaaaaammmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmzzzzzzzzzz"
2. a large previewBytes / previewTail on a field just over the threshold
  {"previewBytes":1000}                object "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", text the placeholder
  {"previewTail":1000}                 object "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", text the placeholder
  {"previewBytes":60,"previewTail":60} object "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", text the placeholder
  {"previewBytes":1,"previewTail":1}   object "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", text "q\n[omitted] 99 bytes, sha256={H}\nq"
3. values that are not strings are [omitted] (outputTrimBytes 10, previewBytes 2, previewTail 2)
  adachsoft: {"list":"[omitted]","num":"[omitted]","flt":"[omitted]","str":"ss\n[omitted] 1996 bytes, sha256={Hs}\nss","ok":"short"}
  gemini: {"list":"[omitted]","num":"[omitted]","flt":"[omitted]","str":"ss\n[omitted] 1996 bytes, sha256={Hs}\nss","ok":"short"}
  openai: {"list":"[omitted]","num":"[omitted]","flt":"[omitted]","str":"ss\n[omitted] 1996 bytes, sha256={Hs}\nss","ok":"short","_tool_compaction":{"thresholdBytes":10,"omittedFields":{"list":{"bytes":13,"sha256":"{Hlist}"},"num":{"bytes":14,"sha256":"{Hnum}"},"flt":{"bytes":15,"sha256":"{Hflt}"},"str":{"bytes":2000,"sha256":"{Hs}"}}}}
4. previewBytes and previewTail 0, or absent: the output of Parts 1 to 4, byte for byte
  adachsoft        changed true, all four identical true
  openai           changed true, all four identical true
  openai-responses changed true, all four identical true
  anthropic        changed true, all four identical true
  gemini           changed true, all four identical true
