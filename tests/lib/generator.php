<?php

declare(strict_types=1);

/**
 * Seeded generator of realistic (and occasionally malformed) agent histories
 * in the plain-array shape, and of strategy parameters, for the differential
 * test (tests/differential/) and benchmarks.
 *
 * Deterministic: the same seed gives the same history and params on every
 * run and platform (64-bit). Each call owns its own Mt19937 engine, so no
 * global random state is read or changed.
 */

namespace ToolCompact\Tests;

use Random\Engine\Mt19937;
use Random\Randomizer;

/**
 * A realistic agent history for $seed: system + user prompt, then assistant
 * turns with 0..3 parallel tool calls, each answered by tool messages in
 * call order, plus the odd malformed or unusual item.
 *
 * @param int|null $messages approximate number of messages (null: chosen by the seed)
 */
function generate_history(int $seed, ?int $messages = null): array
{
    return (new HistoryGenerator($seed))->history($messages);
}

/**
 * Strategy parameters for $seed: defaults, small/large/zero thresholds,
 * identifier fields for some tools, excluded tools, and invalid shapes that
 * must fall back silently. Only Part 1 keys (plus truly unknown keys).
 */
function generate_params(int $seed): array
{
    return (new HistoryGenerator($seed ^ 0x2545F491))->params();
}

/**
 * A JsonSerializable whose encoding always fails with an exception.
 * Inside a payload array it makes json_encode() fail (size 0, untouched).
 */
final class ThrowingJsonValue implements \JsonSerializable
{
    public function __construct(public string $label = 'boom')
    {
    }

    public function jsonSerialize(): mixed
    {
        throw new \RuntimeException('not encodable: ' . $this->label);
    }
}

/**
 * The generator proper. One instance per history / params set.
 */
final class HistoryGenerator
{
    use SeededRandom;

    private const TOOLS = ['read_file_content', 'write_file_content', 'bash', 'list_files', 'search'];

    private const CODE_LINES = [
        '<?php',
        '',
        'declare(strict_types=1);',
        'namespace App\\Service;',
        'use Psr\\Log\\LoggerInterface;',
        'final class InvoiceRepository implements RepositoryInterface',
        '{',
        '    public function __construct(private readonly Connection $db) {}',
        '    /** @return list<Invoice> */',
        '    public function findOpen(int $customerId): array',
        '    {',
        '        $rows = $this->db->fetchAll(\'SELECT * FROM invoices WHERE customer_id = ?\', [$customerId]);',
        '        return array_map(static fn (array $row): Invoice => Invoice::fromRow($row), $rows);',
        '    }',
        '    // TODO: paginate, the log showed 12 000 rows for one customer',
        '    if ($amount < 0) { throw new \\InvalidArgumentException("negative amount"); }',
        '    $total += round($line->price * $line->quantity, 2);',
        '    return sprintf(\'%s-%05d\', $prefix, $number);',
        '    foreach ($this->handlers as $name => $handler) {',
        '        $this->logger->info(\'dispatch\', [\'handler\' => $name, \'ms\' => 1.25]);',
        '    }',
        '}',
        '// Zażółć gęślą jaźń — komentarz po polsku',
        '// 日本語のコメント: 請求書を処理する',
        '/* emoji in a string: "✅ done 🚀", and a tab:	end */',
        'def parse(line: str) -> dict[str, int]:',
        '    key, _, value = line.partition("=")',
        '    return {key.strip(): int(value)}',
        'Traceback (most recent call last):',
        '  File "/srv/app/main.py", line 42, in <module>',
        'KeyError: \'invoice_id\'',
        'PHPUnit 10.5.2 by Sebastian Bergmann and contributors.',
        '...F....S..                                                       11 / 11 (100%)',
        'FAILURES!',
        'Tests: 11, Assertions: 37, Failures: 1, Skipped: 1.',
        '-rw-r--r--  1 agent agent  4096 Jan 31 21:50 composer.json',
        'drwxr-xr-x  5 agent agent  4096 Jan 31 21:50 src',
        'diff --git a/src/Service/InvoiceRepository.php b/src/Service/InvoiceRepository.php',
        '@@ -10,7 +10,9 @@ final class InvoiceRepository',
        '-        return $rows;',
        '+        return array_values($rows);',
        'Ünïcödé path: docs/naïve-café.md, “quoted”, ½ and ∑',
        'SELECT id, total FROM invoices WHERE status = \'open\' ORDER BY id LIMIT 100;',
        '    "require": {"php": ">=8.2", "psr/log": "^3.0"},',
        '    <div class="alert">Saved &amp; done</div>',
        'Warning: Undefined array key "total" in /srv/app/src/report.php on line 88',
    ];

