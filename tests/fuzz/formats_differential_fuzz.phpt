--TEST--
Fuzz, provider formats: broken OpenAI, Responses, Anthropic (arrays and SDK objects) and Gemini (camelCase and snake_case parts) histories, as arrays or as json_decode() objects (stdClass), with random parameters, the extension against the userland reference: the same output, report, onOmit records and restored history, the same entries returned as the very same values, the input untouched, json_last_error() kept, nothing thrown or warned
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (the reference's preg_match()) as reading uninitialised memory
pcre.jit=0
error_reporting=-1
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/formats.php';
require __DIR__ . '/../lib/formats_fuzz.php';
$autoload = __DIR__ . '/../sdk/vendor/autoload.php';
$sdk = is_file($autoload) && (require $autoload) && class_exists(\Anthropic\Messages\ToolUseBlockParam::class);

// 200 under valgrind and the sanitizers (run-tests.php -m sets USE_ZEND_ALLOC=0)
$count = match (true) {
    getenv('TOOLCOMPACT_FUZZ_CASES') !== false => min(2000, max(0, (int) getenv('TOOLCOMPACT_FUZZ_CASES'))),
    getenv('USE_ZEND_ALLOC') === '0' => 200,
    default => 2000,
};
$bases = formats_fuzz_bases(transcripts(), $sdk);
$failing = 0;
set_error_handler(function (int $level, string $message): never {
    throw new \ErrorException($message, 0, $level);
});
$run = function (callable $compact, callable $restore, array $history, array $params): array {
    $records = [];
    $params['onOmit'] = function (string $sha256, string $json, array $where) use (&$records): void {
        $records[] = [$sha256, $json, $where];
    };
    json_decode('{');
    $out = $compact($history, $params, $report);
    $store = array_column($records, 1, 0);
    $back = $restore($out, fn (string $sha256): ?string => $store[$sha256] ?? null, $params);
    // the entries (stdClass ones among them) returned as the very same values
    $same = array_keys(array_filter($out, fn (mixed $entry, int|string $key): bool
        => array_key_exists($key, $history) && $history[$key] === $entry, ARRAY_FILTER_USE_BOTH));
    return [serialize($out), $report, $records, serialize($back), json_last_error(), $same];
};
for ($seed = 1; $seed <= $count; $seed++) {
    [$history, $params] = formats_fuzz_case($seed, $bases);
    $before = serialize($history);
    try {
        $native = $run('toolcompact_compact', 'toolcompact_restore', $history, $params);
        $reference = $run(fn ($h, $p, &$r) => reference_compact_format($h, $p, $r), 'ToolCompact\Tests\reference_restore_format', $history, $params);
    } catch (\Throwable $e) {
        $failing++;
        echo "seed $seed: ", get_class($e), ': ', $e->getMessage(), "\n";
        continue;
    }
    $what = [];
    foreach (['output', 'report', 'onOmit records', 'restored history', 5 => 'unchanged entries'] as $i => $name) {
        if ($native[$i] !== $reference[$i]) {
            $what[] = $name;
        }
    }
    if ($native[4] !== JSON_ERROR_SYNTAX) {
        $what[] = 'json_last_error()';
    }
    if (serialize($history) !== $before) {
        $what[] = 'the input changed';
    }
    if ($what) {
        if (++$failing <= 10) {
            echo "seed $seed: ", implode(', ', $what), " differ\n";
        }
    }
}
echo $count === 2000 ? "2000 seeds" : "a reduced run", "\n$failing failing\n";
?>
--EXPECTF--
%r(2000 seeds|a reduced run)%r
0 failing
