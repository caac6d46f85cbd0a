--TEST--
drop-in with opcache preloading: a preloaded subclass of the Composer-named strategy, made while preloading with the SPI interface autoloadable, is usable in the request: it implements the interface, and its methods give the id and the compacted DTO history
--EXTENSIONS--
toolcompact
opcache
--SKIPIF--
<?php
if (!extension_loaded('Zend OPcache')) die('skip opcache cannot be loaded');
if (PHP_OS_FAMILY === 'Windows') die('skip opcache preloading is not supported on Windows');
// valgrind reports PHP's own preload_load() (ZendAccelerator.c) on the debug build
if (PHP_DEBUG && getenv('USE_ZEND_ALLOC') === '0') die('skip opcache preloading under valgrind on a debug build');
?>
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.preload={PWD}/preload_subclass_with_spi_interface.inc
opcache.preload_user=root
--FILE--
<?php
use AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface;
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy as Strategy;

$preloaded = opcache_get_status(false)['preload_statistics']['classes'] ?? [];
echo "preloaded: ", implode(', ', array_intersect(['App\SubStrategy', Strategy::class, ConversationContextStrategyInterface::class], $preloaded)), "\n";

$s = new App\SubStrategy();
var_dump(get_parent_class($s) === Strategy::class, $s instanceof ConversationContextStrategyInterface, $s instanceof ToolCompact\NativeStrategy);
echo $s->getId(), "\n";

// This request's autoloader, for the DTO doubles (spi_autoload() itself was preloaded).
spi_autoload();
$big = str_repeat('x', 50);
$history = spi_from_arrays([
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 'ls', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 'ls', 'result' => ['out' => $big]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 'ls', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'b', 'toolName' => 'ls', 'result' => ['out' => $big]]]],
]);
$out = $s->apply($history, ['outputTrimBytes' => 10]);
var_dump(get_class($out));
$in = iterator_to_array($history);
$messages = iterator_to_array($out);
$arrays = spi_to_arrays($out);
// the older result of the group is compacted, its tool message says so
echo $arrays[1]['content'], "\n";
var_dump($arrays[1]['toolResults'][0]['result'] === ['out' => '[omitted]', '_tool_compaction' => [
    'thresholdBytes' => 10,
    'omittedFields' => ['out' => ['bytes' => 50, 'sha256' => hash('sha256', json_encode($big))]],
]]);
// the rest is unchanged: the very same message objects
var_dump($messages[0] === $in[0], $messages[2] === $in[2], $messages[3] === $in[3]);
// the default threshold (100 bytes) leaves a 50-byte result alone
var_dump(spi_to_arrays($s->apply($history, [])) === spi_to_arrays($history));
?>
--EXPECT--
preloaded: App\SubStrategy, AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy, AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface
bool(true)
bool(true)
bool(true)
tool_compaction
string(71) "AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDtoCollection"
[tool_compaction] Tool result compacted for tool=ls, callId=a. Large fields omitted.
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
