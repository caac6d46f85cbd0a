<?php

declare(strict_types=1);

/**
 * Differential fuzzer: seeded histories and parameters far from the happy
 * path, run through toolcompact_compact() and the userland reference
 * (reference.php), compared byte for byte.
 *
 * Each case checks, for the extension: no exception, no warning or notice,
 * json_last_error() unchanged, the input (history and params) unchanged;
 * and that its output, a second pass over its output, and resolve() are the
 * same as the reference's. A difference is reported with its seed; every
 * seed reproduces its case exactly (fuzz_case()).
 *
 * Used by tests/fuzz/ (10 000 cases in four PHPTs, fuzz_phpt()) and as a
 * command line for long runs:
 *
 *   php -d extension=modules/toolcompact.so tests/lib/fuzz.php --cases 1000000 --seed 1
 *
 * Options: --cases N (default 10000), --seed S (first seed, default 1),
 * --trace (print each seed to standard error before running it, to find the
 * case behind a crash). Exit status 0 when no case differs, 1 otherwise.
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/hostile.php';
require_once __DIR__ . '/reference.php';
require_once __DIR__ . '/generator.php';

use Random\Engine\Mt19937;
use Random\Randomizer;
use ToolCompact\ToolCompactionStrategyParams;

enum FuzzUnitEnum
{
    case Alpha;
}

enum FuzzBackedEnum: string
{
    case Alpha = 'alpha-value-of-a-backed-enum';
}

/** A JsonSerializable that encodes fine (and has no side effect). */
final class FuzzJsonValue implements \JsonSerializable
{
    public function __construct(private mixed $value)
    {
    }

    public function jsonSerialize(): mixed
    {
        return $this->value;
    }
}

/** An object whose public properties the JSON encoder walks. */
final class FuzzPlainObject
{
    public mixed $visible;
    private mixed $hidden;

    public function __construct(mixed $visible, mixed $hidden)
    {
        $this->visible = $visible;
        $this->hidden = $hidden;
    }
}

/** [history, params] of case $seed. */
function fuzz_case(int $seed): array
{
    $generator = new FuzzGenerator($seed);
    return [$generator->history($seed), $generator->params()];
}

/**
 * Runs case $seed; returns the list of what went wrong (empty when the
 * extension and the reference agree and every guarantee held).
 */
function fuzz_check(int $seed): array
{
    ini_set('precision', $seed % 9 === 0 ? '17' : '14');
    ini_set('serialize_precision', $seed % 6 === 0 ? '17' : '-1');
    [$history, $params] = fuzz_case($seed);
    $problems = [];

    $nativeResolved = ToolCompactionStrategyParams::resolve($params);
    $referenceResolved = reference_resolve($params);
    if (!same_output($nativeResolved, $referenceResolved)) {
        $problems[] = 'resolve() differs';
    }

    [$native, $watch, $history, $params] = fuzz_watched([$history, $params], static fn () => fuzz_case($seed));
    if ($watch !== '') {
        $problems[] = 'extension: ' . str_replace("\n", '; ', $watch);
    }
    $reference = fuzz_reference($history, $params, $problems);
    if ($native === null || $reference === null) {
        return $problems;
    }
    if (!same_output($native, $reference)) {
        $problems[] = 'output differs at ' . fuzz_first_difference($native, $reference);
        return $problems;
    }

    // Second pass: the compacted history, compacted again.
    [$again, $watch] = fuzz_watched([$native, $params], static fn () => [$native, $params]);
    if ($watch !== '') {
        $problems[] = 'extension, second pass: ' . str_replace("\n", '; ', $watch);
    }
    $referenceAgain = fuzz_reference($native, $params, $problems);
    if ($again !== null && $referenceAgain !== null && !same_output($again, $referenceAgain)) {
        $problems[] = 'second pass differs at ' . fuzz_first_difference($again, $referenceAgain);
    }
    return $problems;
}

/**
 * watched_compact() of $case ([history, params]) with the quick fingerprint;
 * when that reports a modified input, confirmed by value on a fresh copy
 * from $fresh() (see quick_fingerprint()). Returns [output, what
 * watched_compact() printed, trimmed, and the history and params used].
 */
function fuzz_watched(array $case, callable $fresh): array
{
    [$history, $params] = $case;
    ob_start();
    $out = watched_compact($history, $params, quick_fingerprint(...));
    $watch = trim((string) ob_get_clean());
    if (str_contains($watch, 'MODIFIED')) {
        [$history, $params] = $fresh();
        ob_start();
        $out = watched_compact($history, $params);
        $watch = trim((string) ob_get_clean());
    }
    return [$out, $watch, $history, $params];
}

