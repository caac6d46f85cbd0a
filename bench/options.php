<?php
/*
 * What each option of SPEC Part 6 leaves of the shipped transcripts, next to
 * the default pass: the JSON bytes of the whole history and the estimate's
 * bytes and tokens (Part 3, made again on each output), summed over every
 * transcript, in every format. Nothing is timed.
 *
 *   php -d extension=modules/toolcompact.so bench/options.php [--format=openai]
 *
 * Limits that depend on a history's size (targetTokens, maxTokensWindow) are
 * set per transcript as a share of its estimate before the pass.
 */

declare(strict_types=1);

namespace ToolCompact\Tests;

require dirname(__DIR__) . '/tests/lib/build.php';
require dirname(__DIR__) . '/tests/lib/convert.php';

$only = null;
foreach ($argv as $arg) {
    if (str_starts_with($arg, '--format=')) {
        $only = substr($arg, 9);
    }
}
$formats = $only !== null ? [$only] : ['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'];

/** @return array{int, int, int} JSON bytes, estimate bytes, estimate tokens of a history */
function measure(array $history, string $format): array
{
    toolcompact_compact($history, ['format' => $format, 'trigger' => ['messages' => PHP_INT_MAX]], $report);
    return [strlen(json_encode($history)), $report['bytesBefore'], $report['tokensBefore']];
}

$options = [
    'none (the input)' => fn (int $tokens): ?array => null,
    'default pass' => fn (int $tokens): array => [],
    'previewBytes 200, previewTail 200' => fn (int $tokens): array => ['previewBytes' => 200, 'previewTail' => 200],
    'previewBytes 100' => fn (int $tokens): array => ['previewBytes' => 100],
    'collapseWhitespace' => fn (int $tokens): array => ['collapseWhitespace' => true],
    'targetTokens 60% of the input' => fn (int $tokens): array => ['targetTokens' => intdiv($tokens * 6, 10)],
    'maxTokensWindow 20% of the input' => fn (int $tokens): array => ['maxTokensWindow' => max(1, intdiv($tokens, 5))],
    'maxTokensWindow 20%, summary' => fn (int $tokens): array => ['maxTokensWindow' => max(1, intdiv($tokens, 5)),
        'summarize' => fn (array $dropped): string => 'Earlier: ' . count($dropped) . ' messages of reading and editing files.'],
    'maxMessages 40' => fn (int $tokens): array => ['maxMessages' => 40],
    'maxMessages 40, first user, summary' => fn (int $tokens): array => ['maxMessages' => 40, 'keepFirstUser' => true,
        'summarize' => fn (array $dropped): string => 'Earlier: ' . count($dropped) . ' messages of reading and editing files.'],
];

$sums = [];
foreach (transcripts() as $adachsoft) {
    foreach ($formats as $format) {
        $history = $format === 'adachsoft' ? $adachsoft : convert_history($adachsoft, $format);
        $input = measure($history, $format);
        foreach ($options as $name => $make) {
            $params = $make($input[2]);
            $out = $params === null ? $history : toolcompact_compact($history, $params + ['format' => $format]);
            foreach (measure($out, $format) as $k => $v) {
                $sums[$format][$name][$k] = ($sums[$format][$name][$k] ?? 0) + $v;
            }
            $sums[$format][$name][3] = ($sums[$format][$name][3] ?? 0) + count($out);
        }
    }
}
foreach ($sums as $format => $rows) {
    printf("\n%s (%d transcripts)\n%-38s %12s %7s %12s %10s %7s %9s\n", $format, count(transcripts()), 'option', 'JSON bytes', 'left',
        'est. bytes', 'est. tokens', 'left', 'messages');
    $base = $rows['none (the input)'];
    foreach ($rows as $name => [$json, $bytes, $tokens, $messages]) {
        printf("%-38s %12s %6.1f%% %12s %10s %6.1f%% %9s\n", $name, number_format($json), 100 * $json / $base[0],
            number_format($bytes), number_format($tokens), 100 * $tokens / $base[2], number_format($messages));
    }
}
