--TEST--
resolve([]) returns the defaults with keys in order
--EXTENSIONS--
toolcompact
--FILE--
<?php
var_export(ToolCompact\ToolCompactionStrategyParams::resolve([]));
echo "\n";
?>
--EXPECT--
array (
  'inputTrimBytes' => 100,
  'outputTrimBytes' => 100,
  'excludedTools' => 
  array (
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
