--TEST--
memory: a call offers none of the history's arrays to the cycle collector, however long the history (plain, and compacted again)
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
function roots_added(array $history, array $params): array
{
    gc_collect_cycles();
    $before = gc_status()['roots'];
    $out = toolcompact_compact($history, $params);
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
        [$added[$pairs], $out] = roots_added($h, $params);
        $omitted = substr_count(json_encode($out), '"omittedFields"');
        printf("%s, %d pairs: %s\n", $label, $pairs, $omitted >= 2 * $pairs - 2 ? 'compacted' : "only $omitted metas");
        unset($h, $out);
    }
    printf("%s: roots added grow with the history: %s\n", $label,
        $added[500] > $added[5] ? "yes (" . implode(', ', $added) . ")" : 'no');
}
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