    private const PATHS = [
        'src/Service/InvoiceRepository.php', 'src/Controller/InvoiceController.php',
        'tests/InvoiceRepositoryTest.php', 'composer.json', 'README.md', 'app/main.py',
        'logs/app.log', 'docs/naïve-café.md', 'config/services.yaml', 'src/Kernel.php',
    ];

    private const DIRS = ['src', 'src/Service', 'tests', '.', 'docs', 'config', 'vendor/psr/log'];

    private const QUERIES = [
        'InvoiceRepository', 'findOpen(', 'TODO', 'function parse', 'customer_id', 'zażółć', 'LIMIT 100',
    ];

    private const COMMANDS = [
        'ls -la', 'git status --short', 'git diff', 'vendor/bin/phpunit', 'php -l src/Kernel.php',
        'composer validate', 'grep -rn "customer_id" src/', 'python3 app/main.py', 'tail -n 50 logs/app.log',
        'wc -l src/Service/*.php',
    ];

    /** Per-history pool of paths the agent works on. */
    private array $paths = [];
    private int $nextCallId = 1;
    /** Ids of calls issued so far (for duplicate ids). */
    private array $issuedIds = [];
    /** Shared values used for the "same instance" identifier cases. */
    private ?object $sharedObject = null;
    /** Arguments of the read_file_content calls so far (for exact re-reads). */
    private array $readArguments = [];
    /** [path, position, length] of those calls before any quirk. */
    private array $readSegments = [];
    /** This history's identifier quirk (see identifierValue()). */
    private string $quirk = 'none';
    /** @var resource|null */
    private $sharedResource = null;

    public function __construct(int $seed)
    {
        $this->rng = new Randomizer(new Mt19937($seed & 0xFFFFFFFF));
    }

    /** Roughly $bytes of code/log-like text made of whole lines (valid UTF-8). */
    private function text(int $bytes): string
    {
        $lines = self::CODE_LINES;
        $count = count($lines);
        $index = $this->int(0, $count - 1);
        $out = '';
        while (strlen($out) < $bytes) {
            $out .= $lines[$index] . "\n";
            $index = ($index + $this->int(1, 3)) % $count;
        }
        return $out;
    }

    /** A payload size: mostly small, sometimes around the thresholds, sometimes a few KB. */
    private function size(): int
    {
        $r = $this->int(0, 99);
        return match (true) {
            $r < 40 => $this->int(0, 60),
            $r < 65 => $this->int(60, 200),
            $r < 92 => $this->int(200, 900),
            default => $this->int(900, 3500),
        };
    }

    // ------------------------------------------------------------------
    // Histories
    // ------------------------------------------------------------------

