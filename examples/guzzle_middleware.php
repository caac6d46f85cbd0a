<?php

declare(strict_types=1);

/*
 * A Guzzle middleware that compacts request bodies with
 * toolcompact_compact_request() and answers the model's read-back calls
 * with toolcompact_readback_next(), with Redis as the store:
 *
 *   php -d extension=toolcompact -d extension=redis examples/guzzle_middleware.php
 *
 * The same as ToolCompact\Http\CompactingClient does, for code that uses
 * Guzzle directly. LLM_BASE_URL (https://api.anthropic.com) and
 * ANTHROPIC_API_KEY talk to the real API; without them a mock server answers.
 */

require_once __DIR__ . '/common.php';

use GuzzleHttp\Psr7\Utils;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;

/**
 * The middleware: POSTs to an LLM API go out with their history compacted
 * ($params as toolcompact_compact() takes them, onOmit storing). With a
 * $lookup the read-back tool is offered, and a response calling it is
 * answered and sent again (4 rounds at most); streams (Guzzle's stream
 * option) are compacted only, the tool not offered.
 */
function toolcompact_guzzle_middleware(array $params, ?callable $lookup = null): callable
{
    $api = '~(/chat/completions|/responses|/messages|/messages/count_tokens|:generateContent|:streamGenerateContent|:countTokens)$~';
    return fn (callable $handler) => function (RequestInterface $request, array $options) use ($handler, $params, $lookup, $api) {
        if ($request->getMethod() !== 'POST' || !preg_match($api, $request->getUri()->getPath())) {
            return $handler($request, $options);
        }
        $stream = !empty($options['stream']) || str_ends_with($request->getUri()->getPath(), ':streamGenerateContent');
        $readBack = $lookup !== null && !$stream;
        $params = $readBack ? $params + ['retrievalTool' => 'read_omitted'] : $params;
        // $original: the body as the caller wrote it, plus the rounds' turns and answers
        $send = function (string $original, int $round) use (&$send, $handler, $request, $options, $params, $lookup, $readBack) {
            $body = toolcompact_compact_request($original, $params);
            $promise = $handler($request->withBody(Utils::streamFor($body))->withHeader('Content-Length', (string) strlen($body)), $options);
            return !$readBack ? $promise : $promise->then(function (ResponseInterface $response) use ($send, $original, $round, $lookup) {
                $text = (string) $response->getBody();
                $next = $round < 4 ? toolcompact_readback_next($original, $text, $lookup) : null;
                return $next === null ? $response->withBody(Utils::streamFor($text)) : $send($next, $round + 1);
            });
        };
        return $send((string) $request->getBody(), 0);
    };
}

if (realpath($_SERVER['SCRIPT_FILENAME'] ?? '') !== __FILE__) {
    return; // required for the middleware alone
}

[$onOmit, $lookup] = example_redis_store();
$stack = GuzzleHttp\HandlerStack::create();
$stack->push(toolcompact_guzzle_middleware(['onOmit' => $onOmit], $lookup), 'toolcompact');
$guzzle = new GuzzleHttp\Client(['handler' => $stack, 'base_uri' => example_base_url() . '/v1/', 'headers' => [
    'x-api-key' => getenv('ANTHROPIC_API_KEY') ?: 'sk-ant-mock', 'anthropic-version' => '2023-06-01',
]]);

$messages = example_history('anthropic'); // the agent's history, Anthropic messages (common.php)

$response = $guzzle->post('messages', ['json' => ['model' => 'claude-sonnet-4-5', 'max_tokens' => 1024, 'messages' => $messages]]);
echo 'answer: ', json_decode((string) $response->getBody(), true)['content'][0]['text'], "\n";

// A stream with Guzzle's stream option: compacted, read as it arrives.
$response = $guzzle->post('messages', ['stream' => true, 'json' => ['model' => 'claude-sonnet-4-5', 'max_tokens' => 1024, 'stream' => true, 'messages' => $messages]]);
echo 'streamed: ';
while (!$response->getBody()->eof()) {
    $line = Utils::readLine($response->getBody());
    $data = str_starts_with($line, 'data: ') ? json_decode(substr($line, 6), true) : null;
    echo $data['delta']['text'] ?? '';
}
echo "\n";
