<?php
/*
 * Payloads in different scripts: the same agent session (a file read again
 * and again, so that all but the newest read are compacted) with file
 * content of about the same size in bytes written in ASCII, Latin with
 * accents, Cyrillic, Greek, CJK and with emoji; toolcompact_compact()
 * against the userland reference of tests/lib in one process, cold
 * (toolcompact.memo_entries=0). Exits with status 1 if the outputs differ.
 * No timing is asserted anywhere.
 *
 * json_encode() writes every non-ASCII character as \uxxxx (two of them
 * above U+FFFF), so the JSON that is hashed is up to three times the
 * string's bytes. Each omitted value's JSON is checked against the bytes
 * and sha256 of its meta (bench/omitted.php). "sha %" is the time raw
 * OpenSSL SHA-256 takes over that JSON (openssl_digest() over all of it at
 * once) divided by the extension's time: what is left above it is escaping
 * and the pass. The two implementations are timed in alternating blocks
 * (bench/timing.php median_pair_us()), as in bench/compact.php.
 *
 *   php -d extension=modules/toolcompact.so bench/scripts.php [--quick]
 */
require __DIR__ . '/compare.php';
require __DIR__ . '/history.php';

$quick = bench_cold_start('bench/scripts.php', $argv);
$runs = $quick ? 3 : 15;
$reads = $quick ? 4 : 20;

/** Words of each script; a line is words and punctuation, as in a text file. */
$scripts = [
    'ascii' => ['the', 'quick', 'brown', 'fox', 'returns', '$value', 'from', 'config', 'path/to/file', '"name"'],
    'latin accents' => ['Größe', 'naïve', 'café', 'résumé', 'déjà', 'über', 'año', 'façade', 'the', 'and'],
    'cyrillic' => ['Съешь', 'же', 'ещё', 'этих', 'мягких', 'французских', 'булок', 'да', 'выпей', 'чаю'],
    'greek' => ['Ξεσκεπάζω', 'την', 'ψυχοφθόρα', 'βδελυγμία', 'και', 'το', 'αρχείο', 'ρυθμίσεων'],
    'cjk' => ['我能', '吞下', '玻璃', '而不', '伤身体', '配置', '文件', '读取', '测试', '。'],
    'emoji' => ['🚀', 'deploy', '✅', 'ok', '🔥', 'hot', '😀', 'fine', '📦', 'pkg'],
];

/** About $bytes bytes of lines of the words, deterministic. */
function script_text(array $words, int $bytes, int $seed): string
{
    $text = '';
    $i = $seed;
    while (strlen($text) < $bytes) {
        $line = [];
        for ($w = 0; $w < 8; $w++) {
            $line[] = $words[($i = ($i * 1103515245 + 12345) & 0x7fffffff) % count($words)];
        }
        $text .= implode(' ', $line) . ($i % 3 ? ".\n" : ",\n");
    }
    return $text;
}

/** A session that reads the same file $reads times, its content changing. */
function script_history(array $words, int $reads): array
{
    return bench_repeated_calls('read_file', fn (int $r) => ['path' => 'docs/notes.txt'],
        fn (int $r) => ['content' => script_text($words, 6000, $r + 1)], $reads);
}

$params = [];
$differences = 0;
printf("%-14s %6s %9s %9s %9s %9s %7s %6s\n", 'script', 'msgs', 'bytes', 'json B', 'ext µs', 'user µs', 'ratio', 'sha %');
foreach ($scripts as $name => $words) {
    $row = compare_case($name, script_history($words, $reads), $params, $runs);
    if ($row === null) {
        $differences++;
        continue;
    }
    printf("%-14s %6d %9d %9d %9.1f %9.1f %6.1fx %5.0f%%\n", $name, $row['messages'], $row['bytes'],
        $row['json_bytes'], $row['ext_us'], $row['user_us'], $row['user_us'] / $row['ext_us'],
        100 * $row['sha_us'] / $row['ext_us']);
}
echo "\n$differences output differences\n";
exit($differences ? 1 : 0);
