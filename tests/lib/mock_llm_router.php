<?php

declare(strict_types=1);

/*
 * A mock LLM API for `php -S 127.0.0.1:PORT tests/lib/mock_llm_router.php`
 * (no extension needed). It answers as OpenAI Chat Completions, OpenAI
 * Responses, Anthropic Messages and Gemini generateContent do, in JSON, or
 * in SSE when the body says "stream": true (Gemini: :streamGenerateContent),
 * and the token-count endpoints with a count.
 *
 * TOOLCOMPACT_MOCK_DIR (optional) is its state folder: each request is
 * recorded there as NNN.json ({"method", "path", "body"}), and queue.json, a
 * list of answers, scripts the next ones; each request takes the first:
 *   {"text": "..."}                                  a text answer
 *   {"call": {"name": "...", "arguments": {...}}}    one tool call
 *   "auto"                                           as with an empty queue
 * "auto": when the request offers a tool named read_omitted and its history
 * holds a placeholder (sha256=<hex>) whose read-back it has not just
 * answered, a call of read_omitted for the first such sha256; otherwise a
 * text answer: how long the read-back's result was, or how many entries
 * the history has.
 */

$method = $_SERVER['REQUEST_METHOD'];
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?: '/';
$raw = (string) file_get_contents('php://input');
$body = json_decode($raw, true);
$dir = getenv('TOOLCOMPACT_MOCK_DIR') ?: null;

if ($dir !== null) {
    $n = count(glob("$dir/[0-9][0-9][0-9].json") ?: []) + 1;
    file_put_contents(sprintf('%s/%03d.json', $dir, $n), json_encode(['method' => $method, 'path' => $path, 'body' => $raw]));
}

$api = match (true) {
    str_ends_with($path, '/chat/completions') => 'openai',
    str_ends_with($path, '/responses') => 'openai-responses',
    str_ends_with($path, '/messages/count_tokens') => 'anthropic-count',
    str_ends_with($path, '/messages') => 'anthropic',
    str_ends_with($path, ':countTokens') => 'gemini-count',
    str_ends_with($path, ':generateContent'), str_ends_with($path, ':streamGenerateContent') => 'gemini',
    default => null,
};
if ($method !== 'POST' || $api === null || !is_array($body)) {
    http_response_code($api === null ? 404 : 400);
    header('Content-Type: application/json');
    echo json_encode(['error' => ['type' => 'invalid_request_error', 'message' => "mock: no API at $method $path"]]);
    return true;
}

$tokens = intdiv(strlen($raw) + 3, 4);
if ($api === 'anthropic-count' || $api === 'gemini-count') {
    header('Content-Type: application/json');
    echo json_encode($api === 'gemini-count' ? ['totalTokens' => $tokens] : ['input_tokens' => $tokens]);
    return true;
}

$history = $body[['openai' => 'messages', 'openai-responses' => 'input', 'anthropic' => 'messages', 'gemini' => 'contents'][$api]] ?? [];
$answer = mock_next_answer($dir, $raw, is_array($history) ? $history : []);
$stream = $api === 'gemini' ? str_ends_with($path, ':streamGenerateContent') : ($body['stream'] ?? false) === true;
$model = is_string($body['model'] ?? null) ? $body['model'] : 'mock-model';
$id = 'mock_ro_' . substr(hash('sha256', $raw), 0, 12);

header('Content-Type: ' . ($stream ? 'text/event-stream' : 'application/json'));
if ($stream) {
    header('Cache-Control: no-cache');
    foreach (mock_events($api, $answer, $model, $id, $tokens) as [$event, $data]) {
        echo $event === null ? '' : "event: $event\n", 'data: ', is_string($data) ? $data : json_encode($data), "\n\n";
        flush();
    }
} else {
    echo json_encode(mock_json($api, $answer, $model, $id, $tokens));
}
return true;

