--TEST--
compactInputs as a list of tool names compacts only those tools' arguments, as Anthropic's clear_tool_inputs given a list of tool names does, in every format; true and false keep their meaning, an empty list is false
--DESCRIPTION--
Follows Anthropic's context editing API (BetaClearToolUses20250919Edit.clear_tool_inputs: "whether to
clear all tool inputs (bool) or specific tool inputs to clear (list)"): with a list, the results are
cleared as before and the inputs only of the tools named. Here with keep 2 tool uses.
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/peers.php';
use function ToolCompact\Tests\{peers_history, peers_omitted};

$history = peers_history([[['c1', 'bash'], ['c2', 'web_search'], ['c3', 'bash'], ['c4', 'web_search']]]);
$edit = ['keepLatestPerGroup' => 0, 'keepRecentToolUses' => 2];
foreach (['[bash]' => ['bash'], '[web_search, other]' => ['web_search', 'other'], '[]' => [], 'true' => true, 'false' => false] as $name => $inputs) {
    echo "clear_tool_inputs $name:\n", peers_omitted($history, ['compactInputs' => $inputs] + $edit), "\n";
}
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['compactInputs' => ['x' => 'bash', 'grep']])['compactInputs']);
?>
--EXPECT--
clear_tool_inputs [bash]:
every format: c1 input, c1 output, c2 output
clear_tool_inputs [web_search, other]:
every format: c1 output, c2 input, c2 output
clear_tool_inputs []:
every format: c1 output, c2 output
clear_tool_inputs true:
every format: c1 input, c1 output, c2 input, c2 output
clear_tool_inputs false:
every format: c1 output, c2 output
array(2) {
  [0]=>
  string(4) "bash"
  [1]=>
  string(4) "grep"
}
