--TEST--
keepLatestPerGroup 0 with keepRecentToolUses 3 clears by age across tools as Anthropic's clear_tool_uses_20250919 with keep {type: tool_uses, value: 3} does (and LangChain's ClearToolUsesEdit(keep=3)), in every format
--DESCRIPTION--
Follows Anthropic's context editing docs (platform.claude.com/docs/en/build-with-claude/context-editing):
"the API automatically clears the oldest tool results in chronological order"; keep: "how many recent
tool use/result pairs to keep" (default 3); "By default, only tool results are cleared"; clear_tool_inputs
true also clears the tool call parameters; exclude_tools: tools whose uses are never cleared. LangChain's
ClearToolUsesEdit mirrors it (keep=3 keeps the 3 most recent results; keep=0 clears every one).
toolcompact omits a payload's large fields (the "clearing"): compactInputs false is clear_tool_inputs false,
compactInputs true (the default) is clear_tool_inputs true. An old read_file call that is the only one of
its tool is cleared too: no group keeps it.
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/peers.php';
use function ToolCompact\Tests\{peers_history, peers_omitted};

// one turn of five tool uses, two tools, the oldest read_file alone of its tool
$history = peers_history([[['c1', 'read_file'], ['c2', 'web_search'], ['c3', 'web_search'], ['c4', 'bash'], ['c5', 'web_search']]]);
$anthropic = ['keepLatestPerGroup' => 0, 'keepRecentToolUses' => 3];

echo "keep 3, clear_tool_inputs false:\n", peers_omitted($history, $anthropic + ['compactInputs' => false]), "\n";
echo "keep 3, clear_tool_inputs true:\n", peers_omitted($history, $anthropic), "\n";
echo "keep 3, exclude_tools [read_file]:\n", peers_omitted($history, $anthropic + ['compactInputs' => false, 'excludedTools' => ['read_file']]), "\n";
echo "keep 0 (LangChain keep=0):\n", peers_omitted($history, ['keepLatestPerGroup' => 0, 'compactInputs' => false]), "\n";
echo "keep 5 of 5:\n", peers_omitted($history, ['keepRecentToolUses' => 5] + $anthropic), "\n";
// toolcompact's own default keeps the newest of each tool: c1 stays, as the only read_file
echo "default (newest per group):\n", peers_omitted($history, ['compactInputs' => false]), "\n";
// a call still waiting for its result counts as a tool use
$pending = array_slice($history, 0, -2);
echo "c5 pending, keep 3:\n", peers_omitted($pending, $anthropic + ['compactInputs' => false]), "\n";
?>
--EXPECT--
keep 3, clear_tool_inputs false:
every format: c1 output, c2 output
keep 3, clear_tool_inputs true:
every format: c1 input, c1 output, c2 input, c2 output
keep 3, exclude_tools [read_file]:
every format: c2 output
keep 0 (LangChain keep=0):
every format: c1 output, c2 output, c3 output, c4 output, c5 output
keep 5 of 5:
every format: -
default (newest per group):
every format: c2 output, c3 output
c5 pending, keep 3:
every format: c1 output, c2 output