/** The answer this request gets: the queue's first, or the automatic one. */
function mock_next_answer(?string $dir, string $raw, array $history): array
{
    $queue = $dir !== null && is_file("$dir/queue.json") ? json_decode((string) file_get_contents("$dir/queue.json"), true) : [];
    $answer = is_array($queue) && $queue !== [] ? array_shift($queue) : 'auto';
    if ($dir !== null && is_file("$dir/queue.json")) {
        file_put_contents("$dir/queue.json", json_encode($queue));
    }
    if ($answer !== 'auto') {
        return $answer;
    }
    $last = json_encode(end($history) ?: null);
    $offered = preg_match('/"name":"read_omitted"/', $raw) === 1;
    $answered = str_contains($last, 'mock_ro_') || str_contains($last, '"name":"read_omitted"');
    if ($offered && !$answered && preg_match('/sha256=([0-9a-f]{64})/', $raw, $m)) {
        return ['call' => ['name' => 'read_omitted', 'arguments' => ['sha256' => $m[1]]]];
    }
    return ['text' => $answered
        ? sprintf('I read the omitted payload back (%d bytes of JSON).', strlen(mock_last_result(end($history))))
        : sprintf('A mock answer to a history of %d entries.', count($history))];
}

/** The text of the last tool result in a history entry of any format, or ''. */
function mock_last_result(mixed $entry): string
{
    if (!is_array($entry)) {
        return '';
    }
    $found = '';
    array_walk_recursive($entry, function ($v, $k) use (&$found) {
        if (in_array($k, ['content', 'output', 'text', 'result'], true) && is_string($v)) {
            $found = $v;
        }
    });
    return $found;
}

/** The whole answer in the API's JSON. */
function mock_json(string $api, array $answer, string $model, string $id, int $tokens): array
{
    $text = $answer['text'] ?? null;
    $call = $answer['call'] ?? null;
    $args = json_encode((object) ($call['arguments'] ?? []));
    $usageOut = 12;
    switch ($api) {
        case 'openai':
            $message = ['role' => 'assistant', 'content' => $text];
            if ($call !== null) {
                $message['tool_calls'] = [['id' => $id, 'type' => 'function', 'function' => ['name' => $call['name'], 'arguments' => $args]]];
            }
            return ['id' => 'chatcmpl-mock', 'object' => 'chat.completion', 'created' => 1767225600, 'model' => $model,
                'choices' => [['index' => 0, 'message' => $message, 'logprobs' => null, 'finish_reason' => $call !== null ? 'tool_calls' : 'stop']],
                'usage' => ['prompt_tokens' => $tokens, 'completion_tokens' => $usageOut, 'total_tokens' => $tokens + $usageOut]];
        case 'openai-responses':
            $item = $call !== null
                ? ['type' => 'function_call', 'id' => 'fc_mock', 'call_id' => $id, 'name' => $call['name'], 'arguments' => $args, 'status' => 'completed']
                : ['type' => 'message', 'id' => 'msg_mock', 'status' => 'completed', 'role' => 'assistant',
                    'content' => [['type' => 'output_text', 'text' => $text, 'annotations' => []]]];
            return ['id' => 'resp_mock', 'object' => 'response', 'created_at' => 1767225600, 'status' => 'completed', 'model' => $model,
                'output' => [$item], 'usage' => ['input_tokens' => $tokens, 'output_tokens' => $usageOut, 'total_tokens' => $tokens + $usageOut]];
        case 'anthropic':
            $block = $call !== null
                ? ['type' => 'tool_use', 'id' => $id, 'name' => $call['name'], 'input' => (object) $call['arguments']]
                : ['type' => 'text', 'text' => $text];
            return ['id' => 'msg_mock', 'type' => 'message', 'role' => 'assistant', 'model' => $model, 'content' => [$block],
                'stop_reason' => $call !== null ? 'tool_use' : 'end_turn', 'stop_sequence' => null,
                'usage' => ['input_tokens' => $tokens, 'output_tokens' => $usageOut]];
        default: // gemini
            $part = $call !== null ? ['functionCall' => ['name' => $call['name'], 'args' => (object) $call['arguments']]] : ['text' => $text];
            return ['candidates' => [['content' => ['role' => 'model', 'parts' => [$part]], 'finishReason' => 'STOP', 'index' => 0]],
                'usageMetadata' => ['promptTokenCount' => $tokens, 'candidatesTokenCount' => $usageOut, 'totalTokenCount' => $tokens + $usageOut],
                'modelVersion' => $model];
    }
}

