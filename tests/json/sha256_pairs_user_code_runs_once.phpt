--TEST--
sha256 pairs: when a string taken unchecked is not valid UTF-8 and the pass rewrites its messages again, no user code (a JsonSerializable in a payload, a tokenCounter) has run twice, whichever comes first
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=1
--FILE--
<?php
/*
 * The pair takes strings unchecked and finds invalid UTF-8 only while
 * hashing them; the pass is then rewritten again. User code must run as
 * often as with the pairs off: before it runs, the queued digests are
 * finished (a failure found there skips it, as the pass starts again) and
 * every later string is checked first (a failure after it would run it a
 * second time).
 *
 * Messages are rewritten newest first; each history below lists its
 * messages oldest first. 'bad' holds a string with a byte 0xff, 'object' a
 * JsonSerializable in an array field, 'plain' only a valid string. Each is
 * compacted without a report (only the JsonSerializable is user code) and
 * with a report and a tokenCounter (the counter runs in the estimate of
 * each changed message, right after its rewrite, and must get the same
 * JSON texts, digests written, as with the pairs off).
 *
 * toolcompact.sha256_pairs=1 takes the pair where the CPU has the SHA
 * extensions; without them, as under valgrind (which does not emulate
 * them), every string is hashed at once and the expected output is the
 * same.
 */
final class Counting implements JsonSerializable
{
    public static int $calls = 0;
    public function jsonSerialize(): mixed { self::$calls++; return str_repeat('c', 500); }
}

function history(array $kinds): array
{
    $results = [
        'bad' => ['bad' => str_repeat('b', 300) . "\xff", 'f' => str_repeat('f', 400)],
        'object' => ['obj' => [new Counting()], 'g' => str_repeat('g', 400)],
        'plain' => ['h' => str_repeat('h', 400)],
        'last' => [],
    ];
    $history = [];
    foreach ($kinds as $i => $kind) {
        $history[] = ['role' => 'tool', 'content' => "m$i", 'toolCalls' => [],
            'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => $results[$kind]]]];
    }
    return $history;
}

$seen = [];
$params = ['outputTrimBytes' => 100, 'tokenCounter' => function (string $json) use (&$seen): int { $seen[] = $json; return 1; }];
$cases = [
    'invalid, then a JsonSerializable' => ['plain', 'object', 'bad', 'last'],
    'a JsonSerializable, then invalid' => ['plain', 'bad', 'object', 'last'],
    'a tokenCounter, then invalid' => ['bad', 'plain', 'last'],
];
foreach ($cases as $name => $kinds) {
    $h = history($kinds);
    $runs = [];
    foreach (['1', '0'] as $pairs) {
        ini_set('toolcompact.sha256_pairs', $pairs);
        Counting::$calls = 0;
        $seen = [];
        $plain = toolcompact_compact($h, ['outputTrimBytes' => 100]);
        $serialized = Counting::$calls;
        $measured = toolcompact_compact($h, $params, $report);
        $runs[$pairs] = [$plain, $measured, $report, $serialized, Counting::$calls - $serialized, $seen];
    }
    [$plain, , , $serialized, , $counted] = $runs['1'];
    printf("%s: jsonSerialize %d; outputs, report and calls with a report and a tokenCounter as with the pairs off: %s\n",
        $name, $serialized, json_encode($runs['1'] === $runs['0'] && count($counted) > 0));
    $at = array_search('bad', $kinds, true);
    $result = $plain[$at]['toolResults'][0]['result'];
    echo '  invalid string kept: ', json_encode($result['bad'] === $h[$at]['toolResults'][0]['result']['bad']),
        ', omitted: ', implode(' ', array_keys($result['_tool_compaction']['omittedFields'])), "\n";
}
?>
--EXPECT--
invalid, then a JsonSerializable: jsonSerialize 1; outputs, report and calls with a report and a tokenCounter as with the pairs off: true
  invalid string kept: true, omitted: f
a JsonSerializable, then invalid: jsonSerialize 1; outputs, report and calls with a report and a tokenCounter as with the pairs off: true
  invalid string kept: true, omitted: f
a tokenCounter, then invalid: jsonSerialize 0; outputs, report and calls with a report and a tokenCounter as with the pairs off: true
  invalid string kept: true, omitted: f
