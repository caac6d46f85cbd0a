--TEST--
cache of provider entries: one entry array at two places of a history, and a pass whose tokenCounter compacts other provider histories (turning the cache off and on again meanwhile), give at every call what the same calls give with the cache off
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/convert.php';

$transcript = array_slice(transcripts()['transcripts/django__django-16502.json'], 0, 24);
$run = function (bool $cached) use ($transcript): array {
    ini_set('toolcompact.memo_entries', $cached ? '16384' : '0');
    $outputs = [];
    foreach (['openai', 'anthropic', 'gemini'] as $format) {
        $history = convert_history($transcript, $format);
        $twice = array_merge($history, [$history[2], $history[3]], $history); // entries repeated
        $other = convert_history(array_slice($transcript, 0, 12), $format === 'gemini' ? 'openai' : 'gemini');
        $counter = function (string $json) use ($other, $cached): int {
            // a pass inside a pass: compacts another history, turns the cache off and on
            toolcompact_compact($other, ['keepLatestPerGroup' => 1]);
            ini_set('toolcompact.memo_entries', '0');
            toolcompact_compact($other);
            ini_set('toolcompact.memo_entries', $cached ? '16384' : '0');
            return intdiv(strlen($json), 3);
        };
        for ($call = 0; $call < 4; $call++) {
            $outputs[] = serialize(toolcompact_compact($twice, ['toolIdentifierFields' => ['bash' => ['command']]], $report)) . serialize($report);
            $outputs[] = serialize(toolcompact_compact($history, ['tokenCounter' => $counter], $report)) . serialize($report);
            $outputs[] = serialize(toolcompact_compact($history, ['outputTrimBytes' => 50]));
        }
    }
    return $outputs;
};
$cached = $run(true);
$plain = $run(false);
printf("%d calls, %d differ\n", count($plain), count(array_diff_assoc($cached, $plain)));
?>
--EXPECT--
36 calls, 0 differ
