--TEST--
Guzzle with the middleware of examples/guzzle_middleware.php (toolcompact_compact_request(), toolcompact_readback_next()): the server gets toolcompact_compact()'s history, a read-back is answered, a stream arrives whole
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
require __DIR__ . '/../lib/wire_clients.php';
if ($why = ToolCompact\Tests\wire_skip_reason(false)) die("skip $why");
if (!function_exists('toolcompact_readback_next')) die('skip toolcompact_readback_next() is missing');
?>
--INI--
; valgrind reports PCRE's JIT code as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/wire_clients.php';
require __DIR__ . '/../../examples/guzzle_middleware.php';

use GuzzleHttp\Psr7\Utils;
use ToolCompact\Tests\MockLlm;
use function ToolCompact\Tests\{wire_bodies, wire_compare, wire_history, wire_omitted, wire_store};

$server = new MockLlm();
$store = [];
[$onOmit, $lookup] = wire_store($store);
$guzzle = function (?callable $middleware) use ($server) {
    $stack = GuzzleHttp\HandlerStack::create();
    $middleware && $stack->push($middleware);
    return new GuzzleHttp\Client(['handler' => $stack, 'base_uri' => "{$server->url}/v1/"]);
};
$request = ['model' => 'gpt-4o', 'messages' => wire_history('openai'), 'temperature' => 1.0];

// 1. the same call without and with the middleware
$guzzle(null)->post('chat/completions', ['json' => $request]);
$guzzle(toolcompact_guzzle_middleware(['onOmit' => $onOmit]))->post('chat/completions', ['json' => $request]);
[$a, $b] = $server->requests();
wire_compare('openai', $a['body'], $b['body'], []);
$stored = array_keys($store);
sort($stored);
printf("sent %d bytes, then %d; %d payloads stored, those toolcompact_compact() omits: %s\n", strlen($a['body']), strlen($b['body']),
    count($stored), var_export($stored === wire_omitted('openai', wire_history('openai')), true));

// 2. a read-back round trip
$server->clear();
$sha256 = array_key_first($store);
$server->script([['call' => ['name' => 'read_omitted', 'arguments' => ['sha256' => $sha256]]], ['text' => 'The final answer.']]);
$client = $guzzle(toolcompact_guzzle_middleware(['onOmit' => $onOmit], $lookup));
$message = json_decode((string) $client->post('chat/completions', ['json' => $request])->getBody(), true)['choices'][0]['message'];
echo 'the caller gets: ', json_encode($message), "\n";
[$first, $second] = wire_bodies($server);
$last = end($second['messages']);
echo 'requests: ', count($server->requests()), '; the second ends with a ', $last['role'], ' message, the stored bytes: ', var_export($last['content'] === $store[$sha256], true), "\n";

// 3. a stream (Guzzle's stream option): compacted, not held back
$server->clear();
$server->script([['text' => 'one two three four']]);
$response = $client->post('chat/completions', ['stream' => true, 'json' => ['stream' => true] + $request]);
$text = '';
$lines = 0;
while (!$response->getBody()->eof()) {
    $line = Utils::readLine($response->getBody());
    $lines += str_starts_with($line, 'data: ');
    $text .= json_decode(substr($line, 6), true)['choices'][0]['delta']['content'] ?? '';
}
[$streamed] = wire_bodies($server);
echo "$lines data lines: ", json_encode($text), '; tools ', json_encode(isset($streamed['tools'])), ', history compacted: ',
    json_encode($streamed['messages'] === $first['messages']), "\n";
?>
--EXPECTF--
openai history: as toolcompact_compact() makes it
openai other members: the same bytes
sent %d bytes, then %d; %d payloads stored, those toolcompact_compact() omits: true
the caller gets: {"role":"assistant","content":"The final answer."}
requests: 2; the second ends with a tool message, the stored bytes: true
7 data lines: "one two three four"; tools false, history compacted: true