/** reference_compact() with anything it raises or throws added to $problems. */
function fuzz_reference(array $history, array $params, array &$problems): ?array
{
    $raised = [];
    set_error_handler(static function (int $errno, string $message) use (&$raised): bool {
        $raised[] = "$errno $message";
        return true;
    });
    try {
        return reference_compact($history, $params);
    } catch (\Throwable $e) {
        $problems[] = 'reference threw ' . $e::class . ': ' . $e->getMessage();
        return null;
    } finally {
        restore_error_handler();
        foreach ($raised as $line) {
            $problems[] = "reference raised $line";
        }
    }
}

/** Where two histories first differ: a message key, or the keys. */
function fuzz_first_difference(array $a, array $b): string
{
    if (array_keys($a) !== array_keys($b)) {
        return 'message keys';
    }
    foreach ($a as $key => $message) {
        if (!same_output($message, $b[$key])) {
            return 'message ' . var_export($key, true);
        }
    }
    return '(nowhere?)';
}

/**
 * Runs $count cases from seed $first. $report receives (seed, problems) for
 * each failing case. Returns the number of failing cases.
 */
function fuzz_run(int $first, int $count, callable $report, bool $trace = false): int
{
    $failing = 0;
    for ($seed = $first; $seed < $first + $count; $seed++) {
        if ($trace) {
            fwrite(STDERR, "seed $seed\n");
        }
        $problems = fuzz_check($seed);
        if ($problems !== []) {
            $failing++;
            $report($seed, $problems);
        }
    }
    return $failing;
}

/**
 * One of the PHPTs of tests/fuzz/: part $part (1-based) of $parts equal
 * slices of the CI's 10 000 seeds (so that no single test runs long), or of
 * the TOOLCOMPACT_FUZZ_CASES seeds when that is set, or of 300 seeds under
 * valgrind (run-tests.php -m sets USE_ZEND_ALLOC=0). Prints the seed range
 * it covered, at most 20 failing cases, and the number failing.
 */
function fuzz_phpt(int $part, int $parts): void
{
    $total = match (true) {
        getenv('TOOLCOMPACT_FUZZ_CASES') !== false => max(0, (int) getenv('TOOLCOMPACT_FUZZ_CASES')),
        getenv('USE_ZEND_ALLOC') === '0' => 300,
        default => 10000,
    };
    $first = intdiv($total * ($part - 1), $parts) + 1;
    $count = intdiv($total * $part, $parts) - $first + 1;
    $shown = 0;
    $failing = fuzz_run($first, $count, static function (int $seed, array $problems) use (&$shown): void {
        if (++$shown <= 20) {
            echo "seed $seed:\n  ", implode("\n  ", $problems), "\n";
        }
    });
    echo $total === 10000 ? 'seeds ' . $first . '..' . ($first + $count - 1) : 'a reduced run', "\n";
    echo "$failing failing\n";
}

/**
 * The generator. Half of the cases start from scratch (any value in any
 * position), half take a realistic generated history (generator.php) and
 * break it in a few random places.
 */
final class FuzzGenerator
{
    use SeededRandom;

    private const IDS = ['c1', 'c2', 'c3', 'c4', '', '0', '12', 'c1 ', 'ü'];
    private const TOOLS = ['read', 'write', 'bash', 'Read', '123', '', '_tool_compaction', "t\0x", 'ß'];
    private const ROLES = ['tool', 'assistant', 'user', 'system', 'Tool', 'tool ', ''];
    private const FIELDS = ['path', 'content', 'output', 'offset', 'command', '0', '7', '-1', '_tool_compaction', 'ü', "a\xffb", '', 'id'];

    /** @var resource */
    private $stream;
    /** @var resource */
    private $closed;
    /** Objects shared between positions (identity matters for groups). */
    private array $shared;

    public function __construct(int $seed)
    {
        $this->rng = new Randomizer(new Mt19937($seed & 0xFFFFFFFF));
        static $stream = null, $closed = null;
        $stream ??= fopen('php://memory', 'r');
        if ($closed === null) {
            $closed = fopen('php://memory', 'r');
            fclose($closed);
        }
        $this->stream = $stream;
        $this->closed = $closed;
        $this->shared = [new \stdClass(), new FuzzJsonValue('shared')];
    }

    // ------------------------------------------------------------------
    // Values
    // ------------------------------------------------------------------

