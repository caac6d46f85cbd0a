--TEST--
drop-in: with toolcompact.override=Off the Composer class names belong to userland; the native classes stay reachable under their own names
--EXTENSIONS--
toolcompact
--INI--
toolcompact.override=0
--FILE--
<?php
require __DIR__ . '/userland_class.inc';
$s = new AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy();
var_dump($s instanceof ToolCompact\NativeStrategy, $s::FROM);
echo AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams::FROM, "\n";
$native = new ToolCompact\ToolCompactionConversationContextStrategy();
var_dump($native instanceof ToolCompact\NativeStrategy, $native->getId());
?>
--EXPECT--
bool(false)
string(8) "userland"
userland
bool(true)
string(15) "tool_compaction"
