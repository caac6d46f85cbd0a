<?php

declare(strict_types=1);

/**
 * A redis-server of a test's own, on a free loopback port, for the tests
 * that use a real Redis server (tests/offload/redis_*.phpt), and the PHP
 * command line that has phpredis loaded beside the extension under test.
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/cli.php';

/** Why a Redis test cannot run here (its SKIPIF), or null. */
function redis_skip_reason(): ?string
{
    if (!is_file(PHP_EXTENSION_DIR . '/redis.so')) {
        return 'phpredis (php8.2-redis) is not installed';
    }
    return is_executable('/usr/bin/redis-server') ? null : 'redis-server is not installed';
}

/**
 * Starts redis-server without persistence and waits until it listens.
 *
 * @return array{0: resource, 1: int, 2: string} the process, its port, its directory
 */
function redis_server_start(): array
{
    // a loopback port of our own: ask the kernel for a free one
    $probe = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
    fclose($probe);

    $dir = sys_get_temp_dir() . '/toolcompact-redis-' . getmypid() . '-' . $port;
    @mkdir($dir);
    $server = proc_open(['/usr/bin/redis-server', '--port', (string) $port, '--bind', '127.0.0.1',
        '--save', '', '--appendonly', 'no', '--dir', $dir, '--daemonize', 'no'],
        [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    // Up to a minute for it to listen: under run-tests.php -m the server runs
    // under valgrind too (unless VALGRIND_OPTS skips it, as .ci/run does), and
    // then takes seconds to start on a slow machine.
    $deadline = microtime(true) + 60;
    while (!($s = @fsockopen('127.0.0.1', $port, $errno, $errstr, 0.1)) && microtime(true) < $deadline) {
        usleep(50000);
    }
    if ($s) {
        fclose($s);
    } else {
        echo "redis-server did not listen on port $port within a minute\n";
    }
    return [$server, $port, $dir];
}

/** @param array{0: resource, 1: int, 2: string} $server from redis_server_start() */
function redis_server_stop(array $server): void
{
    proc_terminate($server[0]);
    proc_close($server[0]);
    @rmdir($server[2]);
}

/**
 * The PHP command line with phpredis (which needs igbinary in Debian's
 * build; both from the system's extension directory) and the extension
 * under test, as in the CLI tests.
 *
 * @return list<string>
 */
function redis_php(): array
{
    $php = cli_php();
    array_splice($php, 2, 0, ['-d', 'extension=' . PHP_EXTENSION_DIR . '/igbinary.so', '-d', 'extension=' . PHP_EXTENSION_DIR . '/redis.so']);
    return $php;
}
