<?php
/*
 * Structured payloads: tool results whose omitted field is an array (a
 * search tool's matches, a directory listing, a decoded API response),
 * rather than one long string. Such a field's size is the length of its
 * JSON, so the pass has to produce that JSON, byte for byte, to count and
 * hash it (tc_json.c writes it through a small buffer into the digest).
 * toolcompact_compact() against the userland reference of tests/lib in one
 * process, cold (toolcompact.memo_entries=0), in alternating blocks
 * (bench/compare.php). Exits with status 1 if the outputs differ or an
 * omitted value's meta is wrong. No timing is asserted anywhere.
 *
 * Columns: "sha %" is raw OpenSSL SHA-256 over the omitted values' JSON
 * divided by the extension's time; "enc %" is json_encode() of those
 * values, in the same process, divided by it: a pass that only encoded
 * them would be at 100%, one that encoded and hashed them at the sum.
 *
 *   php -d extension=modules/toolcompact.so bench/structured.php [--quick]
 */
require __DIR__ . '/compare.php';
require __DIR__ . '/history.php';

$quick = bench_cold_start('bench/structured.php', $argv);
$runs = $quick ? 3 : 15;
$calls = $quick ? 4 : 40;

/** A small deterministic generator: the $i-th of a sequence seeded by $seed. */
function pick(array $from, int $seed, int $i): mixed
{
    return $from[(($seed * 2654435761) ^ ($i * 40503)) % count($from)];
}

$lines = ['    return {k.strip(): v.strip() for k, v in pairs}', "\t\$user = \$this->users->find(\$id);",
    'FAILED tests/test_http.py::test_redirect - assert 301 == 302', '# Résumé of the café module',
    'const total = items.reduce((s, it) => s + it.price, 0);', 'use Illuminate\\Support\\Facades\\Route;',
    '        raise ValueError(f"relative path: {path!r}")', 'drwxr-xr-x  5 agent agent 4096 Jan 12 src'];

/** Each kind: the tool, its arguments for call $n, and its result. */
$kinds = [
    'search matches' => ['grep', fn (int $n) => ['pattern' => 'parse_header', 'path' => 'src'],
        fn (int $n) => ['matches' => array_map(fn ($k) => ['file' => "src/module$k.py", 'line' => 7 * $k + $n,
            'text' => pick($lines, $n, $k)], range(0, 59)), 'count' => 60]],
    'directory listing' => ['list_dir', fn (int $n) => ['path' => 'src'],
        fn (int $n) => ['entries' => array_map(fn ($k) => ['name' => "file_$k" . pick(['.py', '.php', '.md', ''], $n, $k),
            'type' => pick(['file', 'dir'], $n, $k), 'size' => 97 * $k + $n, 'modified' => 1736670000 + 3600 * $k],
            range(0, 79))]],
    'API response' => ['http_get', fn (int $n) => ['url' => 'https://api.example.com/items'],
        fn (int $n) => ['status' => 200, 'body' => ['data' => array_map(fn ($k) => ['id' => 1000 * $n + $k,
            'title' => pick($lines, $k, $n), 'tags' => ['a', 'b' . $k, 'ünï'], 'score' => $k / 7, 'active' => $k % 2 === 0,
            'owner' => ['id' => $k, 'name' => "user$k"]], range(0, 29)), 'meta' => ['page' => $n, 'next' => null]]]],
];

$differences = 0;
printf("%-18s %6s %9s %9s %9s %9s %7s %6s %6s\n", 'payload', 'msgs', 'bytes', 'json B', 'ext µs', 'user µs', 'ratio', 'sha %', 'enc %');
foreach ($kinds as $name => [$tool, $args, $result]) {
    $row = compare_case($name, bench_repeated_calls($tool, $args, $result, $calls), [], $runs);
    if ($row === null) {
        $differences++;
        continue;
    }
    $values = array_map(fn ($json) => json_decode($json, true), $row['json']);
    $encUs = median_over_runs_us(function () use ($values) {
        foreach ($values as $value) {
            json_encode($value);
        }
    }, $runs);
    printf("%-18s %6d %9d %9d %9.1f %9.1f %6.1fx %5.0f%% %5.0f%%\n", $name, $row['messages'], $row['bytes'],
        $row['json_bytes'], $row['ext_us'], $row['user_us'], $row['user_us'] / $row['ext_us'],
        100 * $row['sha_us'] / $row['ext_us'], 100 * $encUs / $row['ext_us']);
}
echo "\n$differences output differences\n";
exit($differences ? 1 : 0);