    /** A string of $length bytes of one of several kinds. */
    private function string(int $length): string
    {
        return match ($this->int(0, 6)) {
            0 => str_repeat('a', $length),
            1 => substr(str_repeat('zażółć 日本 🚀 ', intdiv($length, 20) + 1), 0, $length), // may cut a character: invalid UTF-8
            2 => $length > 0 ? $this->rng->getBytes($length) : "", // binary, almost never valid UTF-8
            3 => substr(str_repeat("line \"q\" \\ / \t\n", intdiv($length, 16) + 1), 0, $length),
            4 => substr(str_repeat("\xc3\x28 \xff\xfe \xed\xa0\x80 ", intdiv($length, 10) + 1), 0, $length), // invalid UTF-8, surrogates
            5 => substr(str_repeat("\0[omitted]", intdiv($length, 10) + 1), 0, $length),
            default => substr(str_repeat('0123456789', intdiv($length, 10) + 1), 0, $length),
        };
    }

    /** A length: mostly around the thresholds, sometimes large, rarely huge. */
    private function length(): int
    {
        $r = $this->int(0, 999);
        return match (true) {
            $r < 300 => $this->int(0, 12),
            $r < 650 => $this->int(90, 110),
            $r < 950 => $this->int(110, 2000),
            $r < 999 => $this->int(2000, 20000),
            default => $this->int(300000, 1100000),
        };
    }

    private function float(): float
    {
        return $this->pick([0.0, -0.0, 1.0, -1.5, 0.1, 1e300, -1e-300, 123456789.123456789, NAN, INF, -INF, 1e15, 1e16, 4.9e-324]);
    }

    private function scalar(): mixed
    {
        return match ($this->int(0, 9)) {
            0 => null,
            1 => $this->chance(50),
            2 => $this->pick([0, 1, -1, 9, 10, 99, 100, 101, PHP_INT_MAX, PHP_INT_MIN, 1234567890123]),
            3 => $this->float(),
            default => $this->string($this->length()),
        };
    }

    /** Anything: scalars, arrays of every shape, objects, enums, closures, resources. */
    public function value(int $depth = 0): mixed
    {
        $r = $this->int(0, 99);
        if ($depth > 3 && $r >= 55) {
            $r = $this->int(0, 54);
        }
        return match (true) {
            $r < 55 => $this->scalar(),
            $r < 77 => $this->array($depth + 1),
            $r < 80 => $this->deepArray(),
            $r < 82 => recursive_array($this->scalar()),
            default => $this->object($depth),
        };
    }

    private function array(int $depth): array
    {
        $array = [];
        $count = $this->int(0, 5);
        $list = $this->chance(50);
        for ($i = 0; $i < $count; $i++) {
            $value = $depth > 4 ? $this->scalar() : $this->value($depth);
            if ($list) {
                $array[] = $value;
            } else {
                $array[$this->key()] = $value;
            }
        }
        return $array;
    }

    /** Arrays (and object chains) nested around JSON's 512 limit, or much deeper. */
    private function deepArray(): mixed
    {
        $levels = $this->chance(5) ? 5000 : $this->pick([510, 511, 512, 513, 600]);
        $leaf = $this->pick(['leaf', 1, NAN, "\xff", [], null]);
        if ($this->chance(25)) {
            $value = new \stdClass();
            for ($i = 1; $i < $levels; $i++) {
                $next = new \stdClass();
                $next->child = $value;
                $value = $next;
            }
            return [$value];
        }
        return nest_array($levels, $leaf);
    }

    private function object(int $depth): mixed
    {
        return match ($this->int(0, 11)) {
            0 => new \stdClass(),
            1 => (object) ['a' => $this->scalar(), 'b' => $depth < 3 ? $this->value($depth + 1) : 1],
            2 => new ThrowingJsonValue(),
            3 => new FuzzJsonValue($depth < 3 ? $this->value($depth + 1) : 'x'),
            4 => FuzzUnitEnum::Alpha,
            5 => FuzzBackedEnum::Alpha,
            6 => static fn (): int => 1,
            7 => $this->stream,
            8 => $this->closed,
            9 => new FuzzPlainObject($this->scalar(), nest_array(600, 'hidden')),
            10 => new \ArrayObject(['x' => $this->scalar()]),
            default => $this->pick($this->shared),
        };
    }

    /** An array key: field names, numeric, negative, odd strings. */
    private function key(): int|string
    {
        return match ($this->int(0, 5)) {
            0 => $this->int(-3, 3),
            1 => $this->pick([PHP_INT_MAX, PHP_INT_MIN, -1]),
            2 => $this->string($this->int(0, 4)),
            default => $this->pick(self::FIELDS),
        };
    }

    // ------------------------------------------------------------------
    // History from scratch
    // ------------------------------------------------------------------

