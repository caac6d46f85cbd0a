--TEST--
with toolcompact.override on (default) the AdachSoft class name is an alias of the same class
--EXTENSIONS--
toolcompact
--FILE--
<?php
var_dump((bool) ini_get('toolcompact.override'));
$alias = 'AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams';
var_dump(class_exists($alias));
var_dump((new ReflectionClass($alias))->getName());
var_dump(\AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams::STRATEGY_ID);
var_export(\AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams::resolve(['inputTrimBytes' => 5, 'excludedTools' => ['x', 1]]));
echo "\n";
?>
--EXPECT--
bool(true)
bool(true)
string(40) "ToolCompact\ToolCompactionStrategyParams"
string(15) "tool_compaction"
array (
  'inputTrimBytes' => 5,
  'outputTrimBytes' => 100,
  'excludedTools' => 
  array (
    0 => 'x',
  ),
  'toolIdentifierFields' => 
  array (
  ),
  'keepLatestPerGroup' => 1,
  'keepRecentMessages' => 0,
  'compactInputs' => true,
  'compactOutputs' => true,
  'trigger' => 
  array (
  ),
  'minSavedBytes' => 0,
  'tokenCounter' => NULL,
  'onOmit' => NULL,
  'format' => 'auto',
  'maxMessages' => NULL,
  'maxTokensWindow' => NULL,
  'keepSystem' => true,
  'keepFirstUser' => false,
  'summarize' => NULL,
  'targetTokens' => NULL,
  'previewBytes' => 0,
  'previewTail' => 0,
  'collapseWhitespace' => false,
  'keepRecentToolUses' => 0,
  'keepRecentTurns' => 0,
  'keepRecentTokens' => NULL,
  'contextWindow' => NULL,
  'keepThinkingTurns' => NULL,
  'placeholder' => NULL,
)
