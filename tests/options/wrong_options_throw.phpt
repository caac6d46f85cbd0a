--TEST--
Options of our own with a wrong type or value throw a TypeError or ValueError naming the key, before any work, from every entry point (SPEC Part 3 "Options of our own")
--EXTENSIONS--
toolcompact
--INI--
toolcompact.override=On
--FILE--
<?php
function h(): array
{
    $big = str_repeat('x', 500);
    $call = fn (string $id) => ['role' => 'assistant', 'content' => null, 'toolResults' => [],
        'toolCalls' => [['id' => $id, 'toolName' => 'bash', 'arguments' => ['command' => $big]]]];
    return [$call('a'), $call('b')];
}

$wrong = [
    'keepLatestPerGroup' => ['2', -1, 2.0, null],
    'keepRecentMessages' => [-1, '1', true],
    'compactInputs' => [0, 'no', null, ['bash', 5], [null]],
    'compactOutputs' => [1],
    'trigger' => ['tokens', ['tokens' => '100'], ['tokens' => -1], ['unknown' => 1], [5], ['turns' => null],
        ['toolUses' => -1], ['toolUses' => '3'], ['fraction' => 0.5], ['fraction' => 0], ['fraction' => 1.5],
        ['fraction' => '0.5'], ['fraction' => NAN], ['mode' => 'both'], ['mode' => 1]],
    'minSavedBytes' => [-5, '10'],
    'tokenCounter' => [5, 'no_such_function_anywhere', new stdClass()],
    'onOmit' => ['typo_fn', ['NoSuchClass', 'method'], false],
    'format' => ['bogus', '', 1, null],
    'maxMessages' => ['6', 0, -1, 6.0],
    'maxTokensWindow' => [0, [1]],
    'keepSystem' => ['false', null],
    'keepFirstUser' => [1],
    'summarize' => [5, 'typo_fn'],
    'targetTokens' => [0, '100'],
    'previewBytes' => [-1, '10'],
    'previewTail' => [-1],
    'collapseWhitespace' => ['yes'],
    'keepRecentToolUses' => [-1, '3', 3.0],
    'keepRecentTurns' => [-1, true],
    'keepRecentTokens' => [0, '100'],
    'contextWindow' => [0, 1.5],
    'retrievalTool' => [5, [], '', '1st', 'a b', str_repeat('a', 65)],
];
$strategy = new ToolCompact\ToolCompactionConversationContextStrategy();
foreach ($wrong as $key => $values) {
    foreach ($values as $value) {
        $called = false;
        $params = [$key => $value, 'onOmit' => $key === 'onOmit' ? $value : function () use (&$called) { $called = true; }];
        $messages = [];
        foreach ([
            fn () => toolcompact_compact(h(), $params, $report),
            fn () => $strategy->compact(h(), $params),
            fn () => ToolCompact\ToolCompactionStrategyParams::resolve($params),
            fn () => toolcompact_compact_request('{"messages":[]}', $params, $report),
        ] as $call) {
            $report = 'untouched';
            try {
                $call();
                $messages[] = 'no exception';
            } catch (TypeError|ValueError $e) {
                $messages[] = get_class($e) . ': ' . $e->getMessage();
            }
        }
        echo $messages[0], "\n";
        $same = preg_replace('/^(\w+): .*?\(\): /', '$1: ', $messages);
        if ($same[1] !== $same[0] || $same[2] !== $same[0] || $same[3] !== $same[0]) {
            echo "  differs: {$messages[1]} | {$messages[2]} | {$messages[3]}\n";
        }
        if ($called || $report !== 'untouched') {
            echo "  work was done\n";
        }
    }
}