    public function history(int $seed): array
    {
        if ($this->chance(50)) {
            return $this->broken(generate_history($seed, $this->int(2, 16)));
        }
        $history = [];
        $count = $this->pick([0, 1, 2, 3, 4, 5, 6, 8, 10, 14]);
        $keys = $this->int(0, 9);
        for ($i = 0; $i < $count; $i++) {
            $message = $this->chance(6) ? $this->value(3) : $this->message();
            match (true) {
                $keys === 0 => $history[$this->key()] = $message,
                $keys === 1 => $history[-$i - 1] = $message,
                default => $history[$i] = $message,
            };
        }
        return $this->referenced($history);
    }

    private function message(): array|object
    {
        $message = [];
        $parts = ['role', 'content', 'toolCalls', 'toolResults'];
        if ($this->chance(20)) {
            shuffle_with($this->rng, $parts);
        }
        foreach ($parts as $part) {
            if ($this->chance(8)) {
                continue; // missing key
            }
            $message[$part] = match ($part) {
                'role' => $this->chance(85) ? $this->pick(self::ROLES) : $this->value(3),
                'content' => $this->chance(80) ? $this->pick([null, 'raw', '', 'x']) : $this->value(3),
                'toolCalls' => $this->list(fn (): mixed => $this->item('arguments')),
                'toolResults' => $this->list(fn (): mixed => $this->item('result')),
            };
        }
        if ($this->chance(10)) {
            $message[$this->key()] = $this->value(2);
        }
        if ($this->chance(3)) {
            return (object) $message; // shaped like a message: not read in an array history
        }
        return $this->referenced($message);
    }

    /** A list of calls or results, or a map, or something that is not an array. */
    private function list(callable $item): mixed
    {
        if ($this->chance(7)) {
            return $this->pick(['read', '', null, 0, new \ArrayObject([]), $this->stream, new \ArrayIterator([$item()])]);
        }
        $list = [];
        $count = $this->pick([0, 1, 1, 2, 2, 3, 4]);
        $map = $this->chance(10);
        for ($i = 0; $i < $count; $i++) {
            $entry = $this->chance(5) ? $this->value(3) : $item();
            if ($map) {
                $list[$this->key()] = $entry;
            } else {
                $list[] = $entry;
            }
        }
        return $this->referenced($list);
    }

    /** A call (payload key 'arguments') or a result (payload key 'result'). */
    private function item(string $payloadKey): array|object
    {
        $item = [];
        foreach (['id', 'toolName', $payloadKey] as $key) {
            if ($this->chance(5)) {
                continue;
            }
            $item[$key] = match ($key) {
                'id' => $this->chance(90) ? $this->pick(self::IDS) : $this->value(3),
                'toolName' => $this->chance(90) ? $this->pick(self::TOOLS) : $this->value(3),
                default => $this->chance(88) ? $this->payload() : $this->value(2),
            };
        }
        if ($this->chance(8)) {
            $item[$this->key()] = $this->value(2);
        }
        if ($this->chance(3)) {
            return (object) $item; // shaped like a call or result: not read in an array history
        }
        return $this->referenced($item);
    }

    private function payload(): array
    {
        $payload = [];
        $count = $this->int(0, 6);
        for ($i = 0; $i < $count; $i++) {
            $payload[$this->chance(80) ? $this->pick(self::FIELDS) : $this->key()] = $this->chance(60)
                ? $this->string($this->length())
                : $this->value(1);
        }
        if ($this->chance(25)) {
            $payload['_tool_compaction'] = $this->meta($payload);
        }
        return $this->referenced($payload);
    }

    /** A meta: valid (listing some fields), valid with extras, or a foreign shape. */
    private function meta(array $payload): mixed
    {
        $listed = [];
        foreach ($payload as $key => $value) {
            if ($this->chance(40)) {
                $listed[$key] = ['bytes' => 1, 'sha256' => 'x'];
            }
        }
        return match ($this->int(0, 7)) {
            0 => ['thresholdBytes' => 5, 'omittedFields' => $listed],
            1 => ['note' => 'x', 'omittedFields' => $listed, 'more' => [1]],
            2 => ['omittedFields' => $listed, 'thresholdBytes' => 'nope'],
            3 => ['thresholdBytes' => 100, 'omittedFields' => 'all'],
            4 => ['thresholdBytes' => 100],
            5 => array_keys($listed),
            6 => $this->scalar(),
            default => $this->value(2),
        };
    }

    // ------------------------------------------------------------------
    // Breaking a realistic history
    // ------------------------------------------------------------------

