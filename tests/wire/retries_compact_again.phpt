--TEST--
CompactingClient: the same request sent again (an SDK's retry) is compacted again: onOmit receives the same payload each time, the bodies are the same bytes; lastReport() is the last request's (null after a request passed on)
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
use function ToolCompact\Tests\Wire\{body, factory, json_response, request};

$omitted = [];
$params = ['onOmit' => function (string $sha, string $json) use (&$omitted) { $omitted[] = $sha; }];
$inner = new FakeClient([json_response('{}', 529), json_response('{}', 529), json_response('{}'), json_response('{}')]);
$client = new CompactingClient($inner, factory(), $params);
var_dump($client->lastReport());
$request = request('POST', 'https://api.anthropic.com/v1/messages', body('anthropic'));
for ($i = 0; $i < 3; $i++) {
    $client->sendRequest($request);
}
$bodies = $inner->bodies();
var_dump(count($omitted), count(array_unique($omitted)), count(array_unique($bodies)), $bodies[0] !== (string) $request->getBody());
echo $client->lastReport()['format'], "\n";
$client->sendRequest(request('GET', 'https://api.anthropic.com/v1/models'));
var_dump($client->lastReport());
?>
--EXPECT--
NULL
int(3)
int(1)
int(1)
bool(true)
anthropic
NULL