// each names the function called
foreach ([fn () => $strategy->compact(h(), ['maxMessages' => '6']),
    fn () => ToolCompact\ToolCompactionStrategyParams::resolve(['maxMessages' => '6'])] as $call) {
    try {
        $call();
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
}

// the Composer-named strategy (no application interface here: the standalone one)
try {
    (new AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy())->compact(h(), ['maxMessages' => '6']);
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

// an option of ours named twice the wrong way: the first call throws, and so does the next
// (nothing wrong is kept between calls), and a right one after it works
foreach ([['maxMessages' => '6'], ['maxMessages' => '6'], ['maxMessages' => 6], ['maxMessages' => '6']] as $params) {
    try {
        $out = toolcompact_compact(h(), $params);
        echo "ok, ", count($out), " messages\n";
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
}

// what is accepted: null wherever the default is none, every format name, valid values;
// resolve()'s output is accepted as it is
$fine = ['keepLatestPerGroup' => 1, 'keepRecentMessages' => 0, 'compactInputs' => false, 'compactOutputs' => true,
    'trigger' => ['tokens' => 0, 'messages' => 1, 'turns' => 2], 'minSavedBytes' => 0, 'tokenCounter' => null,
    'onOmit' => 'strlen', 'format' => 'auto', 'maxMessages' => null, 'maxTokensWindow' => 1, 'keepSystem' => false,
    'keepFirstUser' => true, 'summarize' => null, 'targetTokens' => null, 'previewBytes' => 0, 'previewTail' => 3,
    'collapseWhitespace' => false, 'keepRecentToolUses' => 3, 'keepRecentTurns' => 0, 'keepRecentTokens' => null,
    'contextWindow' => 1000, 'retrievalTool' => 'read_omitted'];
$resolved = ToolCompact\ToolCompactionStrategyParams::resolve($fine);
var_dump($resolved === ToolCompact\ToolCompactionStrategyParams::resolve($resolved));
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['trigger' => null])['trigger'] === []);
// the options of issue 71: keepLatestPerGroup 0, a list for compactInputs, every trigger entry
$peers = ['keepLatestPerGroup' => 0, 'compactInputs' => ['bash', 'x' => 'grep'], 'contextWindow' => 200000,
    'trigger' => ['tokens' => 1, 'messages' => 2, 'turns' => 3, 'toolUses' => 4, 'fraction' => 1, 'mode' => 'all']];
$resolved = ToolCompact\ToolCompactionStrategyParams::resolve($peers);
var_dump($resolved === ToolCompact\ToolCompactionStrategyParams::resolve($resolved));
echo json_encode([$resolved['keepLatestPerGroup'], $resolved['compactInputs'], $resolved['trigger']]), "\n";
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['compactInputs' => []])['compactInputs']);
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['trigger' => ['mode' => 'all']])['trigger']);
foreach (['auto', 'adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
    toolcompact_compact(h(), ['format' => $format]);
}
// the Composer package's four and unknown keys stay lenient
var_dump(count(toolcompact_compact(h(), ['inputTrimBytes' => '5', 'outputTrimBytes' => -1, 'excludedTools' => 'bash',
    'toolIdentifierFields' => 7, 'maxmessages' => 'x', 'unknown' => new stdClass()])));
?>
--EXPECT--
TypeError: toolcompact_compact(): Option "keepLatestPerGroup" must be of type int, string given
ValueError: toolcompact_compact(): Option "keepLatestPerGroup" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "keepLatestPerGroup" must be of type int, float given
TypeError: toolcompact_compact(): Option "keepLatestPerGroup" must be of type int, null given
ValueError: toolcompact_compact(): Option "keepRecentMessages" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "keepRecentMessages" must be of type int, string given
TypeError: toolcompact_compact(): Option "keepRecentMessages" must be of type int, bool given
TypeError: toolcompact_compact(): Option "compactInputs" must be of type array|bool, int given
TypeError: toolcompact_compact(): Option "compactInputs" must be of type array|bool, string given
TypeError: toolcompact_compact(): Option "compactInputs" must be of type array|bool, null given
TypeError: toolcompact_compact(): Option "compactInputs" must be a list of tool names (strings), int given
TypeError: toolcompact_compact(): Option "compactInputs" must be a list of tool names (strings), null given
TypeError: toolcompact_compact(): Option "compactOutputs" must be of type bool, int given
TypeError: toolcompact_compact(): Option "trigger" must be of type ?array, string given
TypeError: toolcompact_compact(): Option "trigger.tokens" must be of type int, string given
ValueError: toolcompact_compact(): Option "trigger.tokens" must be greater than or equal to 0
ValueError: toolcompact_compact(): Option "trigger" must have only the keys "tokens", "messages", "turns", "toolUses", "fraction" and "mode", "unknown" given
ValueError: toolcompact_compact(): Option "trigger" must have only the keys "tokens", "messages", "turns", "toolUses", "fraction" and "mode", 0 given
TypeError: toolcompact_compact(): Option "trigger.turns" must be of type int, null given
ValueError: toolcompact_compact(): Option "trigger.toolUses" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "trigger.toolUses" must be of type int, string given
ValueError: toolcompact_compact(): Option "trigger.fraction" must be used with the option "contextWindow"
ValueError: toolcompact_compact(): Option "trigger.fraction" must be greater than 0 and less than or equal to 1
ValueError: toolcompact_compact(): Option "trigger.fraction" must be greater than 0 and less than or equal to 1
TypeError: toolcompact_compact(): Option "trigger.fraction" must be of type float, string given
ValueError: toolcompact_compact(): Option "trigger.fraction" must be greater than 0 and less than or equal to 1
ValueError: toolcompact_compact(): Option "trigger.mode" must be "any" or "all"
TypeError: toolcompact_compact(): Option "trigger.mode" must be of type string, int given
ValueError: toolcompact_compact(): Option "minSavedBytes" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "minSavedBytes" must be of type int, string given
TypeError: toolcompact_compact(): Option "tokenCounter" must be of type ?callable, int given
ValueError: toolcompact_compact(): Option "tokenCounter" must be a valid callback or null, function "no_such_function_anywhere" not found or invalid function name
TypeError: toolcompact_compact(): Option "tokenCounter" must be of type ?callable, stdClass given
ValueError: toolcompact_compact(): Option "onOmit" must be a valid callback or null, function "typo_fn" not found or invalid function name
ValueError: toolcompact_compact(): Option "onOmit" must be a valid callback or null, class "NoSuchClass" not found
TypeError: toolcompact_compact(): Option "onOmit" must be of type ?callable, bool given
ValueError: toolcompact_compact(): Option "format" must be "auto", "adachsoft", "openai", "openai-responses", "anthropic" or "gemini"
ValueError: toolcompact_compact(): Option "format" must be "auto", "adachsoft", "openai", "openai-responses", "anthropic" or "gemini"
TypeError: toolcompact_compact(): Option "format" must be of type string, int given
TypeError: toolcompact_compact(): Option "format" must be of type string, null given
TypeError: toolcompact_compact(): Option "maxMessages" must be of type ?int, string given
ValueError: toolcompact_compact(): Option "maxMessages" must be greater than 0
ValueError: toolcompact_compact(): Option "maxMessages" must be greater than 0
TypeError: toolcompact_compact(): Option "maxMessages" must be of type ?int, float given
ValueError: toolcompact_compact(): Option "maxTokensWindow" must be greater than 0
TypeError: toolcompact_compact(): Option "maxTokensWindow" must be of type ?int, array given
TypeError: toolcompact_compact(): Option "keepSystem" must be of type bool, string given
TypeError: toolcompact_compact(): Option "keepSystem" must be of type bool, null given
TypeError: toolcompact_compact(): Option "keepFirstUser" must be of type bool, int given
TypeError: toolcompact_compact(): Option "summarize" must be of type ?callable, int given
ValueError: toolcompact_compact(): Option "summarize" must be a valid callback or null, function "typo_fn" not found or invalid function name
ValueError: toolcompact_compact(): Option "targetTokens" must be greater than 0
TypeError: toolcompact_compact(): Option "targetTokens" must be of type ?int, string given
ValueError: toolcompact_compact(): Option "previewBytes" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "previewBytes" must be of type int, string given
ValueError: toolcompact_compact(): Option "previewTail" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "collapseWhitespace" must be of type bool, string given
ValueError: toolcompact_compact(): Option "keepRecentToolUses" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "keepRecentToolUses" must be of type int, string given
TypeError: toolcompact_compact(): Option "keepRecentToolUses" must be of type int, float given
ValueError: toolcompact_compact(): Option "keepRecentTurns" must be greater than or equal to 0
TypeError: toolcompact_compact(): Option "keepRecentTurns" must be of type int, bool given
ValueError: toolcompact_compact(): Option "keepRecentTokens" must be greater than 0
TypeError: toolcompact_compact(): Option "keepRecentTokens" must be of type ?int, string given
ValueError: toolcompact_compact(): Option "contextWindow" must be greater than 0
TypeError: toolcompact_compact(): Option "contextWindow" must be of type ?int, float given
TypeError: toolcompact_compact(): Option "retrievalTool" must be of type ?string, int given
TypeError: toolcompact_compact(): Option "retrievalTool" must be of type ?string, array given
ValueError: toolcompact_compact(): Option "retrievalTool" must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_compact(): Option "retrievalTool" must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_compact(): Option "retrievalTool" must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_compact(): Option "retrievalTool" must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ToolCompact\ToolCompactionConversationContextStrategy::compact(): Option "maxMessages" must be of type ?int, string given
ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be of type ?int, string given
TypeError: toolcompact_compact(): Option "maxMessages" must be of type ?int, string given
toolcompact_compact(): Option "maxMessages" must be of type ?int, string given
toolcompact_compact(): Option "maxMessages" must be of type ?int, string given
ok, 2 messages
toolcompact_compact(): Option "maxMessages" must be of type ?int, string given
bool(true)
bool(true)
bool(true)
[0,["bash","grep"],{"tokens":1,"messages":2,"turns":3,"toolUses":4,"fraction":1,"mode":"all"}]
bool(false)
array(0) {
}
int(2)
