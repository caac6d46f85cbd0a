--TEST--
The four client examples (examples/openai_client.php, anthropic_sdk.php, symfony_http_client.php, guzzle_middleware.php) run against the mock server with Redis as their store: each history goes out compacted and the model's read-back is answered from Redis
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
require __DIR__ . '/../lib/wire_clients.php';
require __DIR__ . '/../lib/redis_server.php';
if ($why = ToolCompact\Tests\wire_skip_reason() ?? ToolCompact\Tests\redis_skip_reason()) die("skip $why");
?>
--INI--
; valgrind reports PCRE's JIT code as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/wire_clients.php';
require __DIR__ . '/../lib/redis_server.php';

use ToolCompact\Tests\MockLlm;
use function ToolCompact\Tests\{redis_php, redis_server_start, redis_server_stop};

$redis = redis_server_start();
$server = new MockLlm();
try {
    foreach (['openai_client', 'anthropic_sdk', 'symfony_http_client', 'guzzle_middleware'] as $example) {
        $server->clear();
        $process = proc_open([...redis_php(), '-d', 'pcre.jit=0', dirname(__DIR__, 2) . "/examples/$example.php"],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, ['LLM_BASE_URL' => $server->url, 'REDIS_PORT' => (string) $redis[1]] + getenv());
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        $exit = proc_close($process);
        $paths = array_count_values(array_column($server->requests(), 'path'));
        echo "== $example (exit $exit): ", json_encode($paths, JSON_UNESCAPED_SLASHES), "\n$out";
        $first = json_decode($server->requests()[0]['body'], true);
        echo 'first request holds a placeholder: ', json_encode(str_contains(json_encode($first), 'sha256=')), "\n";
    }
} finally {
    redis_server_stop($redis);
}
?>
--EXPECTF--
== openai_client (exit 0): {"/v1/chat/completions":3}
history sent: %d bytes of payloads as %d
answer: I read the omitted payload back (542 bytes of JSON).
streamed: A mock answer to a history of 6 entries.
first request holds a placeholder: true
== anthropic_sdk (exit 0): {"/v1/messages":3,"/v1/messages/count_tokens":1}
history sent: %d bytes of payloads as %d
answer: I read the omitted payload back (542 bytes of JSON).
input tokens: 413
streamed: A mock answer to a history of 7 entries.
first request holds a placeholder: true
== symfony_http_client (exit 0): {"/v1/responses":2}
history sent: %d bytes of payloads as %d
answer: I read the omitted payload back (542 bytes of JSON).
first request holds a placeholder: true
== guzzle_middleware (exit 0): {"/v1/messages":3}
answer: I read the omitted payload back (542 bytes of JSON).
streamed: A mock answer to a history of 5 entries.
first request holds a placeholder: true
