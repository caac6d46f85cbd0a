--TEST--
anthropic-ai/sdk through CompactingClient around Guzzle: messages, count_tokens and a stream go out compacted as toolcompact_compact() compacts, read-backs are answered on the way
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
$factory = new Nyholm\Psr7\Factory\Psr17Factory(); // PSR-17 of another library than the inner client's: any will do
$anthropic = fn (Psr\Http\Client\ClientInterface $http) => new Anthropic\Client(apiKey: 'sk-ant-test', baseUrl: $server->url,
    requestOptions: ['transporter' => $http, 'maxRetries' => 0]);
$messages = wire_history('anthropic');
$system = array_shift($messages)['content'];
$request = ['maxTokens' => 1024, 'messages' => $messages, 'model' => 'claude-sonnet-4-5', 'system' => $system];

// 1. the same call without and with the client, and the token count
$anthropic($guzzle)->messages->create(...$request);
$client = new CompactingClient($guzzle, $factory, ['onOmit' => $onOmit]);
$anthropic($client)->messages->create(...$request);
$anthropic($client)->messages->countTokens(messages: $messages, model: 'claude-sonnet-4-5', system: $system);
[$a, $b, $count] = $server->requests();
wire_compare('anthropic', $a['body'], $b['body'], []);
$stored = array_keys($store);
sort($stored);
printf("sent %d bytes, then %d; %d payloads stored, those toolcompact_compact() omits: %s\n", strlen($a['body']), strlen($b['body']),
    count($stored), var_export($stored === wire_omitted('anthropic', wire_history('anthropic')), true));
echo $count['path'], ': ', json_decode($count['body'], true)['messages'] === json_decode($b['body'], true)['messages'] ? 'the same history' : 'ANOTHER history', "\n";

// 2. a read-back round trip, answered by the client
$server->clear();
$sha256 = array_key_first($store);
$server->script([['call' => ['name' => 'read_omitted', 'arguments' => ['sha256' => $sha256]]], ['text' => 'The final answer.']]);
$message = $anthropic(new CompactingClient($guzzle, $factory, ['onOmit' => $onOmit], $lookup))->messages->create(...$request);
echo 'the caller gets: ', $message->stopReason, ' ', json_encode(array_map(fn ($block) => $block->type, $message->content)), ' ', json_encode($message->content[0]->text), "\n";
[$first, $second] = wire_bodies($server);
echo 'requests: ', count($server->requests()), '; the first offers ', json_encode(array_column($first['tools'] ?? [], 'name')), "\n";
$last = end($second['messages']);
echo 'the second ends with a ', $last['role'], ' message answering ', $last['content'][0]['type'], ' with the stored bytes: ',
    var_export($last['content'][0]['content'] === $store[$sha256], true), "\n";

// 3. a stream
$server->clear();
$text = 'one two three four five six seven';
$server->script([['text' => $text]]);
$events = [];
$stream = $anthropic(new CompactingClient($guzzle, $factory, ['onOmit' => $onOmit], $lookup))->messages->createStream(...$request);
foreach ($stream as $event) {
    $events[] = $event->type . ($event->type === 'content_block_delta' ? ':' . $event->delta->text : '');
}
echo count($events), ' events: ', implode(' | ', $events), "\n";
[$streamed] = wire_bodies($server);
echo 'streamed request: stream ', json_encode($streamed['stream']), ', tools ', json_encode(isset($streamed['tools'])), ', history compacted: ',
    json_encode($streamed['messages'] === json_decode($b['body'], true)['messages']), "\n";
?>
--EXPECTF--
anthropic history: as toolcompact_compact() makes it
anthropic other members: the same bytes
sent %d bytes, then %d; %d payloads stored, those toolcompact_compact() omits: true
/v1/messages/count_tokens: the same history
the caller gets: end_turn ["text"] "The final answer."
requests: 2; the first offers ["read_omitted"]
the second ends with a user message answering tool_result with the stored bytes: true
12 events: message_start | content_block_start | content_block_delta:one  | content_block_delta:two  | content_block_delta:three  | content_block_delta:four  | content_block_delta:five  | content_block_delta:six  | content_block_delta:seven | content_block_stop | message_delta | message_stop
streamed request: stream true, tools false, history compacted: true
