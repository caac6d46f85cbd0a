--TEST--
text that is mostly non-ASCII (Cyrillic, CJK, emoji, mixed with ASCII): array sizes are strlen(json_encode()) to the byte, sha256 is json_encode()'s
--EXTENSIONS--
toolcompact
--FILE--
<?php
/*
 * Runs of non-ASCII characters are escaped and counted character after
 * character, without going back to the block loops between them. Each
 * string here is put in two arrays whose JSON is exactly outputTrimBytes
 * long (kept) and one byte longer (omitted: its meta entry must then be
 * json_encode()'s bytes and sha256); a string with invalid UTF-8 makes
 * both arrays unencodable, so neither is omitted (SPEC Part 1).
 */
$rng = new Random\Randomizer(new Random\Engine\Mt19937(11));
$alphabets = [
    'cyrillic' => ['ж', 'Щ', 'ё', 'я', 'Д'],
    'cjk' => ['我', '能', '吞', '。', '，'],
    'emoji' => ['😀', '🚀', '𝄞'],
    'mixed' => ['é', '€', '合', '😀', 'ß', '—'],
];
$ascii = [' ', ' ', 'a', '.', '"', '/', "\n", "\x01"];
$strings = [];
foreach ($alphabets as $letters) {
    foreach ([1, 2, 5, 21, 22, 23, 64, 65, 200, 3000] as $chars) {
        foreach ([0, 10, 40] as $asciiPercent) {
            $s = '';
            for ($i = 0; $i < $chars; $i++) {
                $s .= $rng->getInt(0, 99) < $asciiPercent
                    ? str_repeat($ascii[$rng->getInt(0, count($ascii) - 1)], $rng->getInt(1, 6))
                    : $letters[$rng->getInt(0, count($letters) - 1)];
            }
            $strings[] = $s;
            $strings[] = 'x' . $s;
        }
        // invalid UTF-8 inside a run: a lone continuation byte, a cut
        // character, a surrogate, an overlong form
        $bad = ["\x80", substr($letters[0], 0, -1), "\xed\xa0\x80", "\xc0\xaf"][$chars % 4];
        $strings[] = substr_replace($s, $bad, strlen($letters[0]) * intdiv($chars, 2), 0);
    }
}

const LIMIT = 40000;
$fields = $expected = [];
foreach ($strings as $i => $s) {
    $bare = json_encode([$s, '']);
    foreach (['kept' => 0, 'omitted' => 1] as $name => $over) {
        $value = [$s, $bare === false ? '' : str_repeat('p', LIMIT - strlen($bare) + $over)];
        $fields["$name$i"] = $value;
        $json = json_encode($value);
        if ($json !== false && strlen($json) > LIMIT) {
            $expected["$name$i"] = ['bytes' => strlen($json), 'sha256' => hash('sha256', $json)];
        }
    }
}
$history = [
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 'x', 'result' => $fields]]],
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'b', 'toolName' => 'x', 'result' => []]]],
];
$out = toolcompact_compact($history, ['outputTrimBytes' => LIMIT]);
$meta = $out[0]['toolResults'][0]['result']['_tool_compaction']['omittedFields'] ?? [];

$errors = 0;
foreach ($fields as $key => $value) {
    $want = $expected[$key] ?? null;
    $got = $meta[$key] ?? null;
    if ($got !== $want) {
        $errors++;
        echo "$key: ", json_encode($got), ' instead of ', json_encode($want), "\n";
    }
}
printf("fields %d, omitted %d, kept %d, errors %d\n", count($fields), count($meta), count($fields) - count($meta), $errors);
?>
--EXPECT--
fields 560, omitted 240, kept 320, errors 0
