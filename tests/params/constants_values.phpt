--TEST--
ToolCompactionStrategyParams constants have the documented values
--EXTENSIONS--
toolcompact
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;
var_dump(P::STRATEGY_ID, P::INPUT_TRIM_BYTES, P::OUTPUT_TRIM_BYTES, P::EXCLUDED_TOOLS,
    P::TOOL_IDENTIFIER_FIELDS, P::DEFAULT_INPUT_TRIM_BYTES, P::DEFAULT_OUTPUT_TRIM_BYTES,
    P::META_KEY, P::OMITTED, P::FORMAT);
$r = new ReflectionClass(P::class);
var_dump($r->isFinal());
?>
--EXPECT--
string(15) "tool_compaction"
string(14) "inputTrimBytes"
string(15) "outputTrimBytes"
string(13) "excludedTools"
string(20) "toolIdentifierFields"
int(100)
int(100)
string(16) "_tool_compaction"
string(9) "[omitted]"
string(6) "format"
bool(true)