    public function history(?int $messageCount): array
    {
        $target = $messageCount ?? $this->int(4, 36);
        $this->paths = [];
        foreach (array_rand_keys($this->rng, self::PATHS, $this->int(2, 5)) as $key) {
            $this->paths[] = self::PATHS[$key];
        }

        $this->quirk = $this->pick([
            'none', 'none', 'none', 'none', 'string', 'float', 'zero', 'zero', 'array',
            'nan', 'nan', 'deep', 'deep', 'recursive', 'object', 'resource', 'resource', 'scalar',
        ]);

        // Oddities of this history.
        $odd = [
            'pending' => $this->chance(25),
            'orphan' => $this->chance(15),
            'duplicateIds' => $this->chance(15),
            'multiResult' => $this->chance(20),
            'nullContent' => $this->chance(20),
            'malformed' => $this->chance(15),
            'references' => $this->chance(10),
            'oddKeys' => $this->chance(8),
        ];

        $history = [];
        $history[] = $this->message('system', 'You are a careful coding agent. Use the tools to inspect and change files. ' . $this->text($this->int(0, 600)));
        $history[] = $this->message('user', 'The invoice report fails for customer 6000 (see logs/app.log). Please fix it and run the tests.');

        while (count($history) < $target) {
            $callCount = $this->pick([0, 1, 1, 1, 1, 2, 2, 3]);
            $calls = [];
            for ($i = 0; $i < $callCount; $i++) {
                $calls[] = $this->call($odd['duplicateIds']);
            }
            $history[] = $this->message(
                'assistant',
                $this->chance(40) ? null : $this->pick(['Let me look at the file.', 'Running the tests now.', 'I will update the repository class.', "Checking the log first — 日本語 ok."]),
                $calls
            );
            if ($calls === []) {
                if ($this->chance(50)) {
                    $history[] = $this->message('user', $this->pick(['Continue.', 'Looks good, go on.', 'Please also check the controller.']));
                }
                continue;
            }

            $results = [];
            foreach ($calls as $call) {
                $results[] = $this->resultFor($call);
            }
            if ($odd['multiResult'] && count($results) > 1 && $this->chance(60)) {
                $history[] = $this->toolMessage($results, $odd['nullContent']);
            } else {
                foreach ($results as $result) {
                    $history[] = $this->toolMessage([$result], $odd['nullContent']);
                }
            }

            if ($odd['orphan'] && $this->chance(15)) {
                $tool = $this->pick(self::TOOLS);
                $history[] = $this->toolMessage([[
                    'id' => 'call_ghost_' . $this->int(1, 99),
                    'toolName' => $tool,
                    'result' => $this->resultPayload($tool, []),
                ]], $odd['nullContent']);
            }
        }

        if ($odd['malformed']) {
            $history = $this->addMalformed($history);
        }
        if ($odd['pending']) {
            // the newest message: calls still waiting for their results
            $calls = [];
            for ($i = $this->int(1, 2); $i > 0; $i--) {
                $calls[] = $this->call($odd['duplicateIds']);
            }
            $history[] = $this->message('assistant', null, $calls);
        }
        if ($odd['oddKeys']) {
            $history = $this->rekey($history);
        }
        if ($odd['references']) {
            $history = $this->addReferences($history);
        }
        return $history;
    }

    private function message(string $role, ?string $content, array $calls = [], array $results = []): array
    {
        return ['role' => $role, 'content' => $content, 'toolCalls' => $calls, 'toolResults' => $results];
    }

    private function toolMessage(array $results, bool $nullContent): array
    {
        $content = null;
        if (!$nullContent || $this->chance(50)) {
            try {
                $json = json_encode(count($results) === 1 ? $results[0]['result'] : array_column($results, 'result'));
            } catch (\Throwable) {
                $json = false;
            }
            $content = $json === false ? 'tool output (not JSON encodable)' : $json;
        }
        return $this->message('tool', $content, [], $results);
    }

    private function newId(bool $allowDuplicates): string
    {
        if ($allowDuplicates && $this->issuedIds !== [] && $this->chance(12)) {
            return $this->pick($this->issuedIds);
        }
        $id = 'call_' . $this->nextCallId++;
        $this->issuedIds[] = $id;
        return $id;
    }

    /** One tool call with realistic arguments for its tool. */
    private function call(bool $allowDuplicates): array
    {
        $tool = $this->pick(['read_file_content', 'read_file_content', 'read_file_content', 'read_file_content', 'write_file_content', 'bash', 'bash', 'list_files', 'search']);
        return ['id' => $this->newId($allowDuplicates), 'toolName' => $tool, 'arguments' => $this->arguments($tool)];
    }

