--TEST--
resolve(), SPEC Part 2 keys: valid values kept; null where the default is none gives the default; the options left out give their defaults (wrong values throw: tests/options/wrong_options_throw.phpt)
--EXTENSIONS--
toolcompact
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;

$part2 = fn (array $r) => array_slice($r, 4);
$counter = fn (string $json): int => 1;
var_export($part2(P::resolve([
    P::KEEP_LATEST_PER_GROUP => 3, P::KEEP_RECENT_MESSAGES => 10, P::COMPACT_INPUTS => false,
    P::COMPACT_OUTPUTS => true, P::TRIGGER => ['turns' => 5, 'tokens' => 0, 'messages' => 7],
    P::MIN_SAVED_BYTES => 2048, P::TOKEN_COUNTER => 'strlen',
])));
echo "\n";
var_export($part2(P::resolve([
    'tokenCounter' => null, 'onOmit' => null, 'trigger' => null,
])));
echo "\n";
$r = P::resolve(['tokenCounter' => $counter, 'onOmit' => $counter, 'trigger' => null, 'keepLatestPerGroup' => 1]);
var_dump($r['tokenCounter'] === $counter, $r['onOmit'] === $counter, $r['trigger'], $r['keepLatestPerGroup']);
?>
--EXPECT--
array (
  'keepLatestPerGroup' => 3,
  'keepRecentMessages' => 10,
  'compactInputs' => false,
  'compactOutputs' => true,
  'trigger' => 
  array (
    'tokens' => 0,
    'messages' => 7,
    'turns' => 5,
  ),
  'minSavedBytes' => 2048,
  'tokenCounter' => 'strlen',
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
array (
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
bool(true)
bool(true)
array(0) {
}
int(1)
