--TEST--
Whitespace, SPEC Part 6 collapseWhitespace: every fourth shipped transcript (every twelfth under valgrind and the sanitizers) in every format, its results given runs of spaces, trailing blanks and blank lines, collapsed alone and with previews, keep-2, a trigger and onOmit: the same output, report and onOmit records as the userland reference; compacting the output again changes nothing; the newest occurrence of each group keeps its whitespace
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (the reference's preg_*()) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/formats.php';
require __DIR__ . '/../lib/convert.php';

/** The history with whitespace to collapse added to every string field of every result. */
function spaced(array $history): array
{
    foreach ($history as $i => $message) {
        foreach ($message['toolResults'] ?? [] as $j => $result) {
            foreach ($result['result'] ?? [] as $key => $value) {
                if (is_string($value) && $key !== '_tool_compaction') {
                    $history[$i]['toolResults'][$j]['result'][$key] = "  $value  \n\n\n\tend   of  it \n";
                }
            }
        }
    }
    return $history;
}

$sets = [['collapseWhitespace' => true], ['collapseWhitespace' => true, 'previewBytes' => 30, 'previewTail' => 10],
    ['collapseWhitespace' => true, 'keepLatestPerGroup' => 2, 'outputTrimBytes' => 400, 'inputTrimBytes' => 400],
    ['collapseWhitespace' => true, 'trigger' => ['turns' => 2], 'outputTrimBytes' => 1000]];
$cases = $differences = $collapsed = $untouched = 0;
$t = $used = 0;
$step = getenv('USE_ZEND_ALLOC') === '0' ? 12 : 4;
foreach (transcripts() as $name => $adachsoft) {
    if ($t++ % $step !== 0) {
        continue; // under valgrind and the sanitizers (USE_ZEND_ALLOC=0) fewer of them
    }
    $used++;
    $adachsoft = spaced($adachsoft);
    foreach (['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
        $history = $format === 'adachsoft' ? $adachsoft : convert_history($adachsoft, $format);
        foreach ($sets as $params) {
            $params['format'] = $format;
            $cases++;
            $records = ['native' => [], 'reference' => []];
            foreach (['native', 'reference'] as $side) {
                $params['onOmit'] = function (string $sha, string $json, array $where) use (&$records, $side): void {
                    $records[$side][] = [$sha, $json, $where];
                };
                $out[$side] = $side === 'native'
                    ? toolcompact_compact($history, $params, $reports[$side])
                    : reference_compact_format($history, $params, $reports[$side]);
            }
            if (serialize($out['native']) !== serialize($out['reference']) || $reports['native'] !== $reports['reference']
                    || $records['native'] !== $records['reference']) {
                if (++$differences <= 5) {
                    echo "$name $format ", json_encode(array_diff_key($params, ['onOmit' => 1])), "\n",
                        json_encode($reports['native']), "\n", json_encode($reports['reference']), "\n";
                }
                continue;
            }
            if (toolcompact_compact($out['native'], $params) !== $out['native']) {
                echo "$name $format: compacting again changed it\n";
            }
            $collapsed += $reports['native']['fieldsCollapsed'];
            // the newest occurrence keeps its whitespace: the last entry holding a result is untouched
            $untouched += $out['native'][array_key_last($history)] === $history[array_key_last($history)];
        }
    }
}
echo "differences: $differences\n";
// (per transcript: CI's sanitizer leg runs in a copy with the one transcript of examples/)
var_dump($used > 0 && $cases === 20 * $used, $collapsed > 20 * $used, $untouched === $cases);
?>
--EXPECT--
differences: 0
bool(true)
bool(true)
bool(true)
