--TEST--
Previews (SPEC Part 6): restore(compact($h)) === $h in every format with previews; compacting the output again with the same or other preview sizes changes nothing; a text holding a marker is no field; a field whose marker names another sha256 than its meta entry, or a marker text whose value is not stored, is not restored; the estimate counts a previewed text or part as []
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Previews\{pair, payloads, show, sha, marker, recorder, meta_of};
use const ToolCompact\Tests\Previews\ALL_FORMATS;
use ToolCompact\Tests\Formats as F;

$S1 = "abcd\u{e9}" . str_repeat('x', 590) . "\u{65e5}\u{672c}";   // 602 bytes
$S2 = "ab\u{1F600}" . str_repeat('y', 590) . "\u{1F600}zz";        // 602 bytes
$S3 = str_repeat("\u{65e5}\u{672c}", 40);                           // 240 bytes
$S4 = 'x' . str_repeat("\u{e9}", 100);                              // 201 bytes

/**
 * Four groups, each called twice, the older result compacted: read (a JSON text result, an
 * object in gemini), cat (a text), ls (a list of parts beside an image; an object in gemini),
 * raw (a pretty-printed JSON text with unescaped Unicode: its member is not json_encode() of
 * its value, so the whole text is offered and recorded too, SPEC Part 4 "Restoring").
 */
function rich(string $f): array
{
    global $S1, $S2, $S3, $S4;
    if ($f === 'adachsoft') {
        return pair('adachsoft', ['path' => 'p', 'body' => $S2], ['out' => $S1, 'list' => range(1, 60), 'tail' => $S4]);
    }
    $g = $f === 'gemini';
    $json = fn (array $v, int $flags = 0) => $g ? $v : json_encode($v, $flags);
    $pairOf = fn (string $id, string $tool, array $args, mixed $result) => F\history(
        F\calls($f, [F\call($id, $tool, $args)]), F\results($f, [F\res($id, $tool, $result)]));
    return F\history(
        [F\user($f, 'go')],
        $pairOf('r1', 'read', ['path' => 'a', 'body' => $S2], $json(['content' => $S1, 'n' => 1])),
        $pairOf('c1', 'cat', ['path' => 'b'], $g ? ['out' => $S4] : $S4),
        $pairOf('l1', 'ls', ['dir' => '.'], $g ? ['files' => $S3] : F\parts($f, $S3, null, 'short')),
        $pairOf('u1', 'raw', ['dir' => '.'], $json(['content' => $S1], JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT)),
        $pairOf('r2', 'read', ['path' => 'a'], $g ? ['out' => 'ok'] : 'ok'),
        $pairOf('c2', 'cat', ['path' => 'b'], $g ? ['out' => 'ok'] : 'ok'),
        $pairOf('l2', 'ls', ['dir' => '.'], $g ? ['out' => 'ok'] : 'ok'),
        $pairOf('u2', 'raw', ['dir' => '.'], $g ? ['out' => 'ok'] : 'ok'),
    );
}

echo "1. round trip and idempotence, previewBytes 5, previewTail 5\n";
$P = ['previewBytes' => 5, 'previewTail' => 5];
foreach (ALL_FORMATS as $f) {
    $h = rich($f);
    $store = $log = [];
    $out = toolcompact_compact($h, $P + ['onOmit' => recorder($store, $log), 'format' => $f]);
    $lookup = fn (string $sha) => $store[$sha] ?? null;
    // previews in the output: a marker, its newline raw or (in a JSON text) escaped
    $previews = preg_match_all('/(\n|\\\\n)\[omitted\] [0-9]+ bytes, sha256=[0-9a-f]{64}(\n|\\\\n)/', serialize($out));
    // SPEC Part 6: "restore(compact($h)) === $h still holds"
    $restored = toolcompact_restore($out, $lookup) === $h;
    // SPEC Part 1 idempotence + Part 6: a field listed in a meta is left alone whatever its value,
    // a text or part holding a marker is no field
    $again = [];
    foreach ([$P, ['previewBytes' => 5], ['previewTail' => 40], ['previewBytes' => 1, 'previewTail' => 1], ['previewBytes' => 500, 'previewTail' => 500]] as $q) {
        $again[] = json_encode($q) . ' ' . (toolcompact_compact($out, $q + ['format' => $f]) === $out ? 'same' : 'CHANGED');
    }
    $twice = toolcompact_compact($out, $P + ['format' => $f]);
    printf("%s: previews %d, onOmit %d, restore === input %s, restore of the twice compacted === input %s\n  again: %s\n",
        $f, $previews, count($log), var_export($restored, true),
        var_export(toolcompact_restore($twice, $lookup) === $h, true), implode(', ', $again));
}

