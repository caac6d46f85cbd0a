--TEST--
toolcompact_readback_next(): the read-back turn and its answers appended to the history of each provider, the rest of the request byte for byte
--EXTENSIONS--
toolcompact
--FILE--
<?php
$payload = json_encode(['path' => 'a.txt', 'content' => str_repeat('é', 40)], JSON_UNESCAPED_UNICODE);
$sha = hash('sha256', $payload);
$lookup = fn(string $s) => $s === $sha ? $payload : null;
$args = json_encode(['sha256' => $sha]);
$missing = 'No omitted payload is stored under this sha256.';
$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

/* $next must be $request with $items appended inside its history array
 * (whose closing bracket is the last "]" before $tail) and nothing else
 * changed. */
function check(string $label, ?string $next, string $request, string $tail, array $items, int $flags): void {
    $at = strrpos($request, ']' . $tail);
    $head = substr($request, 0, $at);
    $empty = substr(rtrim($head), -1) === '[';
    $encoded = implode(',', array_map(fn($i) => json_encode($i, $flags), $items));
    $want = $head . ($empty ? '' : ',') . $encoded . ']' . $tail;
    echo $label, ': ', $next === $want ? 'ok' : "differs\n$next\n$want", "\n";
}

// OpenAI Chat: a mixed turn keeps only its read-back calls
$request = '{"model":"m", "temperature":1.0,"messages":[{"role":"user","content":"hi \u00e9"}],"tools":[{"type":"function","function":{"name":"read_omitted","parameters":{"type":"object","properties":{}}}}]}';
$read = ['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'read_omitted', 'arguments' => $args]];
$bad = ['id' => 'c3', 'type' => 'function', 'function' => ['name' => 'read_omitted', 'arguments' => '{"sha256":"00"}']];
$other = ['id' => 'c2', 'type' => 'function', 'function' => ['name' => 'bash', 'arguments' => '{}']];
$response = json_encode(['id' => 'x', 'choices' => [['index' => 0, 'finish_reason' => 'tool_calls',
    'message' => ['role' => 'assistant', 'content' => 'reading', 'tool_calls' => [$read, $other, $bad]]]]]);
check('openai', toolcompact_readback_next($request, $response, $lookup), $request, ',"tools":[{"type":"function","function":{"name":"read_omitted","parameters":{"type":"object","properties":{}}}}]}', [
    ['role' => 'assistant', 'content' => 'reading', 'tool_calls' => [$read, $bad]],
    ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => $payload],
    ['role' => 'tool', 'tool_call_id' => 'c3', 'content' => $missing],
], $flags);

// Anthropic: other tools' tool_use blocks left out, text kept, {} stays {}
$request = '{"model":"m","max_tokens":10,"messages":[ ],"system":"s"}';
$use = ['type' => 'tool_use', 'id' => 't1', 'name' => 'read_omitted', 'input' => ['sha256' => strtoupper($sha)]];
$response = json_encode(['type' => 'message', 'role' => 'assistant', 'stop_reason' => 'tool_use', 'content' => [
    ['type' => 'text', 'text' => 'let me'], $use,
    ['type' => 'tool_use', 'id' => 't2', 'name' => 'x', 'input' => new stdClass]]]);
check('anthropic', toolcompact_readback_next($request, $response, $lookup), $request, ',"system":"s"}', [
    ['role' => 'assistant', 'content' => [['type' => 'text', 'text' => 'let me'], $use]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't1', 'content' => $payload]]],
], $flags);

// Responses: reasoning and read-back calls again, other calls left out
$reasoning = ['type' => 'reasoning', 'id' => 'rs_1', 'summary' => []];
$call = ['type' => 'function_call', 'id' => 'fc_1', 'call_id' => 'k', 'name' => 'read_omitted', 'arguments' => $args];
$response = json_encode(['id' => 'resp_1', 'object' => 'response', 'output' => [$reasoning, $call,
    ['type' => 'function_call', 'id' => 'fc_2', 'call_id' => 'j', 'name' => 'bash', 'arguments' => '{}']]]);
$request = '{"model":"m","instructions":"be brief","input":[{"role":"user","content":"q"}]}';
check('responses', toolcompact_readback_next($request, $response, $lookup), $request, '}', [
    $reasoning, $call, ['type' => 'function_call_output', 'call_id' => 'k', 'output' => $payload],
], $flags);
// a string input is the user message it stands for
echo 'responses, string input: ', json_decode(toolcompact_readback_next('{"input":"hello","model":"m"}', $response, $lookup), true)
    === ['input' => [['role' => 'user', 'content' => 'hello'], $reasoning, $call,
        ['type' => 'function_call_output', 'call_id' => 'k', 'output' => $payload]], 'model' => 'm'] ? 'ok' : 'differs', "\n";
// with previous_response_id the server holds the history: the answers alone, under the response's id
echo 'responses, previous_response_id: ', toolcompact_readback_next('{"model":"m","previous_response_id":"resp_0","input":"hello"}', $response, $lookup)
    === '{"model":"m","previous_response_id":"resp_1","input":' . json_encode([['type' => 'function_call_output', 'call_id' => 'k', 'output' => $payload]], $flags) . '}' ? 'ok' : 'differs', "\n";

// Gemini: the model content again, then functionResponse parts
$request = "{\"contents\":[\n {\"role\":\"user\",\"parts\":[{\"text\":\"q\"}]}\n],\"systemInstruction\":{\"parts\":[{\"text\":\"s\"}]}}";
$fc = ['functionCall' => ['id' => 'g1', 'name' => 'read_omitted', 'args' => ['sha256' => $sha]]];
$response = json_encode(['candidates' => [['content' => ['role' => 'model', 'parts' => [['text' => 'ok'], $fc,
    ['functionCall' => ['name' => 'other', 'args' => new stdClass]]]]]]]);
check('gemini', toolcompact_readback_next($request, $response, $lookup), $request, ',"systemInstruction":{"parts":[{"text":"s"}]}}', [
    ['role' => 'model', 'parts' => [['text' => 'ok'], $fc]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['id' => 'g1', 'name' => 'read_omitted', 'response' => ['output' => $payload]]]]],
], $flags);

// another name for the tool
$response = json_encode(['choices' => [['message' => ['role' => 'assistant', 'content' => null,
    'tool_calls' => [['id' => 'c9', 'type' => 'function', 'function' => ['name' => 'fetch_omitted', 'arguments' => $args]]]]]]]);
var_dump(toolcompact_readback_next('{"messages":[]}', $response, $lookup));
echo json_decode(toolcompact_readback_next('{"messages":[]}', $response, $lookup, 'fetch_omitted'), true)['messages'][1]['content'] === $payload ? "named: ok\n" : "named: differs\n";
?>
--EXPECT--
openai: ok
anthropic: ok
responses: ok
responses, string input: ok
responses, previous_response_id: ok
gemini: ok
NULL
named: ok
