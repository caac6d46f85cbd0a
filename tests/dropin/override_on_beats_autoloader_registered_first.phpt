--TEST--
drop-in: with toolcompact.override=On the extension answers the Composer class names before an autoloader registered first
--EXTENSIONS--
toolcompact
--INI--
toolcompact.override=1
--FILE--
<?php
require __DIR__ . '/userland_class.inc';
$s = new AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy();
var_dump($s instanceof ToolCompact\NativeStrategy, defined(get_class($s) . '::FROM'));
var_dump((new ReflectionClass('AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams'))->getName());
?>
--EXPECT--
bool(true)
bool(false)
string(40) "ToolCompact\ToolCompactionStrategyParams"
