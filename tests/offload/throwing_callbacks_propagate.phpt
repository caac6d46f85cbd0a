--TEST--
tokenCounter, onOmit and the restore lookup may throw: the exception reaches the caller, the input is untouched, the report is not written, nothing leaks
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, user};

$h = array_merge([user('go')], read_pair('r1', 'a.php'), read_pair('r2', 'a.php'), read_pair('r3', 'a.php'));
$before = serialize($h);
$throwAfter = function (int $n) {
    return function () use (&$n) {
        if (--$n <= 0) {
            throw new RuntimeException('callback failed');
        }
        return 1;
    };
};
$cases = [
    'tokenCounter, trigger' => [['tokenCounter' => $throwAfter(1), 'trigger' => ['tokens' => 1]], false],
    'tokenCounter, report, 1st call' => [['tokenCounter' => $throwAfter(1)], true],
    'tokenCounter, report, during the walk' => [['tokenCounter' => $throwAfter(12)], true],
    'onOmit, 1st call' => [['onOmit' => $throwAfter(1)], false],
    'onOmit, 3rd call' => [['onOmit' => $throwAfter(3)], true],
];
foreach ($cases as $name => [$params, $withReport]) {
    $report = 'untouched';
    $out = 'not assigned';
    try {
        $out = $withReport ? toolcompact_compact($h, $params, $report) : toolcompact_compact($h, $params);
        echo "$name: no exception\n";
    } catch (RuntimeException $e) {
        echo "$name: ", $e->getMessage(), ', out ', $out, ', report ', $report, "\n";
    }
}
var_dump(serialize($h) === $before);

$store = [];
$c = toolcompact_compact($h, ['onOmit' => function ($sha, $json) use (&$store) { $store[$sha] = $json; }]);
$cBefore = serialize($c);
try {
    toolcompact_restore($c, function () { throw new LogicException('lookup failed'); });
} catch (LogicException $e) {
    echo 'restore: ', $e->getMessage(), "\n";
}
var_dump(serialize($c) === $cBefore);
// The same calls without exceptions still work afterwards.
var_dump(toolcompact_restore($c, fn ($sha) => $store[$sha] ?? null) === $h);
?>
--EXPECT--
tokenCounter, trigger: callback failed, out not assigned, report untouched
tokenCounter, report, 1st call: callback failed, out not assigned, report untouched
tokenCounter, report, during the walk: callback failed, out not assigned, report untouched
onOmit, 1st call: callback failed, out not assigned, report untouched
onOmit, 3rd call: callback failed, out not assigned, report untouched
bool(true)
restore: lookup failed
bool(true)
bool(true)
