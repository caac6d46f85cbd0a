<?php
/*
 * Deterministic agent histories for bench/compact.php (plain-array shape).
 *
 * A history is a system prompt and a task, then turns: an assistant message
 * with one tool call and the tool message with its result. Turn t depends
 * only on (t, kind), so a history of N messages is a prefix of every longer
 * one, and an agent loop can append turn after turn.
 *
 * Tools: read_file (identified by path), write_file (by path), bash (one
 * group), grep (by pattern and path). A few files are read and written again
 * and again, so older calls get compacted as in a real session.
 *
 * kind 'large': results and written files carry kilobytes of file content
 * (source-like text with quotes, slashes, tabs, some non-ASCII);
 * kind 'small': a few hundred bytes per payload.
 *
 * Also the real histories the benchmark scripts and the training run of
 * make pgo read: the transcripts' files (bench_transcript_files()) and
 * their messages (bench_transcript()).
 */

/** Small, fast PRNG (xorshift64*), seeded; no global random state. */
final class BenchRandom
{
    private int $s;

    public function __construct(int $seed)
    {
        $this->s = ((($seed + 1) * 2654435761) ^ 0x5DEECE66D) | 1;
        for ($i = 0; $i < 4; $i++) {
            $this->below(2);
        }
    }

    /** An int in [0, $n). */
    public function below(int $n): int
    {
        $x = $this->s;
        $x ^= ($x << 13);
        $x ^= ($x >> 7) & 0x01FFFFFFFFFFFFFF;
        $x ^= ($x << 17);
        $this->s = $x;
        return (($x >> 1) & PHP_INT_MAX) % $n;
    }

    public function pick(array $list): mixed
    {
        return $list[$this->below(count($list))];
    }
}

/** Lines a source file, a test run or a grep could show. */
function bench_line_pool(): array
{
    static $pool = null;
    if ($pool !== null) {
        return $pool;
    }
    $pool = [
        '<?php',
        'declare(strict_types=1);',
        'namespace App\\Http\\Controllers;',
        'use Illuminate\\Support\\Facades\\Route;',
        '/**',
        ' * Returns the user\'s settings as "key => value" pairs.',
        ' */',
        "\tpublic function show(Request \$request, int \$id): JsonResponse",
        "\t{",
        "\t\t\$user = \$this->users->find(\$id) ?? throw new NotFoundHttpException(\"no user \$id\");",
        "\t\treturn response()->json(['id' => \$user->id, 'name' => \$user->name]);",
        "\t}",
        '}',
        'def parse_header(value: str) -> dict[str, str]:',
        '    """Split a "key=value; key2=value2" header."""',
        '    return {k.strip(): v.strip() for k, v in (p.split("=", 1) for p in value.split(";"))}',
        '        if not path.startswith("/"):',
        '            raise ValueError(f"relative path: {path!r}")',
        '# Résumé of the café module — naïve implementation, see docs/ünicode.md',
        'FAILED tests/test_http.py::test_redirect - AssertionError: assert 301 == 302',
        'tests/test_models.py::test_save PASSED                                   [ 42%]',
        '=================== 3 failed, 117 passed, 2 skipped in 4.21s ===================',
        'src/http/client.py:88:        url = urljoin(self.base_url, "/api/v2/items")',
        'drwxr-xr-x  5 agent agent 4096 Jan 12 10:31 src/components',
        '-rw-r--r--  1 agent agent 1832 Jan 12 10:29 README.md',
        'Traceback (most recent call last):',
        '  File "/usr/lib/python3.11/json/decoder.py", line 355, in raw_decode',
        "    obj, end = self.scan_once(s, idx)",
        'json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)',
        '    const total = items.reduce((sum, it) => sum + it.price * it.qty, 0); // 合計',
        '    return `${total.toFixed(2)} €`;',
        '',
        '        $this->assertSame("C:\\\\temp\\\\out.txt", $path);',
        '    <div class="alert">Saved & <b>done</b> — 100%</div>',
    ];
    return $pool;
}

/** About $bytes of text made of pool lines (at least one line). */
function bench_text(BenchRandom $r, int $bytes): string
{
    $pool = bench_line_pool();
    $out = '';
    while (strlen($out) < $bytes) {
        $out .= $r->pick($pool) . "\n";
    }
    return $out;
}