echo "\n2. a text or part that holds a marker is no field (and counts as [] in the estimate)\n";
$M = 'log:' . marker(12, sha('twelve bytes')) . str_repeat('z', 200);
// the same, but the hex in upper case: no marker (bytesBefore counts it: 4 + 12 + 303 + 14 + 6), a text like any other
$U = 'log:' . strtoupper(marker(12, sha('twelve bytes'))) . str_repeat('z', 200);
$U = str_replace('[OMITTED]', '[omitted]', str_replace(' BYTES, SHA256=', ' bytes, sha256=', $U));
foreach (['openai', 'openai-responses', 'anthropic'] as $f) {
    foreach (['marker text' => $M, 'marker part' => F\parts($f, $M), 'upper-hex text' => $U] as $name => $result) {
        $h = pair($f, ['path' => 'p'], $result);
        $out = toolcompact_compact($h, $P + ['format' => $f], $report);
        printf("  %-16s %-14s %s, bytesBefore %d\n", $f, $name, $out === $h ? 'stays' : 'compacted', $report['bytesBefore']);
    }
}

echo "\n3. restoring a field needs a marker naming its meta entry's sha256\n";
$other = sha('something else');
$store = [];
$log = [];
$rec = recorder($store, $log);
$store[$other] = json_encode('something else');
$lookup = function (string $sha) use (&$store) { return $store[$sha] ?? null; };
foreach (['adachsoft', 'gemini', 'openai'] as $f) {
    $h = pair($f, ['path' => 'p', 'body' => $S2], $f === 'openai' ? json_encode(['out' => $S1]) : ['out' => $S1]);
    $out = toolcompact_compact($h, $P + ['onOmit' => $rec, 'format' => $f]);
    // the older call's argument `body` now names another digest than its meta entry (sha($S2))
    // (its first occurrence in the call's message: the field comes before the meta)
    $message = json_encode($out[1]);
    $at = strpos($message, sha($S2));
    $tampered = array_replace($out, [1 => json_decode(substr_replace($message, $other, $at, 64), true)]);
    $r = toolcompact_restore($tampered, $lookup);
    [$args, $result] = payloads($f, $r);
    printf("  %-10s tampered body restored: %s, meta still lists body: %s; result restored: %s; untampered round trip: %s\n", $f,
        var_export((is_string($args) ? json_decode($args, true) : $args)['body'] === $S2, true),
        var_export(isset(meta_of($args)['omittedFields']['body']), true),
        var_export($result === payloads($f, $h)[1], true),
        var_export(toolcompact_restore($out, $lookup) === $h, true));
    // and the tampered output compacted again: the field is listed in the meta, left alone
    echo '             compacted again: ', toolcompact_compact($tampered, $P + ['format' => $f]) === $tampered ? 'same' : 'CHANGED', "\n";
}

// A field is not a text: its own string may hold a marker (here one naming another digest) and
// still be omitted. Its preview then holds two markers, the second naming its meta entry's
// sha256: "a field whose value holds a marker naming the meta entry's sha256" is restored.
$own = marker(5, $other) . str_repeat('z', 300);   // 92 + 300 bytes, previewBytes 100: head = own marker + 8 z
foreach (['adachsoft', 'gemini', 'openai'] as $f) {
    $h = pair($f, ['path' => 'p'], $f === 'openai' ? json_encode(['out' => $own]) : ['out' => $own]);
    $out = toolcompact_compact($h, ['previewBytes' => 100, 'previewTail' => 3, 'onOmit' => $rec, 'format' => $f]);
    $value = payloads($f, $out)[1];
    $value = (is_string($value) ? json_decode($value, true) : $value)['out'];
    // h = 100, t = max(100, 392 - 3) = 389: the own marker and 8 z, a marker of 289 bytes, zzz
    printf("  %-10s preview as the rule says: %s, restored === input: %s\n", $f,
        var_export($value === marker(5, $other) . 'zzzzzzzz' . marker(289, sha($own)) . 'zzz', true),
        var_export(toolcompact_restore($out, $lookup) === $h, true));
}

