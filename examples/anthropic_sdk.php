<?php

declare(strict_types=1);

/*
 * anthropic-ai/sdk sending through ToolCompact\Http\CompactingClient, with
 * Guzzle inside and Redis as the store:
 *
 *   php -d extension=toolcompact -d extension=redis examples/anthropic_sdk.php
 *
 * LLM_BASE_URL (https://api.anthropic.com) and ANTHROPIC_API_KEY talk to the
 * real API; without them a mock server answers. The SDK's retries send the
 * request again through the client, which compacts it again.
 */

require __DIR__ . '/common.php';

[$onOmit, $lookup] = example_redis_store();
$compacting = new ToolCompact\Http\CompactingClient(new GuzzleHttp\Client(), new GuzzleHttp\Psr7\HttpFactory(), ['onOmit' => $onOmit], $lookup);

$client = new Anthropic\Client(
    apiKey: getenv('ANTHROPIC_API_KEY') ?: 'sk-ant-mock',
    baseUrl: example_base_url(),
    requestOptions: ['transporter' => $compacting],
);

$messages = example_history('anthropic'); // the agent's history, Anthropic messages (common.php)

$message = $client->messages->create(maxTokens: 1024, messages: $messages, model: 'claude-sonnet-4-5');
$report = $compacting->lastReport();
echo "history sent: {$report['bytesBefore']} bytes of payloads as {$report['bytesAfter']}\n";
echo 'answer: ', $message->content[0]->text, "\n";

// Token counts are compacted the same way, so they count what is sent.
$count = $client->messages->countTokens(messages: $messages, model: 'claude-sonnet-4-5');
echo "input tokens: {$count->inputTokens}\n";

$messages[] = ['role' => 'assistant', 'content' => $message->content[0]->text];
$messages[] = ['role' => 'user', 'content' => 'Say it again, streaming.'];
echo 'streamed: ';
foreach ($client->messages->createStream(maxTokens: 1024, messages: $messages, model: 'claude-sonnet-4-5') as $event) {
    echo $event->type === 'content_block_delta' ? $event->delta->text : '';
}
echo "\n";
