--TEST--
minSavedBytes: the pass applies only when it removes at least that many bytes; otherwise the history comes back unchanged and onOmit is not called
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{estimate, read_pair, user};

$h = array_merge([user('go')], read_pair('r1', 'a.php', 1000), read_pair('r2', 'a.php', 1000), read_pair('r3', 'a.php', 1000));

// What the Part 1 pass removes: before - after estimate of the changed messages.
$compacted = toolcompact_compact($h);
$saved = 0;
foreach ($h as $i => $m) {
    if ($compacted[$i] !== $m) {
        $saved += estimate($m)[0] - estimate($compacted[$i])[0];
    }
}
var_dump($saved > 1000);

foreach (['saved' => $saved, 'saved + 1' => $saved + 1, 'zero' => 0] as $name => $min) {
    $report = null;
    $out = toolcompact_compact($h, ['minSavedBytes' => $min], $report);
    printf("%-9s applied=%s same-as-part1=%s unchanged=%s reason=%s savedBytes-ok=%s\n", $name,
        var_export($report['applied'], true), var_export($out === $compacted, true), var_export($out === $h, true),
        var_export($report['reason'], true), var_export($report['savedBytes'] === $saved, true));
}

// onOmit is called only when the pass applies: 2 result fields and the 2
// tool contents they replace.
foreach ([0, PHP_INT_MAX] as $min) {
    $omitted = 0;
    toolcompact_compact($h, ['minSavedBytes' => $min, 'onOmit' => function () use (&$omitted) { $omitted++; }]);
    echo "min $min: onOmit called $omitted times\n";
}
?>
--EXPECT--
bool(true)
saved     applied=true same-as-part1=true unchanged=false reason=NULL savedBytes-ok=true
saved + 1 applied=false same-as-part1=false unchanged=true reason='minSavedBytes' savedBytes-ok=true
zero      applied=true same-as-part1=true unchanged=false reason=NULL savedBytes-ok=true
min 0: onOmit called 4 times
min 9223372036854775807: onOmit called 0 times
