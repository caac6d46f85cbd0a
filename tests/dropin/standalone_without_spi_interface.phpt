--TEST--
drop-in: when the SPI interface cannot be loaded the Composer class name is a standalone native strategy with getId() and compact()
--EXTENSIONS--
toolcompact
--FILE--
<?php
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy as Strategy;

$s = new Strategy();
var_dump($s instanceof ToolCompact\NativeStrategy, class_implements($s));
var_dump(interface_exists('AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface'));
echo $s->getId(), "\n";
$h = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 't', 'arguments' => ['x' => str_repeat('a', 20)]]], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 't', 'arguments' => ['x' => 'short']]], 'toolResults' => []],
];
var_dump($s->compact($h, ['inputTrimBytes' => 5]) === toolcompact_compact($h, ['inputTrimBytes' => 5]));
echo $s->compact($h, ['inputTrimBytes' => 5])[0]['toolCalls'][0]['arguments']['x'], "\n";
?>
--EXPECT--
bool(true)
array(1) {
  ["ToolCompact\NativeStrategy"]=>
  string(26) "ToolCompact\NativeStrategy"
}
bool(false)
tool_compaction
bool(true)
[omitted]
