--TEST--
Budget, SPEC Part 6 targetTokens: every fifth shipped transcript (the first only under valgrind and the sanitizers) in every format, targets from above the history's estimate down to below what the whole pass reaches, with keepRecentMessages, a trigger, a tokenCounter and the window: the same output, report and onOmit records as the userland reference, and the output is the whole pass's up to a position and the input from there on
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/formats.php';
require __DIR__ . '/../lib/convert.php';

$cases = $differences = $partial = $met = $missed = $notPrefix = 0;
$t = $used = 0;
$step = getenv('USE_ZEND_ALLOC') === '0' ? 40 : 5;
foreach (transcripts() as $name => $adachsoft) {
    if ($t++ % $step !== 0) {
        continue; // under valgrind and the sanitizers (USE_ZEND_ALLOC=0) fewer of them
    }
    $used++;
    foreach (['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
        $history = $format === 'adachsoft' ? $adachsoft : convert_history($adachsoft, $format);
        toolcompact_compact($history, ['format' => $format], $report);
        [$before, $after] = [$report['tokensBefore'], $report['tokensAfter']];
        $targets = array_unique([$before + 1, $before, intdiv($before + $after, 2), $after + 1, $after, max(1, $after - 1)]);
        foreach ($targets as $i => $target) {
            $sets = [['targetTokens' => $target]];
            if ($i % 2 === 0) {
                $sets[] = ['targetTokens' => $target, 'keepRecentMessages' => 6, 'outputTrimBytes' => 60];
                $sets[] = ['targetTokens' => $target, 'trigger' => ['tokens' => intdiv($before, 2)], 'minSavedBytes' => 1,
                    'tokenCounter' => fn (string $json): int => intdiv(strlen($json) + 1, 2)];
                $sets[] = ['targetTokens' => $target, 'maxMessages' => intdiv(count($history), 2) + 1];
            }
            foreach ($sets as $params) {
                $params['format'] = $format;
                $cases++;
                $records = [];
                foreach (['native', 'reference'] as $side) {
                    $params['onOmit'] = function (string $sha, string $json, array $where) use (&$records, $side): void {
                        $records[$side][] = [$sha, $json, $where];
                    };
                    $out[$side] = $side === 'native'
                        ? toolcompact_compact($history, $params, $reports[$side])
                        : reference_compact_format($history, $params, $reports[$side]);
                }
                if (serialize($out['native']) !== serialize($out['reference']) || $reports['native'] !== $reports['reference']
                        || ($records['native'] ?? []) !== ($records['reference'] ?? [])) {
                    if (++$differences <= 5) {
                        echo "$name $format target $target: ", json_encode($reports['native']), "\n", json_encode($reports['reference']), "\n";
                    }
                    continue;
                }
                $r = $reports['native'];
                $r['targetMet'] ? $met++ : $missed++;
                $partial += $r['tokensAfter'] > $after && $r['messagesChanged'] > 0;
                if (!isset($params['maxMessages'])) {
                    // the whole pass's output up to a position, the input from there on
                    $whole = toolcompact_compact($history, ['onOmit' => function (): void {}] + array_diff_key($params, ['targetTokens' => 1]));
                    $keys = array_keys($history);
                    $position = 0;
                    while ($position < count($keys) && $out['native'][$keys[$position]] === $whole[$keys[$position]]) {
                        $position++;
                    }
                    for ($k = $position; $k < count($keys); $k++) {
                        $notPrefix += $out['native'][$keys[$k]] !== $history[$keys[$k]];
                    }
                }
            }
        }
    }
}
echo "differences: $differences, not a prefix: $notPrefix\n";
// (shares of the cases: CI's sanitizer leg runs in a copy with the one transcript of examples/)
var_dump($used > 0 && $cases > 20 * $used, $partial > 0, $met > 0, $missed > 0);
?>
--EXPECT--
differences: 0, not a prefix: 0
bool(true)
bool(true)
bool(true)
bool(true)
