--TEST--
report: one conversation estimates the same tokensBefore (within 5%) in every format, whichever way its texts are written (string contents, text blocks, text parts, content lists): every text a model reads counts
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/convert.php';
use function ToolCompact\Tests\convert_history;

$variants = [
    'adachsoft' => null,
    'openai (content lists)' => ['openai', ['textLists' => true]],
    'openai-responses' => ['openai-responses', []],
    'openai-responses (content lists)' => ['openai-responses', ['textLists' => true]],
    'anthropic' => ['anthropic', []],
    'anthropic (text blocks)' => ['anthropic', ['textLists' => true]],
    'gemini' => ['gemini', []],
];
foreach (glob(__DIR__ . '/../../examples/transcripts/*.json') as $file) {
    $adachsoft = json_decode(file_get_contents($file), true)['messages'];
    // the same conversation: a tool message's content repeats its result,
    // which the other formats write once (tests/lib/convert.php)
    $adachsoft = array_map(fn (array $m): array => $m['toolResults'] !== [] ? ['content' => null] + $m : $m, $adachsoft);
    toolcompact_compact(convert_history($adachsoft, 'openai'), [], $report);
    $chat = $report['tokensBefore'];
    echo basename($file), ": openai\n";
    foreach ($variants as $name => $variant) {
        $history = $variant === null ? $adachsoft : convert_history($adachsoft, $variant[0], $variant[1]);
        toolcompact_compact($history, [], $report);
        $off = (int) round(100 * $report['tokensBefore'] / $chat) - 100;
        printf("%-34s %s\n", $name, abs($off) <= 5 ? 'ok' : "off by $off%");
    }
}
?>
--EXPECT--
django__django-16502.json: openai
adachsoft                          ok
openai (content lists)             ok
openai-responses                   ok
openai-responses (content lists)   ok
anthropic                          ok
anthropic (text blocks)            ok
gemini                             ok
