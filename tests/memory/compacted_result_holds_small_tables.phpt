--TEST--
memory: a compacted tool result costs its returned history less than 1,500 bytes (seven new arrays in tables sized to their keys, a sha256 string and the placeholder), where tables of PHP's default eight buckets would take about 2,600
--INI--
toolcompact.memo_entries=0
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';

use function ToolCompact\Tests\{asst, call, res, tool};

/*
 * A compacted result makes seven arrays: the tool message (4 keys), its list
 * (1 item), the item (3), the payload (exitCode, output and the meta: 3), the
 * meta (2), omittedFields (1) and the field's entry (2); plus the sha256 hex
 * string (89 bytes, a 96-byte slot) and the placeholder content (about 100
 * bytes, a 128-byte slot). Each array is a 56-byte header and its data: in a
 * table of the smallest power of two (at least 2) that holds its keys, that
 * is 2 x 160 + 3 x 80 + 160 bytes of hashes and 40 (PHP 8.2) or 80 (8.1)
 * bytes of list; 7 x 56 + 1,080 + 224 = about 1,400 bytes a result.
 */
$calls = 1001;
$history = [];
for ($n = 0; $n < $calls; $n++) {
    $history[] = asst(call("c$n", 'bash', ['command' => 'ls']));
    $history[] = tool(res("c$n", 'bash', ['exitCode' => 0, 'output' => str_repeat(chr(ord('a') + $n % 26), 300)]));
}
gc_collect_cycles();
$base = memory_get_usage();
$out = toolcompact_compact($history, [], $report);
$perResult = (memory_get_usage() - $base) / $report['resultsCompacted'];
var_dump($report['resultsCompacted']);
echo $perResult < 1500 ? "less than 1500 bytes a result\n" : "$perResult bytes a result\n";
?>
--EXPECT--
int(1000)
less than 1500 bytes a result
