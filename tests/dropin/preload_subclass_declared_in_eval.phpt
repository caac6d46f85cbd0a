--TEST--
drop-in with opcache preloading: a subclass of the Composer-named strategy declared by code a preloaded file eval()s is preloaded with its parent and usable in the request
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
opcache.preload={PWD}/preload_subclass_declared_in_eval.inc
opcache.preload_user=root
--FILE--
<?php
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy as Strategy;

$preloaded = opcache_get_status(false)['preload_statistics']['classes'] ?? [];
echo "preloaded: ", implode(', ', array_intersect(['App\SubStrategy', Strategy::class], $preloaded)), "\n";

$s = new App\SubStrategy();
var_dump(get_parent_class($s) === Strategy::class, $s instanceof ToolCompact\NativeStrategy);
echo $s->getId(), "\n";
$h = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 't', 'arguments' => ['x' => 'aaaaaaaaaa']]], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 't', 'arguments' => ['x' => 'bbbbbbbbbb']]], 'toolResults' => []],
];
$out = $s->compact($h, ['inputTrimBytes' => 5]);
echo $out[0]['toolCalls'][0]['arguments']['x'], ' ', $out[1]['toolCalls'][0]['arguments']['x'], "\n";
?>
--EXPECT--
preloaded: App\SubStrategy, AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy
bool(true)
bool(true)
tool_compaction
[omitted] bbbbbbbbbb
