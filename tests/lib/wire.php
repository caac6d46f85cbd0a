<?php

declare(strict_types=1);

/**
 * Doubles for the tests of ToolCompact\Http\CompactingClient (tests/wire/):
 * an inner PSR-18 client that records what it is sent and answers from a
 * queue, a body that can be read once only, and request bodies in each
 * provider format. Needs tests/sdk/vendor/autoload.php (psr/http-client,
 * nyholm/psr7) loaded first.
 */

namespace ToolCompact\Tests\Wire;

use Nyholm\Psr7\Factory\Psr17Factory;
use Nyholm\Psr7\Response;
use Psr\Http\Client\ClientInterface;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\StreamInterface;

require_once __DIR__ . '/build.php';
require_once __DIR__ . '/convert.php';

/** Records each request and answers with the next entry of its queue:
 * a response, a Throwable (thrown) or a callable (given the request). */
final class FakeClient implements ClientInterface
{
    /** @var list<RequestInterface> */
    public array $requests = [];

    public function __construct(private array $queue)
    {
    }

    public function sendRequest(RequestInterface $request): ResponseInterface
    {
        $this->requests[] = $request;
        $next = array_shift($this->queue) ?? throw new \LogicException('FakeClient: no answer left');
        if ($next instanceof \Throwable) {
            throw $next;
        }
        return is_callable($next) ? $next($request) : $next;
    }

    /** The bodies of the requests sent, in order. */
    public function bodies(): array
    {
        return array_map(fn (RequestInterface $r) => (string) $r->getBody(), $this->requests);
    }
}

/** A body read once, front to back (as a socket is); counts the reads. */
final class OnceStream implements StreamInterface
{
    public int $reads = 0;
    private int $at = 0;

    public function __construct(private string $bytes)
    {
    }

    public function __toString(): string
    {
        return $this->getContents();
    }

    public function close(): void
    {
    }

    public function detach()
    {
        return null;
    }

    public function getSize(): ?int
    {
        return null;
    }

    public function tell(): int
    {
        return $this->at;
    }

    public function eof(): bool
    {
        return $this->at >= strlen($this->bytes);
    }

    public function isSeekable(): bool
    {
        return false;
    }

    public function seek(int $offset, int $whence = SEEK_SET): void
    {
        throw new \RuntimeException('OnceStream: not seekable');
    }

    public function rewind(): void
    {
        $this->seek(0);
    }

    public function isWritable(): bool
    {
        return false;
    }

    public function write(string $string): int
    {
        throw new \RuntimeException('OnceStream: not writable');
    }

    public function isReadable(): bool
    {
        return true;
    }

    public function read(int $length): string
    {
        $this->reads++;
        $chunk = substr($this->bytes, $this->at, $length);
        $this->at += strlen($chunk);
        return $chunk;
    }

    public function getContents(): string
    {
        return $this->read(PHP_INT_MAX);
    }

    public function getMetadata(?string $key = null)
    {
        return $key === null ? [] : null;
    }
}

function factory(): Psr17Factory
{
    return new Psr17Factory();
}

/** A request of $method to $uri with $body. */
function request(string $method, string $uri, string $body = ''): RequestInterface
{
    $f = factory();
    return $f->createRequest($method, $uri)
        ->withHeader('Content-Type', 'application/json')
        ->withHeader('Content-Length', (string) strlen($body))
        ->withBody($f->createStream($body));
}

/** A 200 response with a JSON body (an array is encoded). */
function json_response(string|array $body, int $status = 200): ResponseInterface
{
    return new Response($status, ['Content-Type' => 'application/json'], is_array($body) ? json_encode($body) : $body);
}

/**
 * A conversation of two reads of the same file, each result 300 bytes: with
 * the default options the older result is omitted. In a provider format
 * (tests/lib/convert.php).
 */
function history(string $format): array
{
    $adachsoft = array_merge(
        [\ToolCompact\Tests\user('Read a.php twice.')],
        \ToolCompact\Tests\read_pair('call_1', 'a.php'),
        \ToolCompact\Tests\read_pair('call_2', 'a.php'),
    );
    return \ToolCompact\Tests\convert_history($adachsoft, $format);
}

/** A request body of $format holding history($format), and $extra members. */
function body(string $format, array $extra = []): string
{
    $key = ['openai' => 'messages', 'openai-responses' => 'input', 'anthropic' => 'messages', 'gemini' => 'contents'][$format];
    $model = $format === 'gemini' ? [] : ['model' => 'm'];
    return json_encode($model + [$key => history($format)] + $extra);
}

/** An OpenAI Chat Completions response whose turn calls $calls (name => arguments) or says $text. */
function openai_turn(array $calls = [], string $text = 'done'): array
{
    $message = ['role' => 'assistant', 'content' => $calls ? null : $text];
    $i = 0;
    foreach ($calls as $name => $arguments) {
        $message['tool_calls'][] = ['id' => 'rb_' . ++$i, 'type' => 'function',
            'function' => ['name' => $name, 'arguments' => json_encode($arguments)]];
    }
    return ['id' => 'chatcmpl-1', 'object' => 'chat.completion', 'model' => 'm',
        'choices' => [['index' => 0, 'message' => $message, 'finish_reason' => $calls ? 'tool_calls' : 'stop']]];
}

/** The names of the tools a request body offers, in every format's shape. */
function tool_names(string $body): array
{
    $names = [];
    foreach (json_decode($body, true)['tools'] ?? [] as $tool) {
        foreach ($tool['functionDeclarations'] ?? [$tool['function'] ?? $tool] as $declared) {
            $names[] = $declared['name'];
        }
    }
    return $names;
}
