--TEST--
resolve() keeps valid values, re-indexes lists and orders keys; unknown keys are left out
--EXTENSIONS--
toolcompact
--FILE--
<?php
var_export(ToolCompact\ToolCompactionStrategyParams::resolve([
    'zzz' => 1,
    'toolIdentifierFields' => ['read' => ['b' => 'path', 'a' => 'length'], 'write' => ['path']],
    'excludedTools' => [5 => 'bash', 'x' => 'grep'],
    'outputTrimBytes' => 0,
    'inputTrimBytes' => 12345,
    'unknownKey' => 3,
]));
echo "\n";
?>
--EXPECT--
array (
  'inputTrimBytes' => 12345,
  'outputTrimBytes' => 0,
  'excludedTools' => 
  array (
    0 => 'bash',
    1 => 'grep',
  ),
  'toolIdentifierFields' => 
  array (
    'read' => 
    array (
      0 => 'path',
      1 => 'length',
    ),
    'write' => 
    array (
      0 => 'path',
    ),
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
