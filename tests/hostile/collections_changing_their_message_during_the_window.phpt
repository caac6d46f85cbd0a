--TEST--
a collection's getIterator() that changes the message holding it (grows its properties, replaces its role and its other list) while the window or the budget reads the history (maxMessages, maxTokensWindow, targetTokens): the lists are read as they were when the message was reached, nothing freed is read
--EXTENSIONS--
toolcompact
--FILE--
<?php
/* A list of items whose getIterator() runs $change on the message that holds it. */
final class HostileList implements IteratorAggregate
{
    public ?Closure $change = null;

    public function __construct(private array $items)
    {
    }

    public function getIterator(): Iterator
    {
        if ($this->change) {
            ($this->change)();
        }
        return new ArrayIterator($this->items);
    }
}

$call = fn () => (object) ['id' => 'c1', 'toolName' => 'read', 'arguments' => []];
$cases = [
    // the call list's getIterator() adds properties to its message, so its
    // property table moves while the message's toolResults is being read
    'grows its message' => function () use ($call) {
        $calls = new HostileList([$call()]);
        $message = (object) ['role' => 'assistant', 'content' => null, 'toolResults' => [], 'toolCalls' => $calls];
        $n = 0;
        $calls->change = function () use ($message, &$n) {
            for ($k = 0; $k < 64; $k++) {
                $message->{'grown' . $n++} = $k;
            }
        };
        return $message;
    },
    // the result list's getIterator() replaces its message's role and
    // toolCalls with equal values (the old ones freed)
    'replaces its role and calls' => function () use ($call) {
        $results = new HostileList([]);
        $message = (object) ['role' => 'assistant', 'content' => null, 'toolResults' => $results, 'toolCalls' => [$call()]];
        $results->change = function () use ($message, $call) {
            $message->role = implode('', ['assis', 'tant']);
            $message->toolCalls = [$call()];
        };
        return $message;
    },
];
// estimates (SPEC Part 3): 0 "hi" 1 token, 1 "[]" 1, 2 "r" and {"x":2} 1 + 2, 3 "next" 2: 7 in all
$limits = [
    // cut at 2 would part c1's call (1) from its result (2): it moves back to 1
    'maxMessages 2' => ['maxMessages' => 2],
    'maxTokensWindow 5' => ['maxTokensWindow' => 5],
    // cut at 3: 2 tokens kept
    'maxTokensWindow 2' => ['maxTokensWindow' => 2],
    // nothing to compact: the budget cannot be met, every message stays
    'targetTokens 1' => ['targetTokens' => 1],
];
foreach ($cases as $label => $make) {
    foreach ($limits as $name => $params) {
        $in = [
            (object) ['role' => 'user', 'content' => 'hi', 'toolCalls' => [], 'toolResults' => []],
            $make(),
            (object) ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => [(object) ['id' => 'c1', 'toolName' => 'read', 'result' => ['x' => 2]]]],
            (object) ['role' => 'user', 'content' => 'next', 'toolCalls' => [], 'toolResults' => []],
        ];
        $out = toolcompact_compact(new ArrayIterator($in), $params, $report);
        $kept = array_map(fn ($m) => array_search($m, $in, true), iterator_to_array($out, false));
        echo "$label, $name: kept ", implode(' ', $kept);
        if (isset($params['targetTokens'])) {
            echo ', targetMet ', var_export($report['targetMet'], true), "\n";
        } else {
            echo ', dropped ', $report['messagesDropped'], ', met ', var_export($report['windowMet'], true), "\n";
        }
    }
}
?>
--EXPECT--
grows its message, maxMessages 2: kept 1 2 3, dropped 1, met false
grows its message, maxTokensWindow 5: kept 1 2 3, dropped 1, met false
grows its message, maxTokensWindow 2: kept 3, dropped 3, met true
grows its message, targetTokens 1: kept 0 1 2 3, targetMet false
replaces its role and calls, maxMessages 2: kept 1 2 3, dropped 1, met false
replaces its role and calls, maxTokensWindow 5: kept 1 2 3, dropped 1, met false
replaces its role and calls, maxTokensWindow 2: kept 3, dropped 3, met true
replaces its role and calls, targetTokens 1: kept 0 1 2 3, targetMet false
