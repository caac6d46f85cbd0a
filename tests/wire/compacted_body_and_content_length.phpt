--TEST--
CompactingClient: a POST to each LLM endpoint goes out with toolcompact_compact_request()'s body for the endpoint's format (which wins over $params' format) and a Content-Length of its length, other headers, method and URI kept; with Transfer-Encoding no Content-Length is added; the caller's request is not modified (its body keeps its bytes and position)
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

$endpoints = [
    'https://api.openai.com/v1/chat/completions' => 'openai',
    'https://example.openai.azure.com/openai/deployments/d/chat/completions?api-version=2024-10-21' => 'openai',
    'https://api.openai.com/v1/responses' => 'openai-responses',
    'https://api.openai.com/v1/responses/input_tokens' => 'openai-responses',
    'https://api.anthropic.com/v1/messages' => 'anthropic',
    'https://api.anthropic.com/v1/messages/count_tokens' => 'anthropic',
    'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent' => 'gemini',
    'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash%3AgenerateContent' => 'gemini',
    'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:countTokens' => 'gemini',
];
$params = ['format' => 'gemini', 'outputTrimBytes' => 200];
$inner = new FakeClient(array_fill(0, count($endpoints), json_response(['ok' => true])));
$client = new CompactingClient($inner, factory(), $params);
foreach ($endpoints as $uri => $format) {
    $text = body($format, ['max_tokens' => 1.0, 'metadata' => new stdClass()]);
    $request = request('POST', $uri, $text)->withHeader('X-Trace', 'abc');
    $request->getBody()->seek(3);
    $client->sendRequest($request);
    $sent = end($inner->requests);
    $expected = toolcompact_compact_request($text, ['format' => $format] + $params, $report);
    printf("%s %s: compacted %s, as the native %s, Content-Length %s, kept %s, report %s, caller's request %s\n",
        $format, parse_url($uri, PHP_URL_PATH),
        var_export($expected !== $text, true),
        var_export((string) $sent->getBody() === $expected, true),
        var_export($sent->getHeaderLine('Content-Length') === (string) strlen($expected), true),
        var_export($sent->getMethod() === 'POST' && (string) $sent->getUri() === $uri && $sent->getHeaderLine('X-Trace') === 'abc'
            && $sent->getHeaderLine('Content-Type') === 'application/json', true),
        var_export($client->lastReport() === $report + ['readBackRounds' => 0], true),
        var_export($request->getBody()->tell() === 3 && (string) $request->getBody() === $text
            && $request->getHeaderLine('Content-Length') === (string) strlen($text), true));
}

// chunked: the body's length is left to the transfer
$text = body('openai');
$request = request('POST', 'https://api.openai.com/v1/chat/completions', $text)
    ->withoutHeader('Content-Length')->withHeader('Transfer-Encoding', 'chunked');
$inner = new FakeClient([json_response(['ok' => true])]);
(new CompactingClient($inner, factory()))->sendRequest($request);
$sent = $inner->requests[0];
var_dump((string) $sent->getBody() === toolcompact_compact_request($text, ['format' => 'openai']), $sent->hasHeader('Content-Length'), $sent->getHeaderLine('Transfer-Encoding'));
?>
--EXPECT--
openai /v1/chat/completions: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
openai /openai/deployments/d/chat/completions: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
openai-responses /v1/responses: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
openai-responses /v1/responses/input_tokens: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
anthropic /v1/messages: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
anthropic /v1/messages/count_tokens: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
gemini /v1beta/models/gemini-2.0-flash:generateContent: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
gemini /v1beta/models/gemini-2.0-flash%3AgenerateContent: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
gemini /v1beta/models/gemini-2.0-flash:countTokens: compacted true, as the native true, Content-Length true, kept true, report true, caller's request true
bool(true)
bool(false)
string(7) "chunked"
