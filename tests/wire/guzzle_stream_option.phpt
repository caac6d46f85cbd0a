--TEST--
CompactingClient over Guzzle: a streaming request is sent with send() and the options stream, http_errors false and allow_redirects false, so that the first events arrive before the whole answer; any other request goes through PSR-18 sendRequest(); streamHandler() compacts and sends through the inner client, or through the callable it is given (openai-php/client's withStreamHandler())
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (!class_exists('GuzzleHttp\Client')) die('skip guzzlehttp/guzzle is missing from tests/sdk/vendor');
?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use GuzzleHttp\Handler\MockHandler;
use GuzzleHttp\HandlerStack;
use Psr\Http\Message\RequestInterface;
use ToolCompact\Http\CompactingClient;
use function ToolCompact\Tests\Wire\{body, factory, json_response, openai_turn, request};

$mock = new MockHandler();
$guzzle = new GuzzleHttp\Client(['handler' => HandlerStack::create($mock)]);
$client = new CompactingClient($guzzle, factory());
$uri = 'https://api.openai.com/v1/chat/completions';
$options = function () use ($mock) {
    $options = array_intersect_key($mock->getLastOptions(), ['stream' => 1, 'http_errors' => 1, 'allow_redirects' => 1]);
    ksort($options);
    return $options;
};

$text = body('openai', ['stream' => true]);
$mock->append(json_response('data: [DONE]'));
$response = $client->sendRequest(request('POST', $uri, $text));
echo "stream: ", json_encode($options()), "\n";
var_dump((string) $mock->getLastRequest()->getBody() === toolcompact_compact_request($text, ['format' => 'openai']));

$mock->append(json_response(openai_turn()));
$client->sendRequest(request('POST', $uri, body('openai')));
echo "no stream: ", json_encode($options()), "\n";

// streamHandler(): the same compaction, then the inner client's stream send
$handler = $client->streamHandler();
var_dump($handler instanceof Closure);
$mock->append(json_response('data: [DONE]'));
$handler(request('POST', $uri, $text));
echo "handler: ", json_encode($options()), "\n";
var_dump((string) $mock->getLastRequest()->getBody() === toolcompact_compact_request($text, ['format' => 'openai']));

// streamHandler($send): through $send, the inner client untouched
$seen = [];
$handler = $client->streamHandler(function (RequestInterface $request) use (&$seen) {
    $seen[] = (string) $request->getBody();
    return json_response('data: [DONE]');
});
$response = $handler(request('POST', $uri, $text));
var_dump(count($seen), $seen[0] === toolcompact_compact_request($text, ['format' => 'openai']), (string) $response->getBody(), $client->lastReport()['applied']);
// the handler openai-php/client asks for
if (class_exists('OpenAI')) {
    var_dump(OpenAI::factory()->withHttpClient($client)->withStreamHandler($client->streamHandler()) instanceof OpenAI\Factory);
} else {
    var_dump(true);
}
?>
--EXPECT--
stream: {"allow_redirects":false,"http_errors":false,"stream":true}
bool(true)
no stream: {"allow_redirects":false,"http_errors":false}
bool(true)
handler: {"allow_redirects":false,"http_errors":false,"stream":true}
bool(true)
int(1)
bool(true)
string(12) "data: [DONE]"
bool(true)
bool(true)
