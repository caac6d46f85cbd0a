--TEST--
Hostile: a tokenCounter or onOmit (a closure, or a trampoline through __call) that throws hands the exception to the caller, the report not written; one that calls exit() ends the script there, nothing after it runs
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, user};

final class Thrower
{
    public function __call(string $name, array $args): never
    {
        throw new RuntimeException("$name threw");
    }
}

$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'a.php', 500));
$thrower = new Thrower();
$cases = [
    'tokenCounter closure' => ['tokenCounter' => fn (string $j): int => throw new RuntimeException('counter threw')],
    'tokenCounter __call' => ['tokenCounter' => [$thrower, 'count']],
    'onOmit closure' => ['onOmit' => function (string $sha, string $json, array $where): void { throw new RuntimeException('onOmit threw'); }],
    'onOmit __call' => ['onOmit' => [$thrower, 'omit']],
];
foreach ($cases as $name => $params) {
    for ($i = 0; $i < 2; $i++) {
        $report = 'untouched';
        try {
            toolcompact_compact($h, $params, $report);
            echo "$name: no exception\n";
        } catch (RuntimeException $e) {
            echo "$name: ", $e->getMessage(), ", report ", json_encode($report), "\n";
        }
    }
}
register_shutdown_function(fn () => print("shutdown\n"));
try {
    toolcompact_compact($h, ['onOmit' => function () { echo "onOmit exits\n"; exit(3); }, 'tokenCounter' => fn ($j) => 1], $report);
} finally {
    echo "finally runs\n";
}
echo "NOT REACHED\n";
?>
--EXPECT--
tokenCounter closure: counter threw, report "untouched"
tokenCounter closure: counter threw, report "untouched"
tokenCounter __call: count threw, report "untouched"
tokenCounter __call: count threw, report "untouched"
onOmit closure: onOmit threw, report "untouched"
onOmit closure: onOmit threw, report "untouched"
onOmit __call: omit threw, report "untouched"
onOmit __call: omit threw, report "untouched"
onOmit exits
shutdown