/**
 * The answer as the API's SSE events: [event name or null, data].
 * A text answer comes in pieces of a few words.
 */
function mock_events(string $api, array $answer, string $model, string $id, int $tokens): array
{
    $whole = mock_json($api, $answer, $model, $id, $tokens);
    $pieces = isset($answer['text']) ? preg_split('/(?<= )/', $answer['text']) : [];
    $events = [];
    switch ($api) {
        case 'openai':
            $chunk = fn (array $delta, ?string $finish) => [null, ['id' => 'chatcmpl-mock', 'object' => 'chat.completion.chunk',
                'created' => 1767225600, 'model' => $model, 'choices' => [['index' => 0, 'delta' => (object) $delta, 'logprobs' => null, 'finish_reason' => $finish]]]];
            $events[] = $chunk(['role' => 'assistant', 'content' => ''], null);
            foreach ($pieces as $piece) {
                $events[] = $chunk(['content' => $piece], null);
            }
            if (isset($answer['call'])) {
                $call = $whole['choices'][0]['message']['tool_calls'][0];
                $events[] = $chunk(['tool_calls' => [['index' => 0] + $call]], null);
            }
            $events[] = $chunk([], $whole['choices'][0]['finish_reason']);
            $events[] = [null, '[DONE]'];
            return $events;
        case 'openai-responses':
            $seq = 0;
            $event = function (string $type, array $data) use (&$seq) {
                return [$type, ['type' => $type, 'sequence_number' => $seq++] + $data];
            };
            $events[] = $event('response.created', ['response' => ['status' => 'in_progress', 'output' => []] + $whole]);
            foreach ($pieces as $piece) {
                $events[] = $event('response.output_text.delta', ['item_id' => 'msg_mock', 'output_index' => 0, 'content_index' => 0, 'delta' => $piece]);
            }
            $events[] = $event('response.output_item.done', ['output_index' => 0, 'item' => $whole['output'][0]]);
            $events[] = $event('response.completed', ['response' => $whole]);
            return $events;
        case 'anthropic':
            $events[] = ['message_start', ['type' => 'message_start', 'message' => ['content' => [], 'stop_reason' => null,
                'usage' => ['input_tokens' => $tokens, 'output_tokens' => 1]] + $whole]];
            $block = $whole['content'][0];
            $start = $block['type'] === 'text' ? ['type' => 'text', 'text' => ''] : ['input' => new stdClass()] + $block;
            $events[] = ['content_block_start', ['type' => 'content_block_start', 'index' => 0, 'content_block' => $start]];
            $events[] = ['ping', ['type' => 'ping']];
            foreach ($pieces as $piece) {
                $events[] = ['content_block_delta', ['type' => 'content_block_delta', 'index' => 0, 'delta' => ['type' => 'text_delta', 'text' => $piece]]];
            }
            if ($block['type'] === 'tool_use') {
                $events[] = ['content_block_delta', ['type' => 'content_block_delta', 'index' => 0,
                    'delta' => ['type' => 'input_json_delta', 'partial_json' => json_encode($block['input'])]]];
            }
            $events[] = ['content_block_stop', ['type' => 'content_block_stop', 'index' => 0]];
            $events[] = ['message_delta', ['type' => 'message_delta', 'delta' => ['stop_reason' => $whole['stop_reason'], 'stop_sequence' => null],
                'usage' => ['output_tokens' => $whole['usage']['output_tokens']]]];
            $events[] = ['message_stop', ['type' => 'message_stop']];
            return $events;
        default: // gemini, alt=sse: one candidate chunk per piece
            foreach ($pieces ?: [null] as $i => $piece) {
                $chunk = $whole;
                if ($piece !== null) {
                    $chunk['candidates'][0]['content']['parts'] = [['text' => $piece]];
                }
                if ($i < count($pieces) - 1) {
                    unset($chunk['candidates'][0]['finishReason'], $chunk['usageMetadata']);
                }
                $events[] = [null, $chunk];
            }
            return $events;
    }
}
