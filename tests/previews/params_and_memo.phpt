--TEST--
Previews (SPEC Part 6): previewBytes and previewTail are ints >= 0, anything else throws (a TypeError, or a ValueError below 0); PHP_INT_MAX keeps so much that the preview is never shorter, so the field is omitted as without previews; the memo keeps the outputs of each preview size apart
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Previews\{pair, payloads, show, sha, quietly};
use const ToolCompact\Tests\Previews\ALL_FORMATS;
use ToolCompact\Tests\Formats as F;
use ToolCompact\ToolCompactionStrategyParams as Params;

echo "1. resolve(): ints >= 0 kept, anything else throws\n";
$values = ['-1' => -1, '"40"' => '40', '4.5' => 4.5, '40.0' => 40.0, 'true' => true, 'null' => null, '[]' => [],
    'PHP_INT_MIN' => PHP_INT_MIN, '0' => 0, '40' => 40, 'PHP_INT_MAX' => PHP_INT_MAX];
foreach ($values as $name => $v) {
    try {
        $r = Params::resolve(['previewBytes' => $v, 'previewTail' => $v]);
        printf("  %-11s previewBytes %s, previewTail %s\n", $name, var_export($r['previewBytes'], true), var_export($r['previewTail'], true));
    } catch (TypeError|ValueError $e) {
        printf("  %-11s %s\n", $name, $e::class);
    }
}
// the keys of Part 6 come after format, previews last
$keys = array_keys(Params::resolve([]));
echo '  keys after format: ', implode(', ', array_slice($keys, array_search('format', $keys, true) + 1)), "\n";
echo '  constants: ', Params::PREVIEW_BYTES, ', ', Params::PREVIEW_TAIL, "\n";

echo "2. compacting with them: the values that are 0, and PHP_INT_MAX, give the output without previews\n";
// With previewBytes PHP_INT_MAX: h = B, t = B, the preview is the string plus a marker: not shorter.
// With previewTail PHP_INT_MAX: h = previewBytes cut back (<= B), t = h: the whole string again around a marker.
$histories = [];
foreach (ALL_FORMATS as $f) {
    $histories[$f] = $f === 'adachsoft'
        ? pair('adachsoft', ['path' => 'p', 'body' => str_repeat("\u{e9}", 100)], ['out' => str_repeat('x', 300)])
        : F\sample_history($f);
}
$sets = [];
foreach ($values as $name => $v) {
    if ($v !== 40 && is_int($v) && $v >= 0) {
        $sets["both $name"] = ['previewBytes' => $v, 'previewTail' => $v];
    }
}
$sets['bytes PHP_INT_MAX'] = ['previewBytes' => PHP_INT_MAX];
$sets['tail PHP_INT_MAX'] = ['previewTail' => PHP_INT_MAX];
$sets['3, PHP_INT_MAX'] = ['previewBytes' => 3, 'previewTail' => PHP_INT_MAX];
$sets['PHP_INT_MAX, 3'] = ['previewBytes' => PHP_INT_MAX, 'previewTail' => 3];
foreach ($sets as $name => $p) {
    $same = [];
    foreach ($histories as $f => $h) {
        $params = ($f === 'adachsoft' ? [] : F\SAMPLE_PARAMS) + ['format' => $f];
        $default = serialize([toolcompact_compact($h, $params, $r0), $r0]);
        // with previews on the report has fieldsPreviewed too (after fieldsOmitted): 0 here
        $got = quietly(function () use ($h, $params, $p, &$r1) {
            $out = toolcompact_compact($h, $params + $p, $r1);
            $previewed = $r1['fieldsPreviewed'] ?? 0;
            unset($r1['fieldsPreviewed']);
            return $previewed === 0 ? serialize([$out, $r1]) : "previewed $previewed";
        });
        $same[] = $got === $default ? 'same' : "DIFFERS($f)";
    }
    printf("  %-20s %s\n", $name, implode(' ', array_unique($same)));
}