/** The messages of turn $t (1-based): an assistant call and its tool result. */
function bench_turn(int $t, string $kind): array
{
    $r = new BenchRandom($t * 31 + ($kind === 'large' ? 7 : 3));
    $large = $kind === 'large';
    $size = fn (int $min, int $max) => $min + $r->below($max - $min + 1);
    $file = 'src/module' . $r->below(12) . ($r->below(2) ? '.py' : '.php');
    $id = "call_$t";
    switch ($r->below(4)) {
        case 0:
            $tool = 'read_file';
            $args = ['path' => $file, 'offset' => 0, 'limit' => 400];
            $result = ['content' => bench_text($r, $large ? $size(2000, 12000) : $size(150, 400)), 'lines' => 120];
            break;
        case 1:
            $tool = 'write_file';
            $args = ['path' => $file, 'content' => bench_text($r, $large ? $size(1500, 8000) : $size(150, 400))];
            $result = ['ok' => true, 'bytes' => strlen($args['content'])];
            break;
        case 2:
            $tool = 'bash';
            $args = ['command' => 'cd /repo && python -m pytest tests/test_' . $r->below(30) . '.py -x -q'];
            $result = ['exitCode' => $r->below(3) ? 0 : 1, 'output' => bench_text($r, $large ? $size(1000, 6000) : $size(150, 400))];
            break;
        default:
            $tool = 'grep';
            $args = ['pattern' => $r->pick(['parse_header', 'TODO', 'def save', 'json_decode']), 'path' => $r->pick(['src', 'tests', '.'])];
            $result = ['matches' => bench_text($r, $large ? $size(500, 3000) : $size(120, 300)), 'count' => $r->below(40)];
            break;
    }
    return [
        ['role' => 'assistant', 'content' => "Turn $t: let me use $tool.", 'toolCalls' => [['id' => $id, 'toolName' => $tool, 'arguments' => $args]], 'toolResults' => []],
        ['role' => 'tool', 'content' => json_encode($result), 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => $tool, 'result' => $result]]],
    ];
}

/** The first two messages of every generated history. */
function bench_header(): array
{
    return [
        ['role' => 'system', 'content' => str_repeat('You are a careful coding agent. Use the tools to inspect and change the repository. ', 20), 'toolCalls' => [], 'toolResults' => []],
        ['role' => 'user', 'content' => 'The tests in tests/test_http.py fail after the last change. Find out why and fix it.', 'toolCalls' => [], 'toolResults' => []],
    ];
}

/** A history of exactly $messages messages (at least 2). */
function bench_history(int $messages, string $kind): array
{
    $h = bench_header();
    for ($t = 1; count($h) < $messages; $t++) {
        array_push($h, ...bench_turn($t, $kind));
    }
    return array_slice($h, 0, $messages);
}

/**
 * A session that calls $tool $calls times with the same arguments
 * ($args($n) for call $n) and gets $result($n) back each time, after a
 * system message: with the default parameters, all but the newest result
 * are compacted. Messages carry empty content.
 */
function bench_repeated_calls(string $tool, callable $args, callable $result, int $calls): array
{
    $h = [['role' => 'system', 'content' => 'You are a coding agent.', 'toolCalls' => [], 'toolResults' => []]];
    for ($n = 0; $n < $calls; $n++) {
        $h[] = ['role' => 'assistant', 'content' => '', 'toolResults' => [],
            'toolCalls' => [['id' => "call_$n", 'toolName' => $tool, 'arguments' => $args($n)]]];
        $h[] = ['role' => 'tool', 'content' => '', 'toolCalls' => [],
            'toolResults' => [['id' => "call_$n", 'toolName' => $tool, 'result' => $result($n)]]];
    }
    return $h;
}

/** The parameters used for generated histories. */
function bench_params(): array
{
    return ['toolIdentifierFields' => ['read_file' => ['path'], 'write_file' => ['path'], 'grep' => ['pattern', 'path']]];
}

/**
 * The transcripts the benchmarks time, name => file: every one of
 * ../shared/data/trajectories/ (named dir/file; said on a line of its own
 * when that directory is absent), then those shipped in examples/transcripts/
 * (named shipped/file); with $quick the last two only.
 */
function bench_transcript_files(bool $quick): array
{
    $files = [];
    $shared = __DIR__ . '/../../shared/data/trajectories';
    if (is_dir($shared)) {
        foreach (glob("$shared/*/*.json") as $file) {
            $files[basename(dirname($file)) . '/' . basename($file, '.json')] = $file;
        }
    } else {
        echo "(no ../shared/data/trajectories here: the shared transcripts are skipped)\n";
    }
    foreach (glob(__DIR__ . '/../examples/transcripts/*.json') as $file) {
        $files['shipped/' . basename($file, '.json')] = $file;
    }
    return $quick ? array_slice($files, -2, 2, true) : $files;
}

/** The messages of a transcript file: a JSON list of them, or a document with a messages list. */
function bench_transcript(string $file): array
{
    $doc = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
    return array_is_list($doc) ? $doc : $doc['messages'];
}
