<?php

declare(strict_types=1);

/**
 * The mock LLM server (tests/lib/mock_llm_router.php) of a test or an
 * example: `php -n -S` on a free loopback port with a state folder of its
 * own, stopped and its folder removed at the end of the script, even when
 * the script fails.
 */

namespace ToolCompact\Tests;

final class MockLlm
{
    /** @var resource */
    private $process;
    public readonly int $port;
    public readonly string $dir;
    public readonly string $url;

    /** @param list<array|string> $queue the answers of the first requests (see router.php) */
    public function __construct(array $queue = [])
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $this->port = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
        fclose($probe);
        $this->dir = sys_get_temp_dir() . '/toolcompact-mock-llm-' . getmypid() . '-' . $this->port;
        @mkdir($this->dir);
        $this->script($queue);
        $this->url = "http://127.0.0.1:{$this->port}";

        // The server needs no extension: -n. Under run-tests.php -m valgrind
        // skips it by its router's path (VALGRIND_OPTS in .ci/run). timeout(1)
        // ends it after 10 minutes should this script die without stopping it.
        $env = ['TOOLCOMPACT_MOCK_DIR' => $this->dir, 'PHP_CLI_SERVER_WORKERS' => '1'] + getenv();
        $command = [PHP_BINARY, '-n', '-S', "127.0.0.1:{$this->port}", __DIR__ . '/mock_llm_router.php'];
        $this->process = proc_open(is_executable('/usr/bin/timeout') ? ['/usr/bin/timeout', '600', ...$command] : $command,
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, $env);
        register_shutdown_function([$this, 'stop']);
        $deadline = microtime(true) + 30;
        while (!($s = @fsockopen('127.0.0.1', $this->port, $errno, $errstr, 0.1)) && microtime(true) < $deadline) {
            usleep(20000);
        }
        if (!$s) {
            $this->stop();
            throw new \RuntimeException("the mock LLM server did not listen on port {$this->port} within 30 s");
        }
        fclose($s);
    }

    /** Replaces the answers still queued. */
    public function script(array $queue): void
    {
        file_put_contents("{$this->dir}/queue.json", json_encode($queue));
    }

    /**
     * Every request received so far, oldest first.
     *
     * @return list<array{method: string, path: string, body: string}>
     */
    public function requests(): array
    {
        $all = [];
        foreach (glob("{$this->dir}/[0-9][0-9][0-9].json") ?: [] as $file) {
            $all[] = json_decode((string) file_get_contents($file), true);
        }
        return $all;
    }

    /** Forgets the requests received so far. */
    public function clear(): void
    {
        array_map('unlink', glob("{$this->dir}/[0-9][0-9][0-9].json") ?: []);
    }

    public function stop(): void
    {
        if (is_resource($this->process)) {
            proc_terminate($this->process);
            proc_close($this->process);
        }
        array_map('unlink', glob("{$this->dir}/*") ?: []);
        @rmdir($this->dir);
    }
}
