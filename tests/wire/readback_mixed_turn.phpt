--TEST--
CompactingClient: a turn that calls the read-back tool (named by $params' retrievalTool) and another tool is answered by the client: the next request carries the turn reduced to its read-back calls and one answer each (the stored bytes, or a not-found text for an unknown sha256), the other call is dropped (the model asks again); the caller gets the next response
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\Wire\FakeClient;
use function ToolCompact\Tests\Wire\{body, factory, json_response, openai_turn, request, tool_names};

$store = [];
$lookup = function (string $sha) use (&$store) { return $store[$sha] ?? null; };
$params = ['retrievalTool' => 'fetch_original', 'onOmit' => function (string $sha, string $json) use (&$store) { $store[$sha] = $json; }];
$text = body('openai');
toolcompact_compact_request($text, $params + ['format' => 'openai']);
$sha = array_key_first($store);
$turn = openai_turn(['fetch_original' => ['sha256' => $sha]]);
$turn['choices'][0]['message']['tool_calls'][] = ['id' => 'rb_2', 'type' => 'function', 'function' => ['name' => 'bash', 'arguments' => '{"cmd":"ls"}']];
$turn['choices'][0]['message']['tool_calls'][] = ['id' => 'rb_3', 'type' => 'function', 'function' => ['name' => 'fetch_original', 'arguments' => json_encode(['sha256' => str_repeat('0', 64)])]];
$first = json_encode($turn);
$last = json_response(openai_turn([], 'done'));

$inner = new FakeClient([json_response($first), $last]);
$client = new CompactingClient($inner, factory(), $params, $lookup);
$response = $client->sendRequest(request('POST', 'https://api.openai.com/v1/chat/completions', $text));
$bodies = $inner->bodies();
echo count($bodies), " requests, tools offered: ", implode(', ', tool_names($bodies[0])), "\n";
$expectedParams = $params + ['format' => 'openai'];
var_dump($bodies[1] === toolcompact_compact_request(toolcompact_readback_next($text, $first, $lookup, 'fetch_original'), $expectedParams));

$messages = json_decode($bodies[1], true)['messages'];
$tail = array_slice($messages, count(json_decode($text, true)['messages']));
foreach ($tail as $m) {
    echo $m['role'], ': ';
    if (isset($m['tool_calls'])) {
        echo implode(', ', array_map(fn ($c) => $c['id'] . ' ' . $c['function']['name'], $m['tool_calls'])), "\n";
    } else {
        echo $m['tool_call_id'], ' ', $m['content'] === $store[$sha] ? 'the stored bytes' : 'not the stored bytes', "\n";
    }
}
var_dump($response === $last, $client->lastReport()['readBackRounds']);
?>
--EXPECT--
2 requests, tools offered: fetch_original
bool(true)
assistant: rb_1 fetch_original, rb_3 fetch_original
tool: rb_1 the stored bytes
tool: rb_3 not the stored bytes
bool(true)
int(1)
