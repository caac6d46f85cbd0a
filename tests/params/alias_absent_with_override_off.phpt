--TEST--
with toolcompact.override=0 the AdachSoft class name does not exist, the ToolCompact class does
--EXTENSIONS--
toolcompact
--INI--
toolcompact.override=0
--FILE--
<?php
var_dump(class_exists('AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams'));
var_dump(class_exists('ToolCompact\ToolCompactionStrategyParams'));
var_dump(function_exists('toolcompact_compact'));
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
