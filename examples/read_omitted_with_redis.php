<?php

declare(strict_types=1);

/*
 * One agent turn in which the model reads an omitted payload back, with a
 * Redis server as the store (phpredis):
 *
 *   php -d extension=modules/toolcompact.so -d extension=redis examples/read_omitted_with_redis.php [HOST [PORT]]
 *
 * The history is in OpenAI Chat format. The model's answer is written out
 * here where a real agent would get it from the API: a call of the
 * retrieval tool with the sha256 it found in the compacted history.
 */

$redis = new Redis();
$redis->connect($argv[1] ?? '127.0.0.1', (int) ($argv[2] ?? 6379));

// What onOmit stores, toolcompact_retrieve() reads back.
$store = function (string $sha256, string $json) use ($redis): void {
    $redis->set("toolcompact:$sha256", $json);
};
$lookup = function (string $sha256) use ($redis): ?string {
    $json = $redis->get("toolcompact:$sha256");
    return is_string($json) ? $json : null;
};

$config = str_repeat("timeout = 30\nretries = 3\n", 20);
$history = [
    ['role' => 'user', 'content' => 'Raise the timeout in app.ini to 60.'],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [
        ['id' => 'call_1', 'type' => 'function', 'function' => ['name' => 'read_file', 'arguments' => '{"path":"app.ini"}']],
    ]],
    ['role' => 'tool', 'tool_call_id' => 'call_1', 'content' => $config],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [
        ['id' => 'call_2', 'type' => 'function', 'function' => ['name' => 'read_file', 'arguments' => '{"path":"app.ini"}']],
    ]],
    ['role' => 'tool', 'tool_call_id' => 'call_2', 'content' => str_replace('30', '60', $config)],
];

// 1. Before the request: compact, storing what is left out, and offer the tool.
$messages = toolcompact_compact($history, ['onOmit' => $store]);
$tools = [toolcompact_retrieval_tool('openai')];
echo "older result sent as: {$messages[2]['content']}\n";
echo "tools: ", json_encode(array_column(array_column($tools, 'function'), 'name')), "\n";

// 2. The model asks for the original (the sha256 is the one in the placeholder).
preg_match('/sha256=([0-9a-f]{64})/', $messages[2]['content'], $m);
$call = ['id' => 'call_3', 'type' => 'function', 'function' => ['name' => 'read_omitted', 'arguments' => json_encode(['sha256' => $m[1]])]];
$messages[] = ['role' => 'assistant', 'content' => null, 'tool_calls' => [$call]];

// 3. The agent runs the call: the JSON stored under that sha256, checked.
$json = toolcompact_retrieve(json_decode($call['function']['arguments'], true)['sha256'] ?? '', $lookup);
$messages[] = ['role' => 'tool', 'tool_call_id' => 'call_3', 'content' => $json ?? 'Nothing is stored under that sha256.'];

echo "read_omitted gave ", strlen($json ?? ''), " bytes of JSON: ",
    $json !== null && json_decode($json) === $config ? "the original result\n" : "not the original\n";
