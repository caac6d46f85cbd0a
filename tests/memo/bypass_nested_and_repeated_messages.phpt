--TEST--
Memo: not used with onOmit or a tokenCounter, not used by a pass that user code starts inside another, and one message array at two places of a history
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\{asst, call, res, tool, user, read_pair, summary, reference_compact};

$h = [user('go'), ...read_pair('c1', 'a.php'), ...read_pair('c2', 'a.php'), ...read_pair('c3', 'b.php')];
$hits = fn () => toolcompact_memo_info()['hits'];

foreach ([
    'onOmit' => ['onOmit' => function (string $sha, string $json, array $where): void {}],
    'tokenCounter' => ['tokenCounter' => 'strlen'],
] as $label => $params) {
    $before = $hits();
    for ($i = 0; $i < 3; $i++) {
        $same = toolcompact_compact($h, $params, $report) === reference_compact($h, $params, $referenceReport)
            && $report === $referenceReport;
    }
    echo "$label: ", $same ? 'as the reference' : 'DIFFERS', ', memo hits ', $hits() - $before, "\n";
}
$before = $hits();
for ($i = 0; $i < 3; $i++) {
    toolcompact_compact($h, []);
}
echo "plain: memo hits ", $hits() - $before > 0 ? 'some' : 'none', "\n";

// A JsonSerializable inside a payload that compacts another history while
// the outer pass measures it.
final class Nested implements JsonSerializable
{
    public static array $inner = [];
    public function jsonSerialize(): mixed
    {
        self::$inner[] = toolcompact_compact(self::history(), []) === reference_compact(self::history(), []);
        return str_repeat('n', 150);
    }
    public static function history(): array
    {
        static $h = null;
        return $h ??= [user('inner'), ...read_pair('i1', 'x.php', 500), ...read_pair('i2', 'x.php', 500)];
    }
}
$outer = [user('outer'), asst(call('o1', 'read', ['path' => 'n.php'])), tool(res('o1', 'read', ['content' => ['value' => new Nested()]])),
    ...read_pair('o2', 'n.php')];
for ($i = 0; $i < 3; $i++) {
    $sameOuter = toolcompact_compact($outer, []) === reference_compact($outer, []);
}
echo "nested: outer ", $sameOuter ? 'as the reference' : 'DIFFERS', ', inner ',
    Nested::$inner !== [] && !in_array(false, Nested::$inner, true) ? 'as the reference' : 'DIFFERS', "\n";

// The same tool message array twice: the older place is compacted, the
// newer one is the newest of its group.
$result = tool(res('r1', 'read', ['content' => str_repeat('r', 300)]));
$twice = [user('twice'), asst(call('r1', 'read', ['path' => 'r.php'])), $result, $result];
for ($i = 0; $i < 3; $i++) {
    $out = toolcompact_compact($twice, []);
    $sameTwice = $out === reference_compact($twice, []);
}
echo "twice: ", $sameTwice ? 'as the reference' : 'DIFFERS', "\n", summary($out);
?>
--EXPECT--
onOmit: as the reference, memo hits 0
tokenCounter: as the reference, memo hits 0
plain: memo hits some
nested: outer as the reference, inner as the reference
twice: as the reference
0 user
1 assistant r1(=)
2 tool r1(content)
3 tool r1(=)
