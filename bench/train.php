<?php

declare(strict_types=1);

/**
 * The training run of a profile-guided build (make pgo, README): calls the
 * extension the way an agent does, so that the compiler learns which paths
 * of a pass are hot. Prints nothing but a last line with the calls made;
 * measures nothing. Exit status 1 when a call's output differs from the
 * userland reference of tests/lib (checked on a sample), 2 without the
 * extension.
 *
 *   php -d extension=modules/toolcompact.so bench/train.php
 *
 * Its inputs are generated here and by bench/history.php, never read from
 * ../shared: histories of a few messages to a few thousand, with large and
 * small payloads, compacted cold (the memo off), each call between other
 * PHP work as an agent's are; agent loops that call it after every turn
 * (the memo on), with and without a report and a trigger; repeated reads of
 * text in several scripts and structured results; the transcript shipped
 * in examples/transcripts/.
 */
require_once __DIR__ . '/history.php';
require_once __DIR__ . '/../tests/lib/reference.php';

use function ToolCompact\Tests\reference_compact;

if (!function_exists('toolcompact_compact')) {
    fwrite(STDERR, "bench/train.php: the toolcompact extension is not loaded\n");
    exit(2);
}
ini_set('memory_limit', '-1');

$calls = 0;
$differences = 0;

/** Compacts $history $times times back to back, checks one output against the reference, then does other work. */
$cold = function (array $history, array $params, int $times) use (&$calls, &$differences): void {
    ini_set('toolcompact.memo_entries', '0');
    for ($i = 0; $i < $times; $i++) {
        $out = toolcompact_compact($history, $params);
        $calls++;
    }
    if ($calls % 7 === 0 && $out !== reference_compact($history, $params)) {
        $differences++;
    }
    json_encode($history); // what an agent does next: sends the history
    ini_restore('toolcompact.memo_entries');
};

// Cold calls on generated histories, many short ones, fewer long ones.
foreach ([6, 12, 20, 32, 48, 70, 110, 180, 300, 700, 1500, 4000] as $messages) {
    $times = max(2, intdiv(3000, $messages));
    foreach (['large', 'small'] as $kind) {
        $history = bench_history($messages, $kind);
        $cold($history, bench_params(), $times);
        $cold($history, [], max(1, intdiv($times, 4)));
    }
}

// Repeated reads of text in other scripts, and structured results.
$words = ['Größe café ', 'Съешь же ещё ', '我能吞下玻璃 ', '🚀 deploy ✅ ', "tab\tquote\"slash\\ "];
foreach ($words as $n => $word) {
    $history = bench_repeated_calls('read_file', fn (int $c) => ['path' => "doc$n.txt"],
        fn (int $c) => ['content' => str_repeat($word . $c, 40 + 30 * $n)], 12);
    $cold($history, [], 20);
}
$history = bench_repeated_calls('list_dir', fn (int $c) => ['path' => 'src'],
    fn (int $c) => ['entries' => array_map(fn ($k) => ['name' => "f$k.py", 'size' => $k * $c, 'dir' => $k % 3 === 0],
        range(0, 40))], 10);
$cold($history, [], 20);

// The shipped transcript.
foreach (glob(__DIR__ . '/../examples/transcripts/*.json') as $file) {
    $cold(bench_transcript($file), [], 100);
}

// Agent loops: the history kept in memory, compacted after every turn.
foreach ([[bench_params(), false], [bench_params() + ['trigger' => ['tokens' => 1]], true], [[], false]] as [$params, $report]) {
    $history = bench_header();
    for ($t = 1; $t <= 300; $t++) {
        array_push($history, ...bench_turn($t, $t % 3 ? 'large' : 'small'));
        $out = $report ? toolcompact_compact($history, $params, $r) : toolcompact_compact($history, $params);
        $calls++;
    }
    if ($out !== reference_compact($history, $params)) {
        $differences++;
    }
}

echo "$calls calls, $differences output differences\n";
exit($differences ? 1 : 0);
