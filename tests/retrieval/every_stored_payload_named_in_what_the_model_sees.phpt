--TEST--
In every format, each payload onOmit stores is named by its sha256 in the compacted history as it goes to the provider (a field's meta, a text's placeholder, a whole-text record), and toolcompact_retrieve() gives back exactly what was stored for each of them; every sha256 in the history is one that was stored
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\sample_history;
use const ToolCompact\Tests\Formats\FORMATS;

foreach (FORMATS as $format) {
    $store = [];
    $history = sample_history($format);
    // a pretty-printed JSON text too: its whole original is stored as well
    if ($format === 'openai') {
        $history[2]['content'] = json_encode(json_decode($history[2]['content']), JSON_PRETTY_PRINT);
    }
    $out = toolcompact_compact($history, ['inputTrimBytes' => 40, 'outputTrimBytes' => 40,
        'onOmit' => function (string $sha256, string $json) use (&$store): void { $store[$sha256] = $json; }]);
    preg_match_all('/[0-9a-f]{64}/', json_encode($out), $m);
    $seen = array_unique($m[0]);
    $lookup = fn (string $sha256): ?string => $store[$sha256] ?? null;
    $back = 0;
    foreach ($seen as $sha) {
        $back += toolcompact_retrieve($sha, $lookup) === $store[$sha];
    }
    sort($seen);
    $stored = array_keys($store);
    sort($stored);
    printf("%s: %s, %s\n", $format, count($store) > 1 && $seen === $stored ? 'each stored payload named' : 'names differ', $back === count($seen) ? 'each read back' : 'not all read back');
}
?>
--EXPECT--
openai: each stored payload named, each read back
openai-responses: each stored payload named, each read back
anthropic: each stored payload named, each read back
gemini: each stored payload named, each read back