    private function arguments(string $tool): array
    {
        if ($tool === 'read_file_content' && $this->readArguments !== [] && $this->chance(20)) {
            // the agent reads exactly the same segment again (same values)
            return $this->pick($this->readArguments);
        }
        $segment = [$this->pick($this->paths), $this->pick([0, 0, 6000, 12000]), $this->pick([6000, 6000, 4000])];
        if ($tool === 'read_file_content' && $this->readSegments !== [] && $this->chance(25)) {
            // the same segment again, its values possibly spelled another way
            $segment = $this->pick($this->readSegments);
        }
        $args = match ($tool) {
            'read_file_content' => [
                'path' => $this->identifierValue($segment[0], 10),
                'position' => $this->identifierValue($segment[1], 60),
                'length' => $this->identifierValue($segment[2], 20),
            ],
            'write_file_content' => [
                'path' => $this->identifierValue($this->pick($this->paths), 10),
                'content' => $this->text($this->size()),
            ],
            'bash' => ['command' => $this->chance(20)
                ? "cat > " . $this->pick($this->paths) . " <<'EOF'\n" . $this->text($this->size()) . "EOF"
                : $this->pick(self::COMMANDS)],
            'list_files' => ['dir' => $this->pick(self::DIRS), 'recursive' => $this->chance(50)],
            default => ['query' => $this->pick(self::QUERIES), 'maxResults' => $this->pick([10, 50, '50', null])],
        };
        if ($this->chance(6)) {
            unset($args[array_key_first($args)]); // a missing identifier
        }
        if ($this->chance(6)) {
            $args['_tool_compaction'] = $this->existingMeta($args);
        }
        if ($this->chance(4)) {
            $args['note'] = $this->oddValue();
        }
        if ($tool === 'read_file_content') {
            $this->readArguments[] = $args;
            $this->readSegments[] = $segment;
        }
        return $args;
    }

    /**
     * Usually the plain value. A history has one identifier quirk (or none),
     * applied often enough that quirky values meet each other within the
     * history: values that are == but not === (6000 / "6000" / 6000.0), that
     * are === though they look different (0.0 / -0.0), that match nothing
     * (NAN, nesting over 512 levels, recursion), or objects and resources
     * (only the same instance matches).
     */
    private function identifierValue(mixed $value, float $percent): mixed
    {
        if ($this->quirk !== 'none' && $this->chance($percent)) {
            return match ($this->quirk) {
                'string' => is_int($value) ? (string) $value : $value,
                'float' => is_int($value) ? (float) $value : $value,
                'zero' => is_int($value) ? $this->pick([(float) $value, -(float) $value]) : $value,
                'array' => $this->pick([[$value], [$value, ['n' => null, 'f' => 1.5, 'z' => -0.0]], [$value, ['n' => null, 'f' => 1.5, 'z' => 0.0]]]),
                'nan' => $this->pick([NAN, NAN, [$value, [NAN]]]),
                'deep' => nest_array($this->pick([511, 512, 512, 513, 513]), $value),
                'recursive' => $this->pick([recursive_array($value), ['leaf' => $value, 'self' => null]]),
                'object' => $this->chance(70) ? ($this->sharedObject ??= (object) ['path' => $value]) : (object) ['path' => $value],
                'resource' => $this->chance(70) ? ($this->sharedResource ??= fopen('php://memory', 'r')) : fopen('php://memory', 'r'),
                default => $this->pick([true, false, null, 0, '']),
            };
        }
        return $value;
    }

    /** A value of an unusual type for a payload field. */
    private function oddValue(): mixed
    {
        return match ($this->int(0, 15)) {
            14 => fopen('php://memory', 'r'),
            15 => ['handle' => fopen('php://memory', 'r'), 'pad' => $this->text(300)],
            0 => NAN,
            1 => INF,
            2 => -0.0,
            3 => 1234567.891011,
            4 => PHP_INT_MAX,
            5 => true,
            6 => false,
            7 => null,
            8 => new \stdClass(),
            9 => ['obj' => (object) ['a' => 1, 'b' => [1, 2]], 'list' => [1.5, 2.25, null, false]],
            10 => ['bad' => new ThrowingJsonValue(), 'pad' => $this->text(300)],
            11 => ['deep' => nest_array(600, 'x')],
            12 => ['ok' => nest_array(100, $this->text(200))],
            default => ['cyclic' => recursive_array('x'), 'pad' => $this->text(200)],
        };
    }

