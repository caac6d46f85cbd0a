--TEST--
drop-in with opcache preloading: a preloaded subclass of the Composer-named strategy, made while preloading with no SPI interface to load, is usable in the request as the standalone strategy: getId() and compact()
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
opcache.preload={PWD}/preload_subclass.inc
opcache.preload_user=root
--FILE--
<?php
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy as Strategy;

$preloaded = opcache_get_status(false)['preload_statistics']['classes'] ?? [];
echo "preloaded: ", implode(', ', array_intersect(['App\SubStrategy', Strategy::class], $preloaded)), "\n";
var_dump(interface_exists('AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface'));

$s = new App\SubStrategy();
var_dump(get_parent_class($s) === Strategy::class, class_implements($s));
echo $s->getId(), "\n";

$long = str_repeat('a', 20);
$h = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 't', 'arguments' => ['x' => $long]]], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 't', 'arguments' => ['x' => 'short']]], 'toolResults' => []],
];
$out = $s->compact($h, ['inputTrimBytes' => 5]);
// the older call of the group is compacted, the newest stays as it was
var_dump($out[0]['toolCalls'][0]['arguments'] === ['x' => '[omitted]', '_tool_compaction' => [
    'thresholdBytes' => 5,
    'omittedFields' => ['x' => ['bytes' => 20, 'sha256' => hash('sha256', json_encode($long))]],
]]);
var_dump($out[1] === $h[1]);
// the default threshold (100 bytes) leaves a 20-byte argument alone
var_dump($s->compact($h) === $h);
?>
--EXPECT--
preloaded: App\SubStrategy, AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy
bool(false)
bool(true)
array(1) {
  ["ToolCompact\NativeStrategy"]=>
  string(26) "ToolCompact\NativeStrategy"
}
tool_compaction
bool(true)
bool(true)
bool(true)
