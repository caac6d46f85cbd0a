--TEST--
identifier values whose strings have the same PHP hash (DJBX33A twins, as strings, array keys and array values) are different groups, with and without the memo
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{asst, call, tool, res, summary, reference_compact};

/* "Ez" and "FY" hash alike (69 * 33 + 122 = 70 * 33 + 89), and so does any
 * pair of strings that differ only there. */
function djb(string $s): int
{
    $h = 5381;
    foreach (str_split($s) as $c) {
        $h = ($h * 33 + ord($c)) & 0xffffffff;
    }
    return $h;
}
$pairs = [['Ez', 'FY'], ['src/Ez.php', 'src/FY.php']];
foreach ($pairs as [$a, $b]) {
    var_dump($a !== $b && djb($a) === djb($b));
}

function pair(string $id, mixed $path): array
{
    return [asst(call($id, 'read', ['path' => $path])), tool(res($id, 'read', ['content' => str_repeat('x', 300)]))];
}

$values = [
    ['Ez', 'FY'],
    ['src/Ez.php', 'src/FY.php'],
    [['Ez' => 1], ['FY' => 1]],
    [['k' => 'src/Ez.php', 'n' => 2], ['k' => 'src/FY.php', 'n' => 2]],
];
$params = ['toolIdentifierFields' => ['read' => ['path']]];
foreach ([0, 64] as $memo) {
    ini_set('toolcompact.memo_entries', (string) $memo);
    foreach ($values as $n => [$a, $b]) {
        // a, then b, then a again: only the first a is compacted
        $history = array_merge(pair("a$n", $a), pair("b$n", $b), pair("c$n", $a));
        // decoded from JSON, so that no string is shared between the calls
        $history = json_decode(json_encode($history), true);
        $out = toolcompact_compact($history, $params);
        echo summary($out);
        var_dump($out === reference_compact($history, $params));
    }
}
?>
--EXPECT--
bool(true)
bool(true)
0 assistant a0(=)
1 tool a0(content)
2 assistant b0(=)
3 tool b0(=)
4 assistant c0(=)
5 tool c0(=)
bool(true)
0 assistant a1(=)
1 tool a1(content)
2 assistant b1(=)
3 tool b1(=)
4 assistant c1(=)
5 tool c1(=)
bool(true)
0 assistant a2(=)
1 tool a2(content)
2 assistant b2(=)
3 tool b2(=)
4 assistant c2(=)
5 tool c2(=)
bool(true)
0 assistant a3(=)
1 tool a3(content)
2 assistant b3(=)
3 tool b3(=)
4 assistant c3(=)
5 tool c3(=)
bool(true)
0 assistant a0(=)
1 tool a0(content)
2 assistant b0(=)
3 tool b0(=)
4 assistant c0(=)
5 tool c0(=)
bool(true)
0 assistant a1(=)
1 tool a1(content)
2 assistant b1(=)
3 tool b1(=)
4 assistant c1(=)
5 tool c1(=)
bool(true)
0 assistant a2(=)
1 tool a2(content)
2 assistant b2(=)
3 tool b2(=)
4 assistant c2(=)
5 tool c2(=)
bool(true)
0 assistant a3(=)
1 tool a3(content)
2 assistant b3(=)
3 tool b3(=)
4 assistant c3(=)
5 tool c3(=)
bool(true)
