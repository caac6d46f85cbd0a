--TEST--
resolve(): excludedTools not an array becomes [], non-string entries are dropped and the list re-indexed
--EXTENSIONS--
toolcompact
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;
var_export(P::resolve(['excludedTools' => 'bash'])['excludedTools']); echo "\n";
var_export(P::resolve(['excludedTools' => null])['excludedTools']); echo "\n";
var_export(P::resolve(['excludedTools' => 7])['excludedTools']); echo "\n";
var_export(P::resolve(['excludedTools' => [1, 'bash', null, true, ['grep'], 'ls', 2.5, new stdClass]])['excludedTools']); echo "\n";
?>
--EXPECT--
array (
)
array (
)
array (
)
array (
  0 => 'bash',
  1 => 'ls',
)
