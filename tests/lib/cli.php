<?php

declare(strict_types=1);

/**
 * Helpers for tests/cli/: run bin/toolcompact as a subprocess with the PHP
 * binary that runs the test and the extension under test, and a small
 * history to feed it.
 */

namespace ToolCompact\Tests;

/** The flags the CLI writes JSON with (documented in its --help). */
const CLI_JSON_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

function cli_script(): string
{
    return dirname(__DIR__, 2) . '/bin/toolcompact';
}

/**
 * The PHP command line the CLI runs under: this PHP binary without php.ini,
 * plus the extension under test (the build in modules/ when there is one, as
 * with `make test` and run-tests.php -d extension=modules/toolcompact.so;
 * otherwise the one in extension_dir).
 *
 * @return list<string>
 */
function cli_php(bool $withExtension = true): array
{
    $command = [PHP_BINARY, '-n'];
    if (!$withExtension) {
        return $command;
    }
    $built = dirname(__DIR__, 2) . '/modules/toolcompact.so';
    if (is_file($built)) {
        return [...$command, '-d', 'extension=' . $built];
    }
    return [...$command, '-d', 'extension_dir=' . ini_get('extension_dir'), '-d', 'extension=toolcompact'];
}

/**
 * Runs bin/toolcompact with $args, $stdin on its standard input (empty when
 * null). Returns [exit code, stdout, stderr].
 *
 * $ini: -d settings for the PHP that runs it (['memory_limit' => '8M']).
 * $stdout: a proc_open() descriptor for its standard output instead of a file
 * read back (the stdout returned is then ''): ['file', '/dev/full', 'w'] for a
 * full disk; ['pipe', 'w'] for a pipe whose reading end is closed at once, as
 * when `| head -c 10` has exited.
 *
 * @param list<string> $args
 * @param array<string, string> $ini
 * @return array{int, string, string}
 */
function run_cli(array $args, ?string $stdin = null, bool $withExtension = true, array $ini = [], ?array $stdout = null): array
{
    // Files rather than pipes: no deadlock whatever the sizes.
    $in = cli_temp_file($stdin ?? '');
    $out = cli_temp_file('');
    $err = cli_temp_file('');
    $settings = [];
    foreach ($ini as $name => $value) {
        array_push($settings, '-d', "$name=$value");
    }
    $process = proc_open(
        [...cli_php($withExtension), ...$settings, cli_script(), ...$args],
        [0 => ['file', $in, 'r'], 1 => $stdout ?? ['file', $out, 'w'], 2 => ['file', $err, 'w']],
        $pipes,
    );
    if ($process === false) {
        throw new \RuntimeException('cannot start bin/toolcompact');
    }
    if (isset($pipes[1])) {
        fclose($pipes[1]);
    }
    $code = proc_close($process);
    $result = [$code, file_get_contents($out), file_get_contents($err)];
    unlink($in);
    unlink($out);
    unlink($err);
    return $result;
}

/** A new temporary file holding $contents; the caller deletes it. */
function cli_temp_file(string $contents): string
{
    $file = tempnam(sys_get_temp_dir(), 'tc-cli-');
    file_put_contents($file, $contents);
    return $file;
}

/** What the CLI should write for $input: toolcompact_compact() encoded its way. */
function cli_expected(mixed $input, array $params = [], int $extraFlags = 0): string
{
    if (isset($input['messages'])) {
        $input['messages'] = toolcompact_compact($input['messages'], $params);
        return json_encode($input, CLI_JSON_FLAGS | $extraFlags) . "\n";
    }
    return json_encode(toolcompact_compact($input, $params), CLI_JSON_FLAGS | $extraFlags) . "\n";
}

/**
 * A small coding-agent history: read_file twice (no identifier fields, so one
 * group), write_file on two paths, bash twice. With the default parameters
 * the older read_file result (1,172 bytes of content), the older write_file
 * call (600 bytes of content) and the older bash result (293 bytes of output)
 * are compacted: 3 fields omitted. Strings hold "/", "é" and a float 1.0,
 * which show the CLI's JSON flags.
 */
function cli_history(): array
{
    $m = static fn (string $role, ?string $content, array $calls = [], array $results = []): array =>
        ['role' => $role, 'content' => $content, 'toolCalls' => $calls, 'toolResults' => $results];
    $call = static fn (string $id, string $tool, array $arguments): array =>
        ['id' => $id, 'toolName' => $tool, 'arguments' => $arguments];
    $result = static fn (string $id, string $tool, array $result): array =>
        ['id' => $id, 'toolName' => $tool, 'result' => $result];
    $source = str_repeat('<?php echo 1;', 90) . 'xx';
    $lint = str_repeat('No syntax errors in src/a.php', 10) . '/ok';

    return [
        $m('system', 'You are a coding agent. Paths look like src/café.php.'),
        $m('user', 'Fix the bug in src/a.php; keep 1.0 as 1.0.'),
        $m('assistant', null, [$call('c1', 'read_file', ['path' => 'src/a.php', 'offset' => 0, 'ratio' => 1.0])]),
        $m('tool', 'read 1 file', [], [$result('c1', 'read_file', ['content' => $source, 'lines' => 20])]),
        $m('assistant', 'Writing the fix.', [$call('c2', 'write_file', ['path' => 'src/a.php', 'content' => str_repeat('x', 600)])]),
        $m('tool', 'ok', [], [$result('c2', 'write_file', ['ok' => true])]),
        $m('assistant', null, [$call('c3', 'bash', ['command' => 'php -l src/a.php'])]),
        $m('tool', 'exit 0', [], [$result('c3', 'bash', ['output' => $lint, 'exitCode' => 0])]),
        $m('assistant', null, [$call('c4', 'read_file', ['path' => 'src/a.php', 'offset' => 0, 'ratio' => 1.0])]),
        $m('tool', 'read 1 file', [], [$result('c4', 'read_file', ['content' => $source . '//', 'lines' => 20])]),
        $m('assistant', null, [$call('c5', 'write_file', ['path' => 'src/b.php', 'content' => str_repeat('y', 600)])]),
        $m('tool', 'ok', [], [$result('c5', 'write_file', ['ok' => true])]),
        $m('assistant', null, [$call('c6', 'bash', ['command' => 'php -l src/b.php'])]),
        $m('tool', 'exit 0', [], [$result('c6', 'bash', ['output' => $lint, 'exitCode' => 0])]),
        $m('assistant', 'Done.'),
    ];
}

/** cli_history() as the CLI reads it. */
function cli_history_json(): string
{
    return json_encode(cli_history(), CLI_JSON_FLAGS);
}
