--TEST--
CompactingClient: a request that is not a POST to an LLM endpoint with a readable body is passed on as the very same object (GET, other paths, a body read once), and lastReport() is null; a POST to an endpoint whose body is not JSON, or whose compaction changes nothing, is the same object too, with the native's report
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\Wire\{FakeClient, OnceStream};
use function ToolCompact\Tests\Wire\{body, factory, json_response, request};

$body = body('openai');
$requests = [
    'GET chat/completions' => request('GET', 'https://api.openai.com/v1/chat/completions', $body),
    'POST embeddings' => request('POST', 'https://api.openai.com/v1/embeddings', $body),
    'POST chat/completions/x' => request('POST', 'https://api.openai.com/v1/chat/completions/x', $body),
    'POST messages/batches' => request('POST', 'https://api.anthropic.com/v1/messages/batches', $body),
    'POST body read once' => request('POST', 'https://api.openai.com/v1/chat/completions')->withBody(new OnceStream($body)),
];
$inner = new FakeClient(array_fill(0, 7, json_response(['ok' => true])));
$client = new CompactingClient($inner, factory(), [], fn () => null);
foreach ($requests as $name => $request) {
    $response = $client->sendRequest($request);
    printf("%s: same %s, report %s\n", $name, var_export(end($inner->requests) === $request, true), var_export($client->lastReport(), true));
}
var_dump($requests['POST body read once']->getBody()->reads);

// an endpoint, but nothing to compact: the same object, the native's report
foreach (['not JSON' => 'model=m&messages=x', 'nothing omitted' => json_encode(['model' => 'm', 'messages' => [['role' => 'user', 'content' => 'hi']]])] as $name => $text) {
    $request = request('POST', 'https://api.openai.com/v1/chat/completions', $text);
    $client->sendRequest($request);
    $expected = null;
    toolcompact_compact_request($text, ['format' => 'openai', 'retrievalTool' => 'read_omitted'], $expected);
    printf("%s: same %s, report is the native's %s\n", $name, var_export(end($inner->requests) === $request, true),
        var_export($client->lastReport() === $expected + ['readBackRounds' => 0], true));
}
?>
--EXPECT--
GET chat/completions: same true, report NULL
POST embeddings: same true, report NULL
POST chat/completions/x: same true, report NULL
POST messages/batches: same true, report NULL
POST body read once: same true, report NULL
int(0)
not JSON: same true, report is the native's true
nothing omitted: same true, report is the native's true