    /** A result payload for one call, shaped after its tool. */
    private function resultPayload(string $tool, array $args): array
    {
        $result = match ($tool) {
            'read_file_content' => [
                'content' => $this->text(is_int($args['length'] ?? null) && $this->chance(40) ? $this->int(100, 2500) : $this->size()),
                'bytes' => $this->int(0, 90000),
                'truncated' => $this->chance(30),
            ],
            'write_file_content' => ['status' => 'ok', 'bytesWritten' => $this->int(10, 5000)],
            'bash' => [
                'output' => $this->text($this->size()),
                'exitCode' => $this->pick([0, 0, 0, 1, 2, 127]),
                'durationSeconds' => $this->int(1, 99999) / 1000,
            ],
            'list_files' => ['files' => $this->fileList(), 'count' => $this->int(0, 40)],
            default => ['matches' => $this->matches(), 'total' => $this->int(0, 300), 'truncated' => $this->chance(20)],
        };
        if ($this->chance(8)) {
            $result['error'] = $this->chance(50) ? null : 'Permission denied';
        }
        if ($this->chance(5)) {
            // a large field with invalid UTF-8: measured, but not encodable
            $result['raw'] = $this->text($this->int(150, 1500)) . "\xff\xfe\xc3(" . $this->text(50);
        }
        if ($this->chance(5)) {
            $result['extra'] = $this->oddValue();
        }
        if ($this->chance(10)) {
            $result['_tool_compaction'] = $this->existingMeta($result);
        }
        return $result;
    }

    private function fileList(): array
    {
        $files = [];
        for ($i = $this->int(0, 30); $i > 0; $i--) {
            $files[] = $this->chance(15)
                ? ['name' => $this->pick(self::PATHS), 'size' => $this->int(0, 99999), 'mtime' => 1738360000 + $i]
                : $this->pick(self::PATHS);
        }
        return $files;
    }

    private function matches(): array
    {
        $matches = [];
        for ($i = $this->int(0, 12); $i > 0; $i--) {
            $matches[] = ['file' => $this->pick(self::PATHS), 'line' => $this->int(1, 900), 'text' => trim($this->text(1))];
        }
        return $matches;
    }

    /**
     * A `_tool_compaction` value already present in a payload: the valid
     * shape a previous pass writes (for a field turned into "[omitted]"),
     * valid variants, and foreign shapes that count as absent.
     */
    private function existingMeta(array &$payload): mixed
    {
        $fields = array_keys($payload);
        $field = $fields === [] ? 'content' : $this->pick($fields);
        $entry = ['bytes' => $this->int(101, 9000), 'sha256' => hash('sha256', (string) $this->int(0, 1 << 30))];
        switch ($this->int(0, 9)) {
            case 0:
            case 1:
            case 2:
                $payload[$field] = '[omitted]';
                return ['thresholdBytes' => $this->pick([100, 50, 4096]), 'omittedFields' => [$field => $entry]];
            case 3:
                $payload[$field] = '[omitted]';
                return ['omittedFields' => [$field => $entry], 'note' => 'no thresholdBytes'];
            case 4:
                return ['omittedFields' => []];
            case 5:
                return ['omittedFields' => [$field => 'listed but not omitted'], 'thresholdBytes' => 7, 'by' => 'someone else'];
            case 6:
                return 'compacted';
            case 7:
                return ['omittedFields' => $field];
            case 8:
                return null;
            default:
                return ['thresholdBytes' => 100, 'fields' => [$field]];
        }
    }

    private function resultFor(array $call): array
    {
        $result = [
            'id' => $call['id'],
            'toolName' => $call['toolName'],
            'result' => $this->resultPayload($call['toolName'], $call['arguments']),
        ];
        if ($this->chance(2)) {
            $result['toolName'] = $this->pick(self::TOOLS); // result names another tool than its call
        }
        return $result;
    }

