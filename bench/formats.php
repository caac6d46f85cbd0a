<?php
/*
 * The provider formats (SPEC Part 4) on the shipped transcripts, each
 * converted to every format (tests/lib/convert.php): the extension's time
 * on a format against its time on the same history in the adachsoft format,
 * and against the userland implementation of the same format
 * (tests/lib/formats.php), in one process, in alternating blocks
 * (bench/timing.php): the median of the ratios over the transcripts, and
 * the ratio of the times summed over all of them (where the large
 * histories weigh more). Also the bytes each format's history loses. No
 * timing is asserted; the only failure is an output that differs from the
 * userland one (exit status 1).
 *
 *   php -d extension=modules/toolcompact.so bench/formats.php [--quick]
 *
 * Both extension paths run with toolcompact.memo_entries=0 (cold: every
 * call reads the whole history, as the first call of a request does) and
 * then with the memo on (warm: the same arrays again, as an agent loop
 * calls it; the cache of provider entries and the memo serve every format).
 *
 * Last, an agent loop with the memo on: a call after each message of the
 * adachsoft history, the provider history cut at the same places (the
 * entries converted from the messages so far), its time against the same
 * loop in the adachsoft format (--quick: two transcripts).
 */

declare(strict_types=1);

namespace ToolCompact\Tests;

require __DIR__ . '/timing.php';
require dirname(__DIR__) . '/tests/lib/build.php';
require dirname(__DIR__) . '/tests/lib/reference.php';
require dirname(__DIR__) . '/tests/lib/formats.php';
require dirname(__DIR__) . '/tests/lib/convert.php';

$quick = in_array('--quick', $argv, true);
$formats = ['openai', 'openai-responses', 'anthropic', 'gemini'];
$rows = [];
$failed = 0;

foreach (transcripts() as $name => $adachsoft) {
    foreach ($formats as $format) {
        $h = convert_history($adachsoft, $format);
        $native = toolcompact_compact($h);
        $userland = reference_compact_format($h);
        if (json_encode($native) !== json_encode($userland)) {
            fprintf(STDERR, "%s %s: the extension's output differs from the userland one\n", $name, $format);
            $failed++;
        }
        $runs = $quick ? 5 : 21;
        ini_set('toolcompact.memo_entries', '0');
        [$cold, $coldAdachsoft] = median_pair_us(fn () => toolcompact_compact($h), $runs, fn () => toolcompact_compact($adachsoft), $runs, 3);
        ini_set('toolcompact.memo_entries', '16384');
        [$warm, $warmAdachsoft] = median_pair_us(fn () => toolcompact_compact($h), $runs, fn () => toolcompact_compact($adachsoft), $runs, 3);
        [$ext, $user] = median_pair_us(fn () => toolcompact_compact($h), $runs, fn () => reference_compact_format($h), $quick ? 3 : 5, 3);
        ini_set('toolcompact.memo_entries', '0');
        [$extCold, $userCold] = median_pair_us(fn () => toolcompact_compact($h), $runs, fn () => reference_compact_format($h), $quick ? 3 : 5, 3);
        ini_set('toolcompact.memo_entries', '16384');
        $rows[$format][] = [
            'name' => $name,
            'before' => strlen(json_encode($h)),
            'after' => strlen(json_encode($native)),
            'cold' => $cold / $coldAdachsoft,
            'warm' => $warm / $warmAdachsoft,
            'userland' => $user / $ext,
            'userlandCold' => $userCold / $extCold,
            'us' => $cold,
            // the times themselves, for the ratios of the totals
            'times' => [$cold, $coldAdachsoft, $warm, $warmAdachsoft, $userCold, $extCold, $user, $ext],
        ];
    }
}

printf("%-18s %5s %12s %12s %7s %18s %18s %18s %18s\n", 'format', 'files', 'bytes before', 'bytes after', 'saved',
    'x adachsoft cold', 'x adachsoft warm', 'userland/ext cold', 'userland/ext warm');
foreach ($rows as $format => $list) {
    $before = array_sum(array_column($list, 'before'));
    $after = array_sum(array_column($list, 'after'));
    $range = static function (array $v): string {
        sort($v);
        return sprintf('%.2f (%.2f-%.2f)', median_of($v), $v[0], $v[count($v) - 1]);
    };
    printf("%-18s %5d %12s %12s %6.1f%% %18s %18s %18s %18s\n", $format, count($list), number_format($before), number_format($after),
        100 * ($before - $after) / $before, $range(array_column($list, 'cold')), $range(array_column($list, 'warm')),
        $range(array_column($list, 'userlandCold')), $range(array_column($list, 'userland')));
}
echo "(ratios: medians over the transcripts, with the smallest and largest)\n\n";
printf("%-18s %18s %18s %18s %18s\n", 'all transcripts', 'x adachsoft cold', 'x adachsoft warm', 'userland/ext cold', 'userland/ext warm');
foreach ($rows as $format => $list) {
    $sum = array_fill(0, 8, 0.0);
    foreach ($list as $row) {
        foreach ($row['times'] as $i => $t) {
            $sum[$i] += $t;
        }
    }
    printf("%-18s %18.2f %18.2f %18.2f %18.2f\n", $format, $sum[0] / $sum[1], $sum[2] / $sum[3], $sum[4] / $sum[5], $sum[6] / $sum[7]);
}
echo "(ratios of the summed median times: one call on every transcript)\n\n";

// the agent loop: the histories of each turn, in the adachsoft format and in each other one
$turns = static function (array $adachsoft, string $format): array {
    $origins = [];
    $history = $format === 'adachsoft' ? $adachsoft : convert_history($adachsoft, $format, [], $origins);
    $origins = $format === 'adachsoft' ? array_keys($adachsoft) : $origins;
    $slices = [];
    for ($n = 1, $k = 0; $n <= count($adachsoft); $n++) {
        for (; $k < count($history) && $origins[$k] < $n; $k++) {
        }
        $slices[] = array_slice($history, 0, $k);
    }
    return $slices;
};
$loop = static function (array $slices): void {
    foreach ($slices as $history) {
        toolcompact_compact($history);
    }
};
$loops = [];
$names = array_keys(transcripts());
foreach ($quick ? array_slice($names, 0, 2) : $names as $name) {
    $adachsoft = transcripts()[$name];
    $base = $turns($adachsoft, 'adachsoft');
    foreach ($formats as $format) {
        $slices = $turns($adachsoft, $format);
        ini_set('toolcompact.memo_entries', '16384');
        [$time, $baseTime] = median_pair_us(fn () => $loop($slices), $quick ? 3 : 5, fn () => $loop($base), $quick ? 3 : 5, 3);
        ini_set('toolcompact.memo_entries', '0');
        $loops[$format][0] = ($loops[$format][0] ?? 0) + $time;
        $loops[$format][1] = ($loops[$format][1] ?? 0) + $baseTime;
    }
}
printf("%-18s %18s\n", 'agent loop', 'x adachsoft');
foreach ($loops as $format => [$time, $baseTime]) {
    printf("%-18s %18.2f\n", $format, $time / $baseTime);
}
echo "(a call after each message, memo on: ratio of the summed median times of the loops)\n";
exit($failed ? 1 : 0);
