<?php

declare(strict_types=1);

/*
 * Symfony HttpClient's PSR-18 client inside ToolCompact\Http\CompactingClient,
 * posting an OpenAI Responses body by hand, with Redis as the store:
 *
 *   php -d extension=toolcompact -d extension=redis examples/symfony_http_client.php
 *
 * LLM_BASE_URL (https://api.openai.com) and OPENAI_API_KEY talk to the real
 * API; without them a mock server answers.
 */

require __DIR__ . '/common.php';

use Symfony\Component\HttpClient\Psr18Client;

[$onOmit, $lookup] = example_redis_store();
$symfony = new Psr18Client(); // also the PSR-17 stream factory the client needs
$client = new ToolCompact\Http\CompactingClient($symfony, $symfony, ['onOmit' => $onOmit], $lookup);

$input = example_history('openai-responses'); // the agent's history, OpenAI Responses items (common.php)

$request = $symfony->createRequest('POST', example_base_url() . '/v1/responses')
    ->withHeader('Authorization', 'Bearer ' . (getenv('OPENAI_API_KEY') ?: 'sk-mock'))
    ->withHeader('Content-Type', 'application/json')
    ->withBody($symfony->createStream(json_encode(['model' => 'gpt-4.1-mini', 'input' => $input])));

$response = $client->sendRequest($request);
$report = $client->lastReport();
echo "history sent: {$report['bytesBefore']} bytes of payloads as {$report['bytesAfter']}\n";
foreach (json_decode($response->getBody()->getContents(), true)['output'] as $item) {
    echo $item['type'] === 'message' ? 'answer: ' . $item['content'][0]['text'] . "\n" : '';
}
