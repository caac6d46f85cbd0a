--TEST--
memory: a call offers none of the history's arrays to the cycle collector, however long the history (plain, compacted again, and restored)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';

use function ToolCompact\Tests\{asst, call, read_pair, user};

// Every pair is the same read, so all but the newest are compacted; each
// call also writes a large file, so inputs are compacted too.
function history(int $pairs): array
{
    $h = [user('go')];
    for ($i = 0; $i < $pairs; $i++) {
        array_push($h, ...read_pair("r$i", 'a.txt', 400));
        $h[] = asst(call("w$i", 'write', ['path' => 'b.txt', 'content' => str_repeat('y', 400)]));
    }
    return $h;
}

// Possible roots the collector's buffer gained during one call (no
// collection can run in between: far fewer than its threshold are added).
function roots_added(callable $call): array
{
    gc_collect_cycles();
    $before = gc_status()['roots'];
    $out = $call();
    return [gc_status()['roots'] - $before, $out];
}

$params = ['inputTrimBytes' => 100, 'outputTrimBytes' => 100];
foreach (['plain' => false, 'compacted again' => true] as $label => $again) {
    $added = [];
    foreach ([5, 50, 500] as $pairs) {
        $h = history($pairs);
        if ($again) {
            // an output with metas, given more turns: the old metas are extended
            $h = toolcompact_compact($h, $params + ['inputTrimBytes' => 300]);
        }
        [$added[$pairs], $out] = roots_added(fn () => toolcompact_compact($h, $params));
        $omitted = substr_count(json_encode($out), '"omittedFields"');
        printf("%s, %d pairs: %s\n", $label, $pairs, $omitted >= 2 * $pairs - 2 ? 'compacted' : "only $omitted metas");
        unset($h, $out);
    }
    printf("%s: roots added grow with the history: %s\n", $label,
        $added[500] > $added[5] ? "yes (" . implode(', ', $added) . ")" : 'no');
}

// restore() puts every omitted value back: the arrays it makes replace and
// drop values of the input's metas
$added = [];
foreach ([5, 50, 500] as $pairs) {
    $h = history($pairs);
    $store = [];
    $out = toolcompact_compact($h, $params + ['onOmit' => function (string $sha, string $json) use (&$store): void { $store[$sha] = $json; }]);
    [$added[$pairs], $back] = roots_added(fn () => toolcompact_restore($out, fn (string $sha): ?string => $store[$sha] ?? null));
    printf("restored, %d pairs: %s\n", $pairs, $back === $h ? 'as before compaction' : 'different');
    unset($h, $out, $back);
}
printf("restored: roots added grow with the history: %s\n", $added[500] > $added[5] ? "yes (" . implode(', ', $added) . ")" : 'no');
?>
--EXPECT--
plain, 5 pairs: compacted
plain, 50 pairs: compacted
plain, 500 pairs: compacted
plain: roots added grow with the history: no
compacted again, 5 pairs: compacted
compacted again, 50 pairs: compacted
compacted again, 500 pairs: compacted
compacted again: roots added grow with the history: no
restored, 5 pairs: as before compaction
restored, 50 pairs: as before compaction
restored, 500 pairs: as before compaction
restored: roots added grow with the history: no
