--TEST--
sha256 pairs: short strings hashed beside a long one, a block of theirs to three of its, get json_encode()'s sha256 at every length around a block and the escape buffer
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=0
--FILE--
<?php
/*
 * A pass that omits one long string and a few short ones hashes the short
 * ones beside the long one at one block to its three (tc_sha256_blocks3())
 * while the long one has at least twice what they have left. Each pass
 * below omits one long string (plain, or doubled by escapes, or non-ASCII,
 * so that its escape buffer holds fewer of its bytes) and short strings
 * whose JSON ends at or around a block (55/56 bytes, 64, 120) and the
 * 2048-byte buffer, in an order that has them start at every step of the
 * long one's three blocks. Expected digests come from json_encode() and
 * hash(); the output must also equal that of a pass with the pairs off.
 * sha256_pairs=1 uses the SHA extensions where the CPU has them; without
 * them, as under valgrind (which does not emulate them), the pairs are off
 * and each string is hashed at once, with the same output.
 */
$shorts = [];
foreach ([1, 53, 54, 55, 61, 62, 118, 126, 200, 1000, 2045, 2046, 2047, 3000] as $n) {
    $shorts[] = str_repeat('s', $n);
}
$shorts[] = str_repeat("q\"\\\n", 300);
$longs = [
    'plain' => str_repeat('l', 40000),
    'escaped' => str_repeat("/\"\n\\", 9000),
    'non-ASCII' => str_repeat("\u{44f}\u{20ac}x", 5000),
];

function history(string $long, array $shorts): array
{
    $results = [['id' => 'a0', 'toolName' => 'read', 'result' => ['out' => $long]]];
    foreach ($shorts as $i => $s) {
        $results[] = ['id' => 'a' . ($i + 1), 'toolName' => 'read', 'result' => ['out' => $s]];
    }
    $history = [['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => $results]];
    foreach ($results as $r) {
        $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [$r]];
    }
    return $history; // the first message's copies are older, so compacted
}

$checked = $wrong = 0;
foreach ([1] as $pairs) {
    foreach ($longs as $name => $long) {
        // the short ones in turn: each starts at another step of the long one
        for ($rot = 0; $rot < 4; $rot++) {
            $set = array_merge(array_slice($shorts, $rot), array_slice($shorts, 0, $rot));
            $set = array_slice($set, 0, 3 + $rot);
            $history = history($long, $set);
            ini_set('toolcompact.sha256_pairs', (string) $pairs);
            $out = toolcompact_compact($history, ['outputTrimBytes' => 0]);
            ini_set('toolcompact.sha256_pairs', '0');
            $alone = toolcompact_compact($history, ['outputTrimBytes' => 0]);
            foreach ($history[0]['toolResults'] as $k => $r) {
                $v = $r['result']['out'];
                $entry = $out[0]['toolResults'][$k]['result']['_tool_compaction']['omittedFields']['out'] ?? null;
                $checked++;
                if ($entry !== ['bytes' => strlen($v), 'sha256' => hash('sha256', json_encode($v))]) {
                    $wrong++;
                    echo "pairs=$pairs $name rotation $rot result $k: wrong digest\n";
                }
            }
            if ($out !== $alone) {
                echo "pairs=$pairs $name rotation $rot: differs from the pass with the pairs off\n";
            }
        }
    }
}
echo "$checked checked, $wrong wrong\n";
?>
--EXPECT--
66 checked, 0 wrong
