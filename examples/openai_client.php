<?php

declare(strict_types=1);

/*
 * openai-php/client sending through ToolCompact\Http\CompactingClient, with
 * Guzzle inside and Redis as the store:
 *
 *   php -d extension=toolcompact -d extension=redis examples/openai_client.php
 *
 * LLM_BASE_URL (e.g. https://api.openai.com) and OPENAI_API_KEY talk to a
 * real API; without them a mock server answers. The agent's code stays as it
 * was: the client compacts each request's history, offers the model the
 * read-back tool and answers its calls itself.
 */

require __DIR__ . '/common.php';

[$onOmit, $lookup] = example_redis_store();
$guzzle = new GuzzleHttp\Client();
$compacting = new ToolCompact\Http\CompactingClient($guzzle, new GuzzleHttp\Psr7\HttpFactory(), ['onOmit' => $onOmit], $lookup);

$client = OpenAI::factory()
    ->withApiKey(getenv('OPENAI_API_KEY') ?: 'sk-mock')
    ->withBaseUri(example_base_url() . '/v1')
    ->withHttpClient($compacting)
    ->withStreamHandler($compacting->streamHandler())
    ->make();

$messages = example_history('openai'); // the agent's history, OpenAI Chat messages (common.php)

$response = $client->chat()->create(['model' => 'gpt-4o-mini', 'messages' => $messages]);
$report = $compacting->lastReport();
echo "history sent: {$report['bytesBefore']} bytes of payloads as {$report['bytesAfter']}\n";
echo 'answer: ', $response->choices[0]->message->content, "\n";

// A stream goes out compacted too, and reaches the caller as it arrives.
$messages[] = ['role' => 'user', 'content' => 'Say it again, streaming.'];
echo 'streamed: ';
foreach ($client->chat()->createStreamed(['model' => 'gpt-4o-mini', 'messages' => $messages]) as $chunk) {
    echo $chunk->choices[0]->delta->content;
}
echo "\n";
