--TEST--
Previews, SPEC Part 6: every fourth shipped transcript (every twelfth under valgrind and the sanitizers) in every format, with previews at both ends, at one end, tiny and larger than most fields: the same output, report and onOmit records as the userland reference; restore gives the input back; compacting the output again changes nothing
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

$sets = [['previewBytes' => 40], ['previewBytes' => 60, 'previewTail' => 30], ['previewTail' => 500],
    ['previewBytes' => 3, 'previewTail' => 3, 'outputTrimBytes' => 20, 'inputTrimBytes' => 20]];
$cases = $differences = $previews = $fellBack = 0;
$t = $used = 0;
$step = getenv('USE_ZEND_ALLOC') === '0' ? 12 : 4;
foreach (transcripts() as $name => $adachsoft) {
    if ($t++ % $step !== 0) {
        continue; // under valgrind and the sanitizers (USE_ZEND_ALLOC=0) fewer of them
    }
    $used++;
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
                    echo "$name $format ", json_encode(array_diff_key($params, ['onOmit' => 1])), "\n";
                }
                continue;
            }
            $store = array_column($records['native'], 1, 0);
            if (toolcompact_restore($out['native'], fn (string $sha): ?string => $store[$sha] ?? null) !== $history) {
                echo "$name $format: restore is not the input\n";
            }
            if (toolcompact_compact($out['native'], $params) !== $out['native']) {
                echo "$name $format: compacting again changed it\n";
            }
            $text = serialize($out['native']);
            $previews += preg_match_all('/\\\\?n\[omitted\] [0-9]+ bytes, sha256=/', $text);
            $fellBack += substr_count($text, '"[omitted]"') + substr_count($text, '\"[omitted]\"');
        }
    }
}
echo "differences: $differences\n";
// (per transcript: CI's sanitizer leg runs in a copy with the one transcript of examples/)
var_dump($used > 0 && $cases === 20 * $used, $previews > 20 * $used, $fellBack > 0);
?>
--EXPECT--
differences: 0
bool(true)
bool(true)
bool(true)