echo "\n4. a text or part holding a marker whose value is not stored stays\n";
foreach (['openai', 'anthropic', 'openai-responses'] as $f) {
    foreach (['text' => $S1, 'part' => F\parts($f, $S1, 'short')] as $kind => $result) {
        $out = toolcompact_compact(pair($f, ['path' => 'p'], $result), $P + ['format' => $f]);
        $none = toolcompact_restore($out, fn ($sha) => null);
        // a lookup returning JSON of another value: its digest does not match, nothing is put back
        $wrong = toolcompact_restore($out, fn ($sha) => json_encode('not it'));
        printf("  %-16s %-4s lookup null: %s, lookup of another value: %s\n", $f, $kind,
            $none === $out ? 'stays' : 'CHANGED', $wrong === $out ? 'stays' : 'CHANGED');
    }
}
// a part holding two markers gets back the stored string of the first marker it is a preview of:
// one that starts with the text before the marker, ends with the text after it and has the
// marker's bytes in between (SPEC Part 6)
$rest = 'y' . marker(3, sha('BBB')) . 'z';
$fits = 'x' . 'abc' . $rest;                            // fits the first marker
$twoMarkers = 'x' . marker(3, sha($fits)) . $rest;
$stored = [sha($fits) => json_encode($fits), sha('BBB') => json_encode('BBB')];
$h = pair('openai', ['path' => 'p'], F\parts('openai', $twoMarkers));
$r = toolcompact_restore($h, fn ($sha) => $stored[$sha] ?? null);
echo '  two markers, the first fits: the part becomes the first one\'s string: ',
    var_export(payloads('openai', $r)[1][0]['text'] === $fits, true), "\n";
$head = 'x' . marker(3, sha('AAA')) . 'y';
$second = $head . 'def' . 'z';                          // fits the second marker only
$twoMarkers = $head . marker(3, sha($second)) . 'z';
$stored = [sha('AAA') => json_encode('AAA'), sha($second) => json_encode($second)];
$h = pair('openai', ['path' => 'p'], F\parts('openai', $twoMarkers));
$r = toolcompact_restore($h, fn ($sha) => $stored[$sha] ?? null);
echo '  two markers, only the second fits: the part becomes the second one\'s string: ',
    var_export(payloads('openai', $r)[1][0]['text'] === $second, true), "\n";
$h = pair('openai', ['path' => 'p'], F\parts('openai', 'x' . marker(3, sha('AAA')) . 'y'));
$r = toolcompact_restore($h, fn ($sha) => json_encode('AAA'));
echo '  a marker whose stored string does not fit: the part stays: ', var_export($r === $h, true), "\n";

echo "\n5. the estimate: a previewed text or part counts as [] (SPEC Part 4 \"Estimate\", Part 6)\n";
// user 'go' (4 bytes, 1 token), arguments {"path":"p"} (12, 3), {"path":"new"} (14, 4), 'ok' as ["ok"] (6, 2);
// T = 150 't' and é: as a text ["t..t\u00e9"] 160 bytes (40 tokens), after [] 2 (1);
// as parts [T, 'short']: ["t..t\u00e9","short"] 168 (42), after {"1":"short"} 13 (4)
$T = str_repeat('t', 150) . "\u{e9}";
foreach (['openai', 'openai-responses', 'anthropic'] as $f) {
    foreach (['text' => $T, 'parts' => F\parts($f, $T, 'short')] as $kind => $result) {
        $h = pair($f, ['path' => 'p'], $result);
        toolcompact_compact($h, $P + ['format' => $f], $report);
        toolcompact_compact($h, ['format' => $f], $plain);
        printf("  %-16s %-5s bytes %d -> %d, tokens %d -> %d, bytesAfter as without previews: %s\n", $f, $kind,
            $report['bytesBefore'], $report['bytesAfter'], $report['tokensBefore'], $report['tokensAfter'],
            var_export($report['bytesAfter'] === $plain['bytesAfter'] && $report['tokensAfter'] === $plain['tokensAfter'], true));
    }
}
?>
--EXPECT--
1. round trip and idempotence, previewBytes 5, previewTail 5
adachsoft: previews 3, onOmit 5, restore === input true, restore of the twice compacted === input true
  again: {"previewBytes":5,"previewTail":5} same, {"previewBytes":5} same, {"previewTail":40} same, {"previewBytes":1,"previewTail":1} same, {"previewBytes":500,"previewTail":500} same
