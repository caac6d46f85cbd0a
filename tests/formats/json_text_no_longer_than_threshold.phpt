--TEST--
JSON texts no longer than the threshold: a flat one, or one that is no JSON, has no field over the threshold and is left as it is; one that decodes to a nested value or a float whose field is longer than the text (escaped non-ASCII, precision=17) has a field over the threshold, but its placeholder and meta would make the text longer, so it is left as it is too (SPEC Part 4, a compaction never makes a payload larger): in every JSON-text format, as the userland reference does, arguments and results alike
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/formats.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history};
use function ToolCompact\Tests\reference_compact_format;

// each text no longer than the threshold
$texts = [
    'flat' => ['{"path":"src/a.php","n":12}', 30],
    'flat, escapes' => ['{"p":"\u00e9\n\"x\""}', 30],
    'no JSON' => ['{not json at all}', 30],
    'nested, non-ASCII' => ['{"a":["ééééé"]}', 30],
    'nested object' => ['{"a":{"b":"ééééé"}}', 30],
    'float' => ['{"x":0.1}', 10], // "0.10000000000000001"
];
ini_set('precision', '17');
ini_set('serialize_precision', '17');
foreach ($texts as $name => [$text, $threshold]) {
    $params = ['inputTrimBytes' => $threshold, 'outputTrimBytes' => $threshold];
    printf("%s (%d bytes, threshold %d):", $name, strlen($text), $threshold);
    foreach (['openai', 'openai-responses', 'anthropic'] as $format) {
        // the same call and result twice: the older pair is compacted
        $history = history(
            calls($format, [call('c1', 'read', $text)]),
            results($format, [res('c1', 'read', $text)]),
            calls($format, [call('c2', 'read', $text)]),
            results($format, [res('c2', 'read', $text)]),
        );
        $out = toolcompact_compact($history, $params);
        $same = json_encode($out) === json_encode(reference_compact_format($history, $params));
        printf(" %s %s%s", $format, $out === $history ? 'unchanged' : 'compacted', $same ? '' : ' (NOT AS THE REFERENCE)');
    }
    echo "\n";
}
?>
--EXPECT--
flat (27 bytes, threshold 30): openai unchanged openai-responses unchanged anthropic unchanged
flat, escapes (21 bytes, threshold 30): openai unchanged openai-responses unchanged anthropic unchanged
no JSON (17 bytes, threshold 30): openai unchanged openai-responses unchanged anthropic unchanged
nested, non-ASCII (20 bytes, threshold 30): openai unchanged openai-responses unchanged anthropic unchanged
nested object (24 bytes, threshold 30): openai unchanged openai-responses unchanged anthropic unchanged
float (9 bytes, threshold 10): openai unchanged openai-responses unchanged anthropic unchanged