echo "3. the memo keeps the outputs of each preview size apart\n";
// Five parameter sets whose outputs all differ; first each with the memo off, then, with the
// memo on, the same history compacted again and again in alternation: each output (and report)
// must be the one made with the memo off.
$P = [
    'none' => [],
    '8/0' => ['previewBytes' => 8],
    '0/8' => ['previewTail' => 8],
    '5/5' => ['previewBytes' => 5, 'previewTail' => 5],
    '8/8' => ['previewBytes' => 8, 'previewTail' => 8],
];
// (runs of the same set too, so that the memo is used, then left for another set)
$order = ['none', 'none', '8/0', '8/0', 'none', '0/8', '0/8', '5/5', '5/5', '8/0', '0/8', '8/8', '8/8', 'none', '5/5', '8/0', '8/0'];
foreach ($histories as $f => $h) {
    $base = ($f === 'adachsoft' ? [] : F\SAMPLE_PARAMS) + ['format' => $f];
    ini_set('toolcompact.memo_entries', '0');
    $expected = [];
    foreach ($P as $name => $p) {
        $expected[$name] = serialize([toolcompact_compact($h, $base + $p, $r), $r]);
    }
    ini_set('toolcompact.memo_entries', '100000');
    $hits = toolcompact_memo_info()['hits'];
    $wrong = [];
    foreach ([1, 2] as $round) {
        foreach ($order as $name) {
            if (serialize([toolcompact_compact($h, $base + $P[$name], $r), $r]) !== $expected[$name]) {
                $wrong[] = "$name (round $round)";
            }
        }
    }
    printf("  %-16s distinct outputs %d, memo used %s, differing from the memo off: %s\n", $f,
        count(array_unique($expected)), var_export(toolcompact_memo_info()['hits'] > $hits, true),
        $wrong === [] ? 'none' : implode(', ', $wrong));
}

// an agent loop: the history grows by one pair a turn, the preview size alternates between turns
echo "4. an agent loop alternating preview sizes, memo on vs off\n";
$turns = function (string $memo): array {
    ini_set('toolcompact.memo_entries', $memo);
    $h = [F\user('openai', 'go')];
    $outs = [];
    for ($i = 0; $i < 8; $i++) {
        array_push($h, ...F\calls('openai', [F\call("c$i", 'read', ['path' => 'a'])]));
        array_push($h, ...F\results('openai', [F\res("c$i", 'read', str_repeat("line $i\n", 30))]));
        $p = [['previewBytes' => 6], ['previewTail' => 6], []][$i % 3];
        $outs[] = serialize(toolcompact_compact($h, $p, $r)) . serialize($r);
    }
    return $outs;
};
$off = $turns('0');
$on = $turns('100000');
echo '  every turn as with the memo off: ', var_export($on === $off, true), "\n";
?>
--EXPECT--
1. resolve(): ints >= 0 kept, anything else throws
  -1          ValueError
  "40"        TypeError
  4.5         TypeError
  40.0        TypeError
  true        TypeError
  null        TypeError
  []          TypeError
  PHP_INT_MIN ValueError
  0           previewBytes 0, previewTail 0
  40          previewBytes 40, previewTail 40
  PHP_INT_MAX previewBytes 9223372036854775807, previewTail 9223372036854775807
  keys after format: maxMessages, maxTokensWindow, keepSystem, keepFirstUser, summarize, targetTokens, previewBytes, previewTail, collapseWhitespace, keepRecentToolUses, keepRecentTurns, keepRecentTokens, contextWindow, keepThinkingTurns, placeholder
  constants: previewBytes, previewTail
2. compacting with them: the values that are 0, and PHP_INT_MAX, give the output without previews
  both 0               same
  both PHP_INT_MAX     same
  bytes PHP_INT_MAX    same
  tail PHP_INT_MAX     same
  3, PHP_INT_MAX       same
  PHP_INT_MAX, 3       same
3. the memo keeps the outputs of each preview size apart
  adachsoft        distinct outputs 5, memo used true, differing from the memo off: none
  openai           distinct outputs 5, memo used true, differing from the memo off: none
  openai-responses distinct outputs 5, memo used true, differing from the memo off: none
  anthropic        distinct outputs 5, memo used true, differing from the memo off: none
  gemini           distinct outputs 5, memo used true, differing from the memo off: none
4. an agent loop alternating preview sizes, memo on vs off
  every turn as with the memo off: true
