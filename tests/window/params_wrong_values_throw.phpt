--TEST--
Window, SPEC Part 6 parameters: wrong values of maxMessages, maxTokensWindow, keepSystem, keepFirstUser and summarize throw a TypeError or ValueError naming the option (SPEC Part 3 "Options of our own"); null is none for the limits and summarize; resolve() shows the valid ones; the report has the window's keys only when a limit is set
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;

set_error_handler(function (int $no, string $message): bool {
    echo "RAISED: $message\n";
    return true;
});
$windowKeys = ['messagesDropped', 'droppedFrom', 'droppedTo', 'windowMet', 'summaryUsed', 'summaryFailed'];
$h = [
    ['role' => 'system', 'content' => 's', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'user', 'content' => 'u1', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'assistant', 'content' => 'a1', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'user', 'content' => 'u2', 'toolCalls' => [], 'toolResults' => []],
];

function show(string $label, array $params): void
{
    global $h, $windowKeys;
    try {
        $resolved = P::resolve($params);
        $out = toolcompact_compact($h, $params, $report);
    } catch (\Throwable $e) {
        echo "$label: THROWN ", get_class($e), ': ', $e->getMessage(), "\n";
        return;
    }
    $window = array_intersect_key($resolved, array_flip(['maxMessages', 'maxTokensWindow', 'keepSystem', 'keepFirstUser', 'summarize']));
    $has = array_map(fn ($k) => array_key_exists($k, $report), $windowKeys);
    echo $label, ': ', json_encode($window), ' | out ', count($out), ' | window keys ',
        in_array(false, $has, true) ? (in_array(true, $has, true) ? 'SOME' : 'none') : 'all', "\n";
}

// the five keys come right after format, in this order (what follows them is not this test's)
$keys = array_keys(P::resolve([]));
echo implode(',', array_slice($keys, array_search('format', $keys, true), 6)), "\n";

echo "-- limits that are not an int >= 1 throw; null is none: nothing dropped, no window keys\n";
foreach (['maxMessages', 'maxTokensWindow'] as $key) {
    foreach (['0' => 0, '-3' => -3, '"5"' => '5', '2.5' => 2.5, '1.0' => 1.0, 'null' => null, 'true' => true, '[2]' => [2]] as $label => $value) {
        show("$key $label", [$key => $value]);
    }
}
echo "-- a valid limit\n";
// PHP_INT_MAX is an int >= 1: the keys are there, nothing is dropped
show('maxMessages PHP_INT_MAX', ['maxMessages' => PHP_INT_MAX]);
show('maxTokensWindow PHP_INT_MAX', ['maxTokensWindow' => PHP_INT_MAX]);
// a limit of 1: the system message 0 is pinned, 1 and 2 dropped, 0 and 3 kept
show('maxMessages 1', ['maxMessages' => 1]);
show('maxTokensWindow 1', ['maxTokensWindow' => 1]);
// an invalid limit beside a valid one
show('maxMessages 0 + tokens 1', ['maxMessages' => 0, 'maxTokensWindow' => 1]);

echo "-- keepSystem that is not a bool throws\n";
foreach (['"no"' => 'no', '0' => 0, 'null' => null, '""' => '', 'false' => false] as $label => $value) {
    show("keepSystem $label", ['maxMessages' => 1, 'keepSystem' => $value]);
}
echo "-- keepFirstUser that is not a bool throws\n";
foreach (['1' => 1, '"yes"' => 'yes', '"1"' => '1', 'true' => true] as $label => $value) {
    show("keepFirstUser $label", ['maxMessages' => 1, 'keepFirstUser' => $value]);
}
echo "-- a summarize that is not callable throws; null is none: a plain drop, no failure, no room counted\n";
foreach (['"no_such_function"' => 'no_such_function', '42' => 42, '[1, 2]' => [1, 2], 'null' => null] as $label => $value) {
    show("summarize $label", ['maxMessages' => 2, 'summarize' => $value]);
}
toolcompact_compact($h, ['maxMessages' => 2, 'summarize' => null], $report);
echo '  ', json_encode(array_intersect_key($report, array_flip($windowKeys))), "\n";

