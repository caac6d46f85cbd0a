<?php

declare(strict_types=1);

/*
 * What the four client examples (openai_client.php, anthropic_sdk.php,
 * symfony_http_client.php, guzzle_middleware.php) share: the Composer
 * autoloader, a Redis store of omitted payloads, the API's base URL and a
 * history in which an older tool result gets omitted, in each one's format.
 */

// The clients: your project's vendor/, or this repository's test SDKs
// (composer install -d tests/sdk).
require_once is_file(__DIR__ . '/../vendor/autoload.php') ? __DIR__ . '/../vendor/autoload.php' : __DIR__ . '/../tests/sdk/vendor/autoload.php';

/**
 * onOmit stores each omitted payload in Redis under its sha256 (a day long),
 * the lookup reads it back for toolcompact_retrieve(). REDIS_HOST and
 * REDIS_PORT say where Redis is (127.0.0.1:6379).
 *
 * @return array{0: Closure, 1: Closure} onOmit, lookup
 */
function example_redis_store(): array
{
    $redis = new Redis();
    $redis->connect(getenv('REDIS_HOST') ?: '127.0.0.1', (int) (getenv('REDIS_PORT') ?: 6379));
    return [
        function (string $sha256, string $json) use ($redis): void {
            $redis->setex("toolcompact:$sha256", 86400, $json);
        },
        function (string $sha256) use ($redis): ?string {
            $json = $redis->get("toolcompact:$sha256");
            return is_string($json) ? $json : null;
        },
    ];
}

/**
 * The API's base URL: LLM_BASE_URL, or else a mock LLM server of this
 * repository's tests (tests/lib/mock_llm_router.php) started for this run, which
 * asks for the omitted payload with the read-back tool once, then answers.
 */
function example_base_url(): string
{
    static $mock;
    if ($url = getenv('LLM_BASE_URL')) {
        return rtrim($url, '/');
    }
    require_once __DIR__ . '/../tests/lib/mock_llm.php';
    $mock ??= new ToolCompact\Tests\MockLlm();
    return $mock->url;
}

/**
 * A history in which the agent read the same file twice, in $format
 * (openai, openai-responses or anthropic): the older result is omitted.
 */
function example_history(string $format): array
{
    $path = 'app.ini';
    $config = str_repeat("timeout = 30\nretries = 3\n", 20);
    $results = [$config, str_replace('30', '60', $config)];
    $history = [['role' => 'user', 'content' => "Raise the timeout in $path to 60."]];
    foreach ($results as $i => $result) {
        $id = 'call_' . ($i + 1);
        $arguments = json_encode(['path' => $path]);
        array_push($history, ...match ($format) {
            'openai' => [
                ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => $id, 'type' => 'function', 'function' => ['name' => 'read_file', 'arguments' => $arguments]]]],
                ['role' => 'tool', 'tool_call_id' => $id, 'content' => $result],
            ],
            'openai-responses' => [
                ['type' => 'function_call', 'call_id' => $id, 'name' => 'read_file', 'arguments' => $arguments],
                ['type' => 'function_call_output', 'call_id' => $id, 'output' => $result],
            ],
            'anthropic' => [
                ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => $id, 'name' => 'read_file', 'input' => ['path' => $path]]]],
                ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => $id, 'content' => $result]]],
            ],
        });
    }
    return $history;
}
