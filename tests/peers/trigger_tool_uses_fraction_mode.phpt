--TEST--
trigger toolUses, fraction of contextWindow and mode all: Anthropic's clear_tool_uses trigger {type: tool_uses} and {type: input_tokens}, LangChain's trigger {fraction} of the model's context window, and conditions that must all hold, in every format
--DESCRIPTION--
Follows Anthropic's context editing docs (trigger: when clearing activates, by input tokens or by tool uses;
default 100,000 input tokens) and LangChain's context editing / summarization middleware (a trigger
{fraction: f} is reached at f times the model's maximum input tokens). toolcompact's contextWindow is
that maximum; a fraction is reached when the estimate is at least fraction x contextWindow. With mode
all every entry set must be reached (any: one is enough, as before). The history holds 5 tool uses and
estimates 791 tokens in every format (SPEC "The estimate"); the edit is keep 3 tool uses, outputs only.
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/peers.php';
use function ToolCompact\Tests\{peers_history, peers_omitted};

$history = peers_history([[['c1', 'read_file'], ['c2', 'web_search'], ['c3', 'web_search'], ['c4', 'bash'], ['c5', 'web_search']]]);
$edit = ['keepLatestPerGroup' => 0, 'keepRecentToolUses' => 3, 'compactInputs' => false];
toolcompact_compact($history, [], $report);
echo "estimate: {$report['tokensBefore']}\n";
foreach ([
    'tool_uses 5' => ['trigger' => ['toolUses' => 5]],
    'tool_uses 6' => ['trigger' => ['toolUses' => 6]],
    'fraction 0.5 of 1582' => ['trigger' => ['fraction' => 0.5], 'contextWindow' => 1582],
    'fraction 0.5 of 1583' => ['trigger' => ['fraction' => 0.5], 'contextWindow' => 1583],
    'fraction 1 of 791' => ['trigger' => ['fraction' => 1], 'contextWindow' => 791],
    'all: tool_uses 5, tokens 792' => ['trigger' => ['toolUses' => 5, 'tokens' => 792, 'mode' => 'all']],
    'all: tool_uses 5, tokens 791' => ['trigger' => ['toolUses' => 5, 'tokens' => 791, 'mode' => 'all']],
    'all: tool_uses 6, fraction 0.1 of 1000' => ['trigger' => ['toolUses' => 6, 'fraction' => 0.1, 'mode' => 'all'], 'contextWindow' => 1000],
    'any: tool_uses 6, tokens 791' => ['trigger' => ['toolUses' => 6, 'tokens' => 791, 'mode' => 'any']],
    'any: messages 100, fraction 0.9 of 1000' => ['trigger' => ['messages' => 100, 'fraction' => 0.9], 'contextWindow' => 1000],
] as $name => $trigger) {
    echo "$name:\n", peers_omitted($history, $trigger + $edit), "\n";
}
// the report says why it did not apply
toolcompact_compact($history, ['trigger' => ['toolUses' => 5, 'turns' => 2, 'mode' => 'all']] + $edit, $report);
var_dump($report['triggered'], $report['reason']);
?>
--EXPECT--
estimate: 791
tool_uses 5:
every format: c1 output, c2 output
tool_uses 6:
every format: -
fraction 0.5 of 1582:
every format: c1 output, c2 output
fraction 0.5 of 1583:
every format: -
fraction 1 of 791:
every format: c1 output, c2 output
all: tool_uses 5, tokens 792:
every format: -
all: tool_uses 5, tokens 791:
every format: c1 output, c2 output
all: tool_uses 6, fraction 0.1 of 1000:
every format: -
any: tool_uses 6, tokens 791:
every format: c1 output, c2 output
any: messages 100, fraction 0.9 of 1000:
every format: -
bool(false)
string(7) "trigger"