echo "-- a limit set but no format could be used: the keys, nothing dropped, not met\n";
$noFormat = [
    'notAList' => new stdClass(),
    'mixedFormats' => [['role' => 'user', 'content' => 'a', 'toolCalls' => []], ['role' => 'user', 'parts' => [['text' => 'b']]], ['role' => 'user', 'content' => 'c']],
    'formatUnknown' => [['content' => 'a'], ['role' => 'user', 'content' => 'b'], ['role' => 'user', 'content' => 'c']],
];
foreach ($noFormat as $reason => $history) {
    $out = toolcompact_compact($history, ['maxMessages' => 1], $report);
    echo "$reason: returned as it is ", var_export($out === $history, true), ' ', json_encode(array_intersect_key($report, array_flip($windowKeys))), "\n";
}
?>
--EXPECT--
format,maxMessages,maxTokensWindow,keepSystem,keepFirstUser,summarize
-- limits that are not an int >= 1 throw; null is none: nothing dropped, no window keys
maxMessages 0: THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be greater than 0
maxMessages -3: THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be greater than 0
maxMessages "5": THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be of type ?int, string given
maxMessages 2.5: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be of type ?int, float given
maxMessages 1.0: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be of type ?int, float given
maxMessages null: {"maxMessages":null,"maxTokensWindow":null,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 4 | window keys none
maxMessages true: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be of type ?int, bool given
maxMessages [2]: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be of type ?int, array given
maxTokensWindow 0: THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be greater than 0
maxTokensWindow -3: THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be greater than 0
maxTokensWindow "5": THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be of type ?int, string given
maxTokensWindow 2.5: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be of type ?int, float given
maxTokensWindow 1.0: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be of type ?int, float given
maxTokensWindow null: {"maxMessages":null,"maxTokensWindow":null,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 4 | window keys none
maxTokensWindow true: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be of type ?int, bool given
maxTokensWindow [2]: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxTokensWindow" must be of type ?int, array given
-- a valid limit
maxMessages PHP_INT_MAX: {"maxMessages":9223372036854775807,"maxTokensWindow":null,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 4 | window keys all
maxTokensWindow PHP_INT_MAX: {"maxMessages":null,"maxTokensWindow":9223372036854775807,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 4 | window keys all
maxMessages 1: {"maxMessages":1,"maxTokensWindow":null,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 2 | window keys all
maxTokensWindow 1: {"maxMessages":null,"maxTokensWindow":1,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 2 | window keys all
maxMessages 0 + tokens 1: THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "maxMessages" must be greater than 0
-- keepSystem that is not a bool throws
keepSystem "no": THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepSystem" must be of type bool, string given
keepSystem 0: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepSystem" must be of type bool, int given
keepSystem null: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepSystem" must be of type bool, null given
keepSystem "": THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepSystem" must be of type bool, string given
keepSystem false: {"maxMessages":1,"maxTokensWindow":null,"keepSystem":false,"keepFirstUser":false,"summarize":null} | out 1 | window keys all
-- keepFirstUser that is not a bool throws
keepFirstUser 1: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepFirstUser" must be of type bool, int given
keepFirstUser "yes": THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepFirstUser" must be of type bool, string given
keepFirstUser "1": THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "keepFirstUser" must be of type bool, string given
keepFirstUser true: {"maxMessages":1,"maxTokensWindow":null,"keepSystem":true,"keepFirstUser":true,"summarize":null} | out 3 | window keys all
-- a summarize that is not callable throws; null is none: a plain drop, no failure, no room counted
summarize "no_such_function": THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "summarize" must be a valid callback or null, function "no_such_function" not found or invalid function name
summarize 42: THROWN TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "summarize" must be of type ?callable, int given
summarize [1, 2]: THROWN ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "summarize" must be a valid callback or null, first array member is not a valid class name or object
summarize null: {"maxMessages":2,"maxTokensWindow":null,"keepSystem":true,"keepFirstUser":false,"summarize":null} | out 2 | window keys all
  {"messagesDropped":2,"droppedFrom":1,"droppedTo":2,"windowMet":true,"summaryUsed":false,"summaryFailed":false}
-- a limit set but no format could be used: the keys, nothing dropped, not met
notAList: returned as it is true {"messagesDropped":0,"droppedFrom":null,"droppedTo":null,"windowMet":false,"summaryUsed":false,"summaryFailed":false}
mixedFormats: returned as it is true {"messagesDropped":0,"droppedFrom":null,"droppedTo":null,"windowMet":false,"summaryUsed":false,"summaryFailed":false}
formatUnknown: returned as it is true {"messagesDropped":0,"droppedFrom":null,"droppedTo":null,"windowMet":false,"summaryUsed":false,"summaryFailed":false}
