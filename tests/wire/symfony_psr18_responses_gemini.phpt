--TEST--
Symfony's Psr18Client inside CompactingClient: OpenAI Responses and Gemini bodies go out compacted as toolcompact_compact() compacts, a Gemini read-back is answered, a Gemini stream arrives whole
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

use Symfony\Component\HttpClient\Psr18Client;
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\MockLlm;
use function ToolCompact\Tests\{wire_bodies, wire_compare, wire_history, wire_store};

$server = new MockLlm();
$store = [];
[$onOmit, $lookup] = wire_store($store);
$symfony = new Psr18Client();
$post = fn (string $path, array $body) => $symfony->createRequest('POST', $server->url . $path)
    ->withHeader('Content-Type', 'application/json')->withBody($symfony->createStream(json_encode($body)));
$responses = ['model' => 'gpt-4.1', 'instructions' => 'Fix the bug.', 'input' => wire_history('openai-responses'), 'temperature' => 1.0];
$gemini = ['contents' => wire_history('gemini'), 'generationConfig' => ['temperature' => 1.0]];
$generate = '/v1beta/models/gemini-2.5-pro:generateContent';

// 1. the same requests without and with the client
$client = new CompactingClient($symfony, $symfony, ['onOmit' => $onOmit]);
foreach ([['openai-responses', '/v1/responses', $responses], ['gemini', $generate, $gemini]] as [$format, $path, $body]) {
    $server->clear();
    $symfony->sendRequest($post($path, $body));
    $client->sendRequest($post($path, $body));
    [$a, $b] = $server->requests();
    wire_compare($format, $a['body'], $b['body'], []);
    printf("%s: sent %d bytes, then %d; the report says %s\n", $format, strlen($a['body']), strlen($b['body']), $client->lastReport()['format']);
}

// 2. a Gemini read-back round trip, answered by the client
$server->clear();
$sha256 = array_key_first($store);
$server->script([['call' => ['name' => 'read_omitted', 'arguments' => ['sha256' => $sha256]]], ['text' => 'The final answer.']]);
$response = (new CompactingClient($symfony, $symfony, ['onOmit' => $onOmit], $lookup))->sendRequest($post($generate, $gemini));
echo 'the caller gets: ', json_encode(json_decode($response->getBody()->getContents(), true)['candidates'][0]['content']['parts']), "\n";
[$first, $second] = wire_bodies($server);
echo 'requests: ', count($server->requests()), '; the first offers ', json_encode(array_column(array_merge(...array_column($first['tools'] ?? [], 'functionDeclarations')), 'name')), "\n";
$part = end($second['contents'])['parts'][0]['functionResponse'] ?? null;
echo 'the second ends with a functionResponse of ', $part['name'] ?? '-', ' holding the stored bytes: ', var_export(($part['response']['output'] ?? null) === $store[$sha256], true), "\n";

// 3. a Gemini stream (alt=sse), read event by event
$server->clear();
$server->script([['text' => 'one two three four']]);
$response = (new CompactingClient($symfony, $symfony, ['onOmit' => $onOmit], $lookup))->sendRequest($post('/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse', $gemini));
$text = '';
$events = 0;
foreach (explode("\n\n", trim($response->getBody()->getContents())) as $event) {
    $events++;
    $text .= json_decode(substr($event, strlen('data: ')), true)['candidates'][0]['content']['parts'][0]['text'];
}
[$streamed] = wire_bodies($server);
echo "$events events: ", json_encode($text), '; tools ', json_encode(isset($streamed['tools'])), "\n";
?>
--EXPECTF--
openai-responses history: as toolcompact_compact() makes it
openai-responses other members: the same bytes
openai-responses: sent %d bytes, then %d; the report says openai-responses
gemini history: as toolcompact_compact() makes it
gemini other members: the same bytes
gemini: sent %d bytes, then %d; the report says gemini
the caller gets: [{"text":"The final answer."}]
requests: 2; the first offers ["read_omitted"]
the second ends with a functionResponse of read_omitted holding the stored bytes: true
4 events: "one two three four"; tools false