    private function broken(array $history): array
    {
        $mutations = $this->int(1, 6);
        for ($i = 0; $i < $mutations; $i++) {
            $history = $this->mutate($history, 0);
        }
        return $history;
    }

    private function mutate(array $array, int $depth): array
    {
        if ($array === []) {
            $array[$this->key()] = $this->value(2);
            return $array;
        }
        $key = array_rand_key($this->rng, $array);
        $child = $array[$key];
        if (is_array($child) && $depth < 5 && $this->chance(70)) {
            $mutated = $this->mutate($child, $depth + 1);
            unset($array[$key]); // write a new value, not through a reference
            $array[$key] = $mutated;
            return $array;
        }
        switch ($this->int(0, 5)) {
            case 0:
                unset($array[$key]);
                break;
            case 1:
                $array[$this->key()] = $this->value(2);
                break;
            case 2:
                $copy = $child;
                $array[$key] = &$copy;
                break;
            case 3:
                $array[$this->int(100, 200)] = $child; // a duplicate: same id, same payload
                break;
            default:
                unset($array[$key]);
                $array[$key] = $this->value(2);
        }
        return $array;
    }

    /** Sometimes one element of $array becomes a PHP reference. */
    private function referenced(array $array): array
    {
        if ($array !== [] && $this->chance(5)) {
            $key = array_rand_key($this->rng, $array);
            $value = $array[$key];
            $array[$key] = &$value;
        }
        return $array;
    }

    // ------------------------------------------------------------------
    // Parameters
    // ------------------------------------------------------------------

    public function params(): array
    {
        $params = [];
        foreach (['inputTrimBytes', 'outputTrimBytes'] as $key) {
            if ($this->chance(70)) {
                $params[$key] = $this->chance(70)
                    ? $this->pick([0, 1, 5, 8, 9, 10, 50, 100, 101, 1000, PHP_INT_MAX])
                    : $this->pick([-1, PHP_INT_MIN, '5', 5.0, true, null, [5], $this->stream, NAN]);
            }
        }
        if ($this->chance(40)) {
            $params['excludedTools'] = $this->chance(70)
                ? array_map(fn (): mixed => $this->chance(85) ? $this->pick(self::TOOLS) : $this->scalar(), range(0, $this->int(0, 3)))
                : $this->value(2);
        }
        if ($this->chance(60)) {
            $params['toolIdentifierFields'] = $this->chance(85) ? $this->identifierFields() : $this->value(2);
        }
        if ($this->chance(10)) {
            $params[$this->key()] = $this->value(2);
        }
        if ($this->chance(5)) {
            $params = $this->referenced($params);
        }
        return $params;
    }

    private function identifierFields(): array
    {
        $fields = [];
        $count = $this->int(1, 4);
        for ($i = 0; $i < $count; $i++) {
            $tool = $this->chance(90) ? $this->pick(self::TOOLS) : $this->key();
            $fields[$tool] = match ($this->int(0, 9)) {
                0 => $this->scalar(),
                1 => [],
                2 => [$this->pick(self::FIELDS), 7, null, ['path']],
                default => array_map(fn (): string => $this->pick(self::FIELDS), range(0, $this->int(0, 2))),
            };
        }
        return $fields;
    }
}

/** Fisher-Yates with the given engine. */
function shuffle_with(Randomizer $rng, array &$values): void
{
    $values = $rng->shuffleArray($values);
}

// ----------------------------------------------------------------------
// Command line (long mode)
// ----------------------------------------------------------------------

if (PHP_SAPI === 'cli' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    $options = getopt('', ['cases:', 'seed:', 'trace']);
    $cases = (int) ($options['cases'] ?? 10000);
    $first = (int) ($options['seed'] ?? 1);
    if (!extension_loaded('toolcompact') || $cases < 1) {
        fwrite(STDERR, "usage: php -d extension=modules/toolcompact.so tests/lib/fuzz.php [--cases N] [--seed S] [--trace]\n");
        exit(2);
    }
    $start = microtime(true);
    $failing = 0;
    $step = 10000;
    for ($done = 0; $done < $cases; $done += $step) {
        $n = min($step, $cases - $done);
        $failing += fuzz_run($first + $done, $n, static function (int $seed, array $problems): void {
            echo "seed $seed:\n  ", implode("\n  ", $problems), "\n";
        }, isset($options['trace']));
        printf("%d cases (seeds %d..%d), %d failing, %.0f s, %.1f MB peak\n",
            $done + $n, $first, $first + $done + $n - 1, $failing, microtime(true) - $start, memory_get_peak_usage() / 1048576);
    }
    exit($failing === 0 ? 0 : 1);
}
