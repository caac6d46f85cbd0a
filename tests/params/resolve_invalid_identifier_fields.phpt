--TEST--
resolve(): toolIdentifierFields not an array becomes [], a tool whose list is not an array is dropped, non-string entries dropped, empty lists kept
--EXTENSIONS--
toolcompact
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;
var_export(P::resolve(['toolIdentifierFields' => 'read'])['toolIdentifierFields']); echo "\n";
var_export(P::resolve(['toolIdentifierFields' => null])['toolIdentifierFields']); echo "\n";
var_export(P::resolve(['toolIdentifierFields' => [
    'read' => 'path',
    'write' => ['path', 1, null, 'mode', ['x'], false],
    'list' => [],
    'grep' => null,
    'bash' => ['k' => 'cmd'],
]])['toolIdentifierFields']); echo "\n";
?>
--EXPECT--
array (
)
array (
)
array (
  'write' => 
  array (
    0 => 'path',
    1 => 'mode',
  ),
  'list' => 
  array (
  ),
  'bash' => 
  array (
    0 => 'cmd',
  ),
)
