<?php

declare(strict_types=1);

/** One case of a benchmark script: the extension against the userland reference, in one process. */

require_once __DIR__ . '/../tests/lib/reference.php';
require_once __DIR__ . '/timing.php';
require_once __DIR__ . '/omitted.php';

use function ToolCompact\Tests\reference_compact;

/**
 * The start of a benchmark script whose calls are all cold ($script, as its
 * usage line names it; $argv, its arguments): exits with status 2 when the
 * extension is not loaded, turns the memo off (each call meets its history
 * for the first time), and returns whether --quick was given.
 */
function bench_cold_start(string $script, array $argv): bool
{
    if (!function_exists('toolcompact_compact')) {
        fwrite(STDERR, "$script: the toolcompact extension is not loaded (php -d extension=modules/toolcompact.so ...)\n");
        exit(2);
    }
    ini_set('toolcompact.memo_entries', '0');
    return in_array('--quick', $argv, true);
}

/** The value after option $name in $argv (--name VALUE), or $default when it is not given. */
function bench_option(array $argv, string $name, ?string $default): ?string
{
    $i = array_search($name, $argv, true);
    return $i !== false && isset($argv[$i + 1]) ? $argv[$i + 1] : $default;
}

/**
 * Compacts $history with $params by the extension and by the userland
 * reference of tests/lib. When their outputs differ, or a value the pass
 * omitted does not have the bytes and sha256 its meta gives, says so on a
 * line of its own and returns null. Otherwise times both in alternating
 * blocks (median_pair_us(), $runs calls of the reference and five times as
 * many of the extension) and returns the case's figures: messages, bytes of
 * the history's JSON, the JSON of the omitted values (json, in history
 * order) and its length in all (json_bytes), ext_us and user_us, and
 * sha_us, the median time raw OpenSSL SHA-256 takes over all that JSON at
 * once (openssl_digest()).
 */
function compare_case(string $name, array $history, array $params, int $runs): ?array
{
    $ext = toolcompact_compact($history, $params);
    if ($ext !== reference_compact($history, $params)) {
        echo "$name: outputs differ\n";
        return null;
    }
    $errors = 0;
    $json = omitted_values($history, $ext, $errors);
    if ($errors) {
        echo "$name: $errors omitted values whose meta is wrong\n";
        return null;
    }
    $hashed = implode('', $json);
    [$extUs, $userUs] = median_pair_us(fn () => toolcompact_compact($history, $params), $runs * 5,
        fn () => reference_compact($history, $params), $runs);
    return [
        'messages' => count($history), 'bytes' => strlen(json_encode($history)),
        'json' => $json, 'json_bytes' => strlen($hashed),
        'ext_us' => $extUs, 'user_us' => $userUs,
        'sha_us' => median_over_runs_us(fn () => openssl_digest($hashed, 'sha256'), $runs),
    ];
}
