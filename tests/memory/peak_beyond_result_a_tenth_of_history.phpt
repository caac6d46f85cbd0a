--TEST--
memory: at its peak a call holds, beside the history it returns and what any call holds (its resolved parameters, measured on an empty history), less than a tenth of the history's JSON size plus 4 KiB (a pass's own state, which weighs most in a short history), for a short history with nothing to omit, a short one and a long one with small payloads, and with a report
--INI--
toolcompact.memo_entries=0
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';

use function ToolCompact\Tests\{asst, call, res, tool, user};

/* The peak of one call less what its result holds when it returns, as
 * bench/compact.php measures it. */
function beyond_result(array $history, array $params, bool $report): int
{
    gc_collect_cycles();
    memory_reset_peak_usage();
    $out = $report ? toolcompact_compact($history, $params, $r) : toolcompact_compact($history, $params);
    return memory_get_peak_usage() - memory_get_usage();
}

/* $turns turns of a user message, a call of one of $tools tools and its
 * result of $bytes bytes (a few lines of text): about the sizes of
 * bench/history.php's small payloads. */
function history(int $turns, int $tools, int $bytes): array
{
    $h = [];
    for ($t = 0; $t < $turns; $t++) {
        $tool = 'tool' . ($t % $tools);
        $text = substr(str_repeat("line $t of the output, \"quoted\" and / slashed\n", 1 + intdiv($bytes, 40)), 0, $bytes);
        $h[] = user("step $t: look at the next file and say what the test run printed for it");
        $h[] = asst(call("c$t", $tool, ['command' => "run --step $t", 'path' => "src/file$t.php"]));
        $h[] = tool(res("c$t", $tool, ['output' => $text, 'exitCode' => 0]));
    }
    return $h;
}

$cases = [
    // every tool called once: nothing compacted, the result is the input
    'short, nothing to omit' => history(4, 4, 1000),
    'short, small payloads' => history(4, 1, 400),
    'long, small payloads' => history(1500, 3, 400),
];
/* what a pass may hold whatever the history's size: its entries, flags,
 * call index and first blocks of summaries for a short history */
const FIXED = 4096;
foreach ($cases as $name => $history) {
    $bytes = strlen(json_encode($history));
    foreach ([false, true] as $report) {
        $beyond = beyond_result($history, [], $report) - beyond_result([], [], $report);
        printf("%s%s: %s\n", $name, $report ? ', with a report' : '',
            $beyond <= $bytes / 10 + FIXED ? 'within a tenth plus 4 KiB' : "$beyond bytes of $bytes");
    }
}
?>
--EXPECT--
short, nothing to omit: within a tenth plus 4 KiB
short, nothing to omit, with a report: within a tenth plus 4 KiB
short, small payloads: within a tenth plus 4 KiB
short, small payloads, with a report: within a tenth plus 4 KiB
long, small payloads: within a tenth plus 4 KiB
long, small payloads, with a report: within a tenth plus 4 KiB