    /** Malformed items, each of which the strategy must leave alone. */
    private function addMalformed(array $history): array
    {
        for ($n = $this->int(1, 3); $n > 0; $n--) {
            $index = $this->int(2, max(2, count($history) - 1));
            $isMessage = is_array($history[$index] ?? null) && is_array($history[$index]['toolCalls'] ?? null);
            switch ($isMessage ? $this->int(0, 9) : $this->pick([0, 6, 7, 8, 9])) {
                case 0:
                    array_splice($history, $index, 0, [$this->pick(['not a message', 42, null])]);
                    break;
                case 1:
                    $history[$index]['toolCalls'] = 'oops';
                    break;
                case 2:
                    $history[$index]['toolCalls'][] = 'call as a string';
                    break;
                case 3:
                    $call = $this->call(false);
                    $call['id'] = $this->int(1, 5);
                    $history[$index]['toolCalls'][] = $call;
                    break;
                case 4:
                    $call = $this->call(false);
                    unset($call['toolName']);
                    $history[$index]['toolCalls'][] = $call;
                    break;
                case 5:
                    $call = $this->call(false);
                    $call['arguments'] = $this->pick(['{"path":"x"}', null, 17]);
                    $history[$index]['toolCalls'][] = $call;
                    unset($history[$index]['content']);
                    break;
                case 6:
                    $history[] = $this->message('tool', 'plain', [], [[
                        'id' => $this->pick($this->issuedIds ?: ['call_x']),
                        'toolName' => 'bash',
                        'result' => $this->pick(['text result', null, 3.5]),
                    ]]);
                    break;
                case 7:
                    $result = $this->resultFor($this->call(false));
                    unset($result['result']);
                    $history[] = $this->message('tool', null, [], [$result]);
                    break;
                case 8:
                    $result = $this->resultFor($this->call(false));
                    $result['id'] = null;
                    $history[] = ['role' => 'tool', 'toolResults' => [$result, 'junk']];
                    break;
                default:
                    $history[] = ['role' => 'tool', 'toolResults' => [$this->resultFor($this->call(false))]];
                    break;
            }
        }
        return $history;
    }

    /** Makes two places of the history share a PHP reference (read, never written). */
    private function addReferences(array $history): array
    {
        $keys = [];
        foreach ($history as $key => $message) {
            if (is_array($message) && is_array($message['toolResults'] ?? null) && isset($message['toolResults'][0]['result'])
                && is_array($message['toolResults'][0]['result'])) {
                $keys[] = $key;
            }
        }
        if (count($keys) >= 2) {
            $a = $this->pick($keys);
            $b = $this->pick($keys);
            $shared = ['text' => $this->text($this->int(50, 800)), 'lines' => [1, 2, 3]];
            $history[$a]['toolResults'][0]['result']['shared'] = &$shared;
            $history[$b]['toolResults'][0]['result']['sharedAgain'] = &$shared;
            unset($shared);
        }
        if ($this->chance(50) && count($history) > 3) {
            // the same message twice, as one reference
            $i = array_keys($history)[$this->int(2, count($history) - 1)];
            $message = $history[$i];
            $history[$i] = &$message;
            $history[] = &$message;
            unset($message);
        }
        return $history;
    }

    /** Non-list keys for the message list and, sometimes, for call lists. */
    private function rekey(array $history): array
    {
        $out = [];
        $stringKeys = $this->chance(50);
        $offset = $this->int(1, 20);
        foreach ($history as $i => $message) {
            if (is_array($message) && is_array($message['toolCalls'] ?? null) && count($message['toolCalls']) > 1) {
                $message['toolCalls'] = array_combine(
                    array_map(static fn ($k) => 'c' . $k, array_keys($message['toolCalls'])),
                    $message['toolCalls']
                );
            }
            $out[$stringKeys ? 'm' . $i : $i * 2 + $offset] = $message;
        }
        return $out;
    }

    // ------------------------------------------------------------------
    // Parameters
    // ------------------------------------------------------------------