openai: previews 5, onOmit 7, restore === input true, restore of the twice compacted === input true
  again: {"previewBytes":5,"previewTail":5} same, {"previewBytes":5} same, {"previewTail":40} same, {"previewBytes":1,"previewTail":1} same, {"previewBytes":500,"previewTail":500} same
openai-responses: previews 5, onOmit 7, restore === input true, restore of the twice compacted === input true
  again: {"previewBytes":5,"previewTail":5} same, {"previewBytes":5} same, {"previewTail":40} same, {"previewBytes":1,"previewTail":1} same, {"previewBytes":500,"previewTail":500} same
anthropic: previews 5, onOmit 7, restore === input true, restore of the twice compacted === input true
  again: {"previewBytes":5,"previewTail":5} same, {"previewBytes":5} same, {"previewTail":40} same, {"previewBytes":1,"previewTail":1} same, {"previewBytes":500,"previewTail":500} same
gemini: previews 5, onOmit 5, restore === input true, restore of the twice compacted === input true
  again: {"previewBytes":5,"previewTail":5} same, {"previewBytes":5} same, {"previewTail":40} same, {"previewBytes":1,"previewTail":1} same, {"previewBytes":500,"previewTail":500} same

2. a text or part that holds a marker is no field (and counts as [] in the estimate)
  openai           marker text    stays, bytesBefore 38
  openai           marker part    stays, bytesBefore 38
  openai           upper-hex text compacted, bytesBefore 339
  openai-responses marker text    stays, bytesBefore 38
  openai-responses marker part    stays, bytesBefore 38
  openai-responses upper-hex text compacted, bytesBefore 339
  anthropic        marker text    stays, bytesBefore 38
  anthropic        marker part    stays, bytesBefore 38
  anthropic        upper-hex text compacted, bytesBefore 339

3. restoring a field needs a marker naming its meta entry's sha256
  adachsoft  tampered body restored: false, meta still lists body: true; result restored: true; untampered round trip: true
             compacted again: same
  gemini     tampered body restored: false, meta still lists body: true; result restored: true; untampered round trip: true
             compacted again: same
  openai     tampered body restored: false, meta still lists body: true; result restored: true; untampered round trip: true
             compacted again: same
  adachsoft  preview as the rule says: true, restored === input: true
  gemini     preview as the rule says: true, restored === input: true
  openai     preview as the rule says: true, restored === input: true

4. a text or part holding a marker whose value is not stored stays
  openai           text lookup null: stays, lookup of another value: stays
  openai           part lookup null: stays, lookup of another value: stays
  anthropic        text lookup null: stays, lookup of another value: stays
  anthropic        part lookup null: stays, lookup of another value: stays
  openai-responses text lookup null: stays, lookup of another value: stays
  openai-responses part lookup null: stays, lookup of another value: stays
  two markers, the first fits: the part becomes the first one's string: true
  two markers, only the second fits: the part becomes the second one's string: true
  a marker whose stored string does not fit: the part stays: true

5. the estimate: a previewed text or part counts as [] (SPEC Part 4 "Estimate", Part 6)
  openai           text  bytes 196 -> 38, tokens 50 -> 11, bytesAfter as without previews: true
  openai           parts bytes 204 -> 49, tokens 52 -> 14, bytesAfter as without previews: true
  openai-responses text  bytes 196 -> 38, tokens 50 -> 11, bytesAfter as without previews: true
  openai-responses parts bytes 204 -> 49, tokens 52 -> 14, bytesAfter as without previews: true
  anthropic        text  bytes 196 -> 38, tokens 50 -> 11, bytesAfter as without previews: true
  anthropic        parts bytes 204 -> 49, tokens 52 -> 14, bytesAfter as without previews: true
