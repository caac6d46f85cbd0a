--TEST--
openai-php/client through CompactingClient around Guzzle: the server gets toolcompact_compact()'s history, read-backs are answered on the way, a stream arrives whole
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
require __DIR__ . '/../lib/wire_clients.php';
if ($why = ToolCompact\Tests\wire_skip_reason()) die("skip $why");
?>
--INI--
; valgrind reports PCRE's JIT code as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/wire_clients.php';

use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\MockLlm;
use function ToolCompact\Tests\{wire_bodies, wire_compare, wire_history, wire_omitted, wire_store};

$server = new MockLlm();
$store = [];
[$onOmit, $lookup] = wire_store($store);
$guzzle = new GuzzleHttp\Client();
$factory = new GuzzleHttp\Psr7\HttpFactory();
$openai = fn (Psr\Http\Client\ClientInterface $http, ?Closure $streams = null) => OpenAI::factory()
    ->withApiKey('sk-test')->withBaseUri("{$server->url}/v1")->withHttpClient($http)
    ->withStreamHandler($streams ?? fn ($request) => $guzzle->send($request, ['stream' => true]))->make();
$request = ['model' => 'gpt-4o', 'messages' => wire_history('openai'), 'temperature' => 1.0];

// 1. the same call without and with the client
$plain = $openai($guzzle);
$compacting = new CompactingClient($guzzle, $factory, ['onOmit' => $onOmit]);
$plain->chat()->create($request);
$compacting = $openai($compacting);
$compacting->chat()->create($request);
[$a, $b] = $server->requests();
wire_compare('openai', $a['body'], $b['body'], []);
$stored = array_keys($store);
sort($stored);
printf("sent %d bytes, then %d; %d payloads stored, those toolcompact_compact() omits: %s\n", strlen($a['body']), strlen($b['body']),
    count($stored), var_export($stored === wire_omitted('openai', wire_history('openai')), true));

// 2. a read-back round trip, answered by the client
$server->clear();
$sha256 = array_key_first($store);
$server->script([['call' => ['name' => 'read_omitted', 'arguments' => ['sha256' => $sha256]]], ['text' => 'The final answer.']]);
$client = new CompactingClient($guzzle, $factory, ['onOmit' => $onOmit], $lookup);
$answer = $openai($client)->chat()->create($request);
echo 'the caller gets: ', json_encode($answer->choices[0]->message->content), ', tool calls: ', count($answer->choices[0]->message->toolCalls), "\n";
[$first, $second] = wire_bodies($server);
echo 'requests: ', count($server->requests()), '; the first offers ', json_encode(array_column(array_column($first['tools'] ?? [], 'function'), 'name')), "\n";
$last = end($second['messages']);
echo 'the second ends with a ', $last['role'], ' message, the stored bytes: ', var_export($last['content'] === $store[$sha256], true), "\n";
echo 'its history before the read-back: ', var_export(array_slice($second['messages'], 0, count($first['messages'])) === $first['messages'], true), "\n";

// 3. a stream, through the client's stream handler
$server->clear();
$text = 'one two three four five six seven';
$server->script([['text' => $text]]);
$client = new CompactingClient($guzzle, $factory, ['onOmit' => $onOmit], $lookup);
$chunks = [];
foreach ($openai($client, $client->streamHandler())->chat()->createStreamed($request) as $chunk) {
    $chunks[] = $chunk->choices[0]->delta->content;
}
echo count($chunks), ' chunks: ', json_encode(implode('', $chunks) === $text), "\n";
[$streamed] = wire_bodies($server);
echo 'streamed request: stream ', json_encode($streamed['stream']), ', tools ', json_encode(isset($streamed['tools'])), ', history compacted: ',
    json_encode($streamed['messages'] === json_decode(json_encode(toolcompact_compact($request['messages'])), true)), "\n";
?>
--EXPECTF--
openai history: as toolcompact_compact() makes it
openai other members: the same bytes
sent 119370 bytes, then %d; %d payloads stored, those toolcompact_compact() omits: true
the caller gets: "The final answer.", tool calls: 0
requests: 2; the first offers ["read_omitted"]
the second ends with a tool message, the stored bytes: true
its history before the read-back: true
9 chunks: true
streamed request: stream true, tools false, history compacted: true
