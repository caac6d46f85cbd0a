--TEST--
CompactingClient with a lookup: the request offers read_omitted; a 200 response whose turn calls it with the sha256 of an omitted payload is answered by the client (the next request is toolcompact_readback_next()'s body compacted, the answer the stored bytes), and the caller gets the second response, readable from the start (a seekable body rewound, a body read once rebuilt); OpenAI Chat and Anthropic Messages
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

$cases = [
    'openai' => ['https://api.openai.com/v1/chat/completions',
        fn ($sha) => openai_turn(['read_omitted' => ['sha256' => $sha]]),
        openai_turn([], 'a.php holds x'),
        fn (array $next) => $next['messages'][count($next['messages']) - 1]['content']],
    'anthropic' => ['https://api.anthropic.com/v1/messages',
        fn ($sha) => ['id' => 'msg_1', 'type' => 'message', 'role' => 'assistant', 'model' => 'm', 'stop_reason' => 'tool_use',
            'content' => [['type' => 'tool_use', 'id' => 'toolu_rb', 'name' => 'read_omitted', 'input' => ['sha256' => $sha]]]],
        ['id' => 'msg_2', 'type' => 'message', 'role' => 'assistant', 'model' => 'm', 'stop_reason' => 'end_turn',
            'content' => [['type' => 'text', 'text' => 'a.php holds x']]],
        function (array $next) {
            $result = $next['messages'][count($next['messages']) - 1]['content'][0];
            $content = $result['content'];
            return is_string($content) ? $content : implode('', array_column($content, 'text'));
        }],
];
foreach ($cases as $format => [$uri, $calling, $final, $answer]) {
    foreach (['seekable', 'read once'] as $kind) {
        $store = [];
        $text = body($format);
        toolcompact_compact_request($text, $params + ['format' => $format]);
        $sha = array_key_first($store);
        $first = json_encode($calling($sha));
        $second = json_encode($final);
        if ($kind === 'seekable') {
            $last = json_response($second);
            $last->getBody()->getContents(); // left at its end by the inner client
        } else {
            $last = (new Response(200, ['X-Id' => '2']))->withBody(new OnceStream($second));
        }
        $inner = new FakeClient([json_response($first), $last]);
        $client = new CompactingClient($inner, factory(), $params, $lookup);
        $request = request('POST', $uri, $text);
        $response = $client->sendRequest($request);

        $expectedParams = $params + ['format' => $format, 'retrievalTool' => 'read_omitted'];
        $next = toolcompact_readback_next($text, $first, $lookup, 'read_omitted');
        $bodies = $inner->bodies();
        echo "$format, $kind: ", count($bodies), " requests\n";
        var_dump(
            $bodies[0] === toolcompact_compact_request($text, $expectedParams),
            in_array('read_omitted', tool_names($bodies[0]), true),
            $next !== null && $bodies[1] === toolcompact_compact_request($next, $expectedParams),
            $inner->requests[1]->getHeaderLine('Content-Length') === (string) strlen($bodies[1]),
            $answer(json_decode($bodies[1], true)) === $store[$sha],
            $response->getStatusCode() === 200 && $response->getBody()->getContents() === $second,
            $kind === 'seekable' ? $response === $last : $response->getHeaderLine('X-Id') === '2',
            $client->lastReport()['readBackRounds'],
            (string) $request->getBody() === $text,
        );
    }
}
?>
--EXPECT--
openai, seekable: 2 requests
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
openai, read once: 2 requests
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
anthropic, seekable: 2 requests
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
anthropic, read once: 2 requests
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