    public function params(): array
    {
        $params = [];
        $kind = $this->int(0, 99);
        if ($kind < 8) {
            return []; // defaults
        }

        foreach (['inputTrimBytes', 'outputTrimBytes'] as $key) {
            if ($this->chance(75)) {
                $params[$key] = $this->threshold();
            }
        }

        if ($this->chance(35)) {
            $params['excludedTools'] = match ($this->int(0, 9)) {
                0 => 'bash',
                1 => ['bash', 1, null, ['list_files'], 'search'],
                2 => ['x' => 'write_file_content', 'y' => 'search'],
                3 => [],
                default => array_values(array_map(
                    static fn (int $k) => self::TOOLS[$k],
                    array_rand_keys($this->rng, self::TOOLS, $this->int(1, 2))
                )),
            };
        }

        if ($this->chance(80)) {
            $params['toolIdentifierFields'] = $this->identifierFields();
        }

        if ($this->chance(15)) {
            $params[$this->pick(['thresholdBytes', 'inputtrimbytes', 'excluded_tools', 'strategy'])] = $this->pick([5, 'tool_compaction', ['bash']]);
        }
        if ($this->chance(5)) {
            $params[0] = 'positional';
        }
        return $params;
    }

    private function threshold(): mixed
    {
        $r = $this->int(0, 99);
        return match (true) {
            $r < 10 => 0,
            $r < 20 => $this->pick([1, 8, 9, 10, 20]),
            $r < 55 => $this->pick([50, 64, 100, 100, 128, 200]),
            $r < 70 => $this->pick([500, 1000, 2048, 4096]),
            $r < 73 => PHP_INT_MAX,
            $r < 78 => -1,
            $r < 83 => '100',
            $r < 87 => 12.0,
            $r < 91 => true,
            $r < 95 => null,
            default => [50],
        };
    }

    private function identifierFields(): mixed
    {
        if ($this->chance(5)) {
            return $this->pick(['read_file_content', 7, null]);
        }
        $fields = [];
        if ($this->chance(90)) {
            $fields['read_file_content'] = $this->pick([
                ['path', 'position', 'length'], ['path', 'position', 'length'], ['path', 'position', 'length'],
                ['path', 'position', 'length'], ['position'], ['position', 'length'], ['position', 'path'],
                ['path'], ['length', 'path'], ['path', 1, null, 'position', ['length']], 'path', [],
            ]);
        }
        if ($this->chance(40)) {
            $fields['write_file_content'] = $this->pick([['path'], ['path', 'content'], ['file']]);
        }
        if ($this->chance(30)) {
            $fields['bash'] = $this->pick([['command'], ['command', 'cwd'], []]);
        }
        if ($this->chance(20)) {
            $fields['list_files'] = $this->pick([['dir'], ['dir', 'recursive'], ['0']]);
        }
        if ($this->chance(20)) {
            $fields['search'] = $this->pick([['query'], ['query', 'maxResults'], false]);
        }
        if ($this->chance(10)) {
            $fields['unknown_tool'] = ['x'];
        }
        return $fields;
    }
}

/** A random key of a non-empty array (uses only $rng's engine). */
function array_rand_key(Randomizer $rng, array $values): int|string
{
    return $rng->pickArrayKeys($values, 1)[0];
}

/**
 * The random helpers of the seeded generators (this file's and the
 * fuzzer's): the class sets $this->rng from its seed.
 */
trait SeededRandom
{
    private Randomizer $rng;

    private function int(int $min, int $max): int
    {
        return $this->rng->getInt($min, $max);
    }

    /** True with probability $percent / 100. */
    private function chance(float $percent): bool
    {
        return $this->rng->getInt(0, 9999) < (int) round($percent * 100);
    }

    private function pick(array $values): mixed
    {
        return $values[array_rand_key($this->rng, $values)];
    }
}

/** $count distinct random keys of $values, in array order. */
function array_rand_keys(Randomizer $rng, array $values, int $count): array
{
    return $rng->pickArrayKeys($values, min(max($count, 1), count($values)));
}

/** $leaf wrapped in $levels nested arrays ($levels = 1: [$leaf]). */
function nest_array(int $levels, mixed $leaf): array
{
    $value = [$leaf];
    for ($i = 1; $i < $levels; $i++) {
        $value = [$value];
    }
    return $value;
}

/** An array that contains itself through a PHP reference. */
function recursive_array(mixed $leaf): array
{
    $array = ['leaf' => $leaf];
    $array['self'] = &$array;
    return $array;
}
