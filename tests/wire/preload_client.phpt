--TEST--
CompactingClient with opcache preloading: made while a preload script uses it, the class is preloaded with the PSR-18 interface, and a request uses it to compact
--EXTENSIONS--
toolcompact
opcache
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
if (!extension_loaded('Zend OPcache')) die('skip opcache cannot be loaded');
if (PHP_OS_FAMILY === 'Windows') die('skip opcache preloading is not supported on Windows');
// valgrind reports PHP's own preload_load() (ZendAccelerator.c) on the debug build
if (PHP_DEBUG && getenv('USE_ZEND_ALLOC') === '0') die('skip opcache preloading under valgrind on a debug build');
?>
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.preload={PWD}/preload_client.inc
opcache.preload_user=root
--FILE--
<?php
$preloaded = opcache_get_status(false)['preload_statistics']['classes'] ?? [];
echo "preloaded: ", implode(', ', array_intersect(['ToolCompact\Http\CompactingClient', 'Psr\Http\Client\ClientInterface'], $preloaded)), "\n";

require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\Wire\FakeClient;
use function ToolCompact\Tests\Wire\{body, factory, json_response, request};

$inner = new FakeClient([json_response('{}')]);
$client = new CompactingClient($inner, factory());
$text = body('openai');
$client->sendRequest(request('POST', 'https://api.openai.com/v1/chat/completions', $text));
var_dump($inner->bodies()[0] === toolcompact_compact_request($text, ['format' => 'openai']), $client->lastReport()['format']);
?>
--EXPECT--
preloaded: ToolCompact\Http\CompactingClient, Psr\Http\Client\ClientInterface
bool(true)
string(6) "openai"
