<?php

declare(strict_types=1);

/*
 * What the four client examples (openai_client.php, anthropic_sdk.php,
 * symfony_http_client.php, guzzle_middleware.php) share: the Composer
 * autoloader, a Redis store of omitted payloads, the API's base URL and a
 * history in which an older tool result gets omitted.
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

/** A file read twice, and what each tool result is: [path, first, second]. */
function example_files(): array
{
    $config = str_repeat("timeout = 30\nretries = 3\n", 20);
    return ['app.ini', $config, str_replace('30', '60', $config)];
}
