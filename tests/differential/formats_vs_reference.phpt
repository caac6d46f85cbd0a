--TEST--
Differential, provider formats: every shipped transcript converted to OpenAI Chat, Responses, Anthropic (arrays, and SDK objects when tests/sdk is installed; string contents, and lists of text parts or blocks) and Gemini, written compact, pretty-printed and with unescaped Unicode, compacted with five parameter sets by the extension and by the userland reference: the same output, report, onOmit records and restored history, which is the input again
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (the reference's preg_match()) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/formats.php';
require __DIR__ . '/../lib/convert.php';
$autoload = __DIR__ . '/../sdk/vendor/autoload.php';
$sdk = is_file($autoload) && (require $autoload) && class_exists(\Anthropic\Messages\ToolUseBlockParam::class);

$pretty = JSON_PRETTY_PRINT;
$unescaped = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;
$variants = [
    'openai' => ['openai', []], 'openai/pretty' => ['openai', ['jsonFlags' => $pretty]],
    'openai/unescaped' => ['openai', ['jsonFlags' => $unescaped]], 'openai-responses' => ['openai-responses', []],
    'anthropic' => ['anthropic', []], 'anthropic/unescaped' => ['anthropic', ['jsonFlags' => $unescaped]],
    'gemini' => ['gemini', []], 'gemini/no-ids' => ['gemini', ['geminiIds' => false]],
    // every string content a list of one text part or block (the estimate counts them)
    'openai/lists' => ['openai', ['textLists' => true]], 'openai-responses/lists' => ['openai-responses', ['textLists' => true]],
    'anthropic/lists' => ['anthropic', ['textLists' => true]],
];
$identifiers = ['toolIdentifierFields' => ['bash' => ['command'], 'open' => ['path'], 'create' => ['filename']]];
$sets = [[], ['keepLatestPerGroup' => 2], $identifiers, ['outputTrimBytes' => 40, 'inputTrimBytes' => 40],
    ['keepLatestPerGroup' => 2, 'keepRecentMessages' => 4, 'trigger' => ['turns' => 1]] + $identifiers];

$run = function (callable $compact, callable $restore, array $history, array $params): array {
    $records = [];
    $params['onOmit'] = function (string $sha256, string $json, array $where) use (&$records): void {
        $records[] = [$sha256, $json, $where];
    };
    $out = $compact($history, $params, $report);
    $store = array_column($records, 1, 0);
    $back = $restore($out, fn (string $sha256): ?string => $store[$sha256] ?? null);
    return [serialize($out), $report, $records, serialize($back)];
};
$cases = $failing = 0;
$transcripts = transcripts();
if (getenv('USE_ZEND_ALLOC') === '0') {
    // under valgrind and the sanitizers (run-tests.php -m): four transcripts
    $transcripts = array_slice($transcripts, 0, 4);
}
foreach ($transcripts as $name => $adachsoft) {
    $histories = [];
    foreach ($variants as $variant => [$format, $options]) {
        $histories[$variant] = convert_history($adachsoft, $format, $options);
    }
    if ($sdk) {
        $histories['anthropic-sdk'] = convert_history_sdk($histories['anthropic']);
        $histories['anthropic-sdk/lists'] = convert_history_sdk($histories['anthropic/lists']);
    }
    foreach ($histories as $variant => $history) {
        foreach ($sets as $i => $params) {
            $cases++;
            $native = $run('toolcompact_compact', 'toolcompact_restore', $history, $params);
            $reference = $run(fn ($h, $p, &$r) => reference_compact_format($h, $p, $r), 'ToolCompact\Tests\reference_restore_format', $history, $params);
            $what = [];
            foreach (['output', 'report', 'onOmit records', 'restored history'] as $k => $label) {
                if ($native[$k] !== $reference[$k]) {
                    $what[] = $label;
                }
            }
            if ($native[3] !== serialize($history)) {
                $what[] = 'restore(compact(h)) !== h';
            }
            if ($what && ++$failing <= 10) {
                echo "$name $variant set $i: ", implode(', ', $what), "\n";
            }
        }
    }
}
// every transcript used (the shipped one at least) gave a case per variant and set
$expected = count($transcripts) * (count($variants) + ($sdk ? 2 : 0)) * count($sets);
echo $transcripts && $cases === $expected ? "all cases" : "only $cases of $expected cases", ", $failing failing\n";
?>
--EXPECT--
all cases, 0 failing
