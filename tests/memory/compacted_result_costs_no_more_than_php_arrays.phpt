--TEST--
memory: a compacted tool result costs its returned history no more than the same arrays and strings made by PHP code (the userland reference's output of the same history)
--INI--
toolcompact.memo_entries=0
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\{asst, call, res, tool};

/*
 * A compacted result makes seven arrays (the tool message, its list, the
 * item, the payload, the meta, omittedFields and the field's entry), the
 * sha256 hex string and the placeholder content. The extension makes its
 * arrays with the engine's own functions, so they cost what PHP's arrays of
 * the same keys cost: the reference, which builds the same output in PHP,
 * is the yardstick. Everything else of the history (the calls, which stay
 * as they are: the newest of each is kept, older ones have nothing over
 * the threshold) is shared, by both, with the input.
 */
$calls = 1001;
$history = [];
for ($n = 0; $n < $calls; $n++) {
    $history[] = asst(call("c$n", 'bash', ['command' => 'ls']));
    $history[] = tool(res("c$n", 'bash', ['exitCode' => 0, 'output' => str_repeat(chr(ord('a') + $n % 26), 300)]));
}

function cost(callable $compact): array
{
    gc_collect_cycles();
    $base = memory_get_usage();
    $out = $compact();
    return [memory_get_usage() - $base, $out];
}

[$ext, $out] = cost(function () use ($history, &$report) { return toolcompact_compact($history, [], $report); });
[$php, $expected] = cost(fn () => ToolCompact\Tests\reference_compact($history, []));
var_dump($report['resultsCompacted']);
var_dump($out === $expected);
$perResult = $ext / $report['resultsCompacted'];
$phpPerResult = $php / $report['resultsCompacted'];
echo $perResult <= $phpPerResult * 1.02
    ? "no more than PHP's arrays\n"
    : sprintf("%.0f bytes a result against PHP's %.0f\n", $perResult, $phpPerResult);
?>
--EXPECT--
int(1000)
bool(true)
no more than PHP's arrays
