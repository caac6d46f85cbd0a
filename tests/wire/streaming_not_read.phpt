--TEST--
CompactingClient: a streaming request ("stream": true at the top of the body, or :streamGenerateContent) goes out compacted without the read-back tool, and its response reaches the caller as the very same object, never read; "stream": false or a "stream" key inside a message is no stream
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
use function ToolCompact\Tests\Wire\{body, factory, json_response, openai_turn, request, tool_names};

$store = [];
$lookup = function (string $sha) use (&$store) { return $store[$sha] ?? null; };
$params = ['onOmit' => function (string $sha, string $json) use (&$store) { $store[$sha] = $json; }];
$sse = "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\ndata: [DONE]\n\n";

$cases = [
    'openai stream true' => ['openai', 'https://api.openai.com/v1/chat/completions', ['stream' => true]],
    'anthropic stream true' => ['anthropic', 'https://api.anthropic.com/v1/messages', ['stream' => true]],
    'gemini streamGenerateContent' => ['gemini', 'https://generativelanguage.googleapis.com/v1beta/models/g:streamGenerateContent?alt=sse', []],
    'openai stream false' => ['openai', 'https://api.openai.com/v1/chat/completions', ['stream' => false]],
];
foreach ($cases as $name => [$format, $uri, $extra]) {
    $text = body($format, $extra);
    $answer = (new Response(200, ['Content-Type' => 'text/event-stream']))->withBody(new OnceStream($sse));
    $inner = new FakeClient([$answer]);
    $client = new CompactingClient($inner, factory(), $params, $lookup);
    $response = $client->sendRequest(request('POST', $uri, $text));
    $sent = $inner->bodies()[0];
    $offered = in_array('read_omitted', tool_names($sent), true);
    $expected = toolcompact_compact_request($text, $params + ['format' => $format] + ($offered ? ['retrievalTool' => 'read_omitted'] : []));
    printf("%s: tool offered %s, as the native %s, same response %s, reads %d, rounds %d\n", $name, var_export($offered, true),
        var_export($sent === $expected && $sent !== $text, true), var_export($response === $answer, true),
        $answer->getBody()->reads, $client->lastReport()['readBackRounds']);
}

// (read for a read-back call, then rebuilt for the caller: readback_round_trip.phpt)

// "stream": true inside a message (a tool's arguments) is not the caller's stream
$history = json_decode(body('openai'), true);
$history['messages'][1]['tool_calls'][0]['function']['arguments'] = '{"path":"a.php","stream": true}';
$history['messages'][] = ['role' => 'user', 'content' => '{"stream": true}'];
$inner = new FakeClient([json_response(openai_turn([], 'ok'))]);
$client = new CompactingClient($inner, factory(), $params, $lookup);
$client->sendRequest(request('POST', 'https://api.openai.com/v1/chat/completions', json_encode($history)));
var_dump(tool_names($inner->bodies()[0]));
?>
--EXPECT--
openai stream true: tool offered false, as the native true, same response true, reads 0, rounds 0
anthropic stream true: tool offered false, as the native true, same response true, reads 0, rounds 0
gemini streamGenerateContent: tool offered false, as the native true, same response true, reads 0, rounds 0
openai stream false: tool offered true, as the native true, same response false, reads 1, rounds 0
array(1) {
  [0]=>
  string(12) "read_omitted"
}
