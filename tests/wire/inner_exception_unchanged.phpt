--TEST--
CompactingClient: what the inner client throws (on the caller's request or on a read-back round) and what the lookup throws reach the caller unchanged, the very same object; the caller's request is not modified
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use Psr\Http\Client\NetworkExceptionInterface;
use Psr\Http\Message\RequestInterface;
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\Wire\FakeClient;
use function ToolCompact\Tests\Wire\{body, factory, json_response, openai_turn, request};

final class Offline extends RuntimeException implements NetworkExceptionInterface
{
    public function __construct(private RequestInterface $request)
    {
        parent::__construct('offline');
    }

    public function getRequest(): RequestInterface
    {
        return $this->request;
    }
}

$store = [];
$params = ['onOmit' => function (string $sha, string $json) use (&$store) { $store[$sha] = $json; }];
$lookup = function (string $sha) use (&$store) { return $store[$sha] ?? null; };
$text = body('openai');
toolcompact_compact_request($text, $params + ['format' => 'openai']);
$calling = fn () => json_response(openai_turn(['read_omitted' => ['sha256' => array_key_first($store)]]));

$cases = [
    'first request' => [fn (RequestInterface $r) => throw new Offline($r)],
    'read-back round' => [$calling(), fn (RequestInterface $r) => throw new Offline($r)],
];
foreach ($cases as $name => $queue) {
    $request = request('POST', 'https://api.openai.com/v1/chat/completions', $text);
    $inner = new FakeClient($queue);
    $client = new CompactingClient($inner, factory(), $params, $lookup);
    $thrown = null;
    try {
        $client->sendRequest($request);
    } catch (Throwable $e) {
        $thrown = $e;
    }
    printf("%s: %s, the inner client's own %s, caller's request unchanged %s\n", $name, get_class($thrown),
        var_export($thrown->getRequest() === end($inner->requests), true),
        var_export((string) $request->getBody() === $text && $request->getHeaderLine('Content-Length') === (string) strlen($text), true));
}

$failure = new DomainException('store down');
$client = new CompactingClient(new FakeClient([$calling()]), factory(), $params, fn () => throw $failure);
try {
    $client->sendRequest(request('POST', 'https://api.openai.com/v1/chat/completions', $text));
} catch (Throwable $e) {
    var_dump($e === $failure);
}
?>
--EXPECT--
first request: Offline, the inner client's own true, caller's request unchanged true
read-back round: Offline, the inner client's own true, caller's request unchanged true
bool(true)
