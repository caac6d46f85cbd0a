--TEST--
CompactingClient: at most 4 read-back rounds per request: a model that keeps calling read_omitted gets 1 + 4 requests, and the fifth response reaches the caller as it is, unread; a response other than 200 is never read
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use Nyholm\Psr7\Response;
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\Wire\{FakeClient, OnceStream};
use function ToolCompact\Tests\Wire\{body, factory, json_response, openai_turn, request};

$store = [];
$lookup = function (string $sha) use (&$store) { return $store[$sha] ?? null; };
$params = ['onOmit' => function (string $sha, string $json) use (&$store) { $store[$sha] = $json; }];
$text = body('openai');
toolcompact_compact_request($text, $params + ['format' => 'openai']);
$calling = json_encode(openai_turn(['read_omitted' => ['sha256' => array_key_first($store)]]));

var_dump(ToolCompact\Http\CompactingClient::READ_BACK_ROUNDS);
$fifth = (new Response(200))->withBody(new OnceStream($calling));
$inner = new FakeClient([json_response($calling), json_response($calling), json_response($calling), json_response($calling), $fifth, json_response('{}')]);
$client = new CompactingClient($inner, factory(), $params, $lookup);
$response = $client->sendRequest(request('POST', 'https://api.openai.com/v1/chat/completions', $text));
echo count($inner->requests), " requests\n";
var_dump($response === $fifth, $fifth->getBody()->reads, $client->lastReport()['readBackRounds']);
// each request holds one more read-back exchange than the one before
$counts = array_map(fn ($b) => count(json_decode($b, true)['messages']), $inner->bodies());
echo implode(' ', $counts), "\n";

foreach ([429, 500, 201] as $status) {
    $answer = (new Response($status))->withBody(new OnceStream($calling));
    $inner = new FakeClient([$answer]);
    $client = new CompactingClient($inner, factory(), $params, $lookup);
    $response = $client->sendRequest(request('POST', 'https://api.openai.com/v1/chat/completions', $text));
    echo $status, ': ', count($inner->requests), ' request, same response ', var_export($response === $answer, true),
        ', reads ', $answer->getBody()->reads, ', rounds ', $client->lastReport()['readBackRounds'], "\n";
}
?>
--EXPECT--
int(4)
5 requests
bool(true)
int(0)
int(4)
5 7 9 11 13
429: 1 request, same response true, reads 0, rounds 0
500: 1 request, same response true, reads 0, rounds 0
201: 1 request, same response true, reads 0, rounds 0
