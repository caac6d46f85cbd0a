--TEST--
wrong argument types throw TypeError (the history is an array or a collection object), wrong argument counts ArgumentCountError
--EXTENSIONS--
toolcompact
--FILE--
<?php
$calls = [
    'messages string' => fn() => toolcompact_compact('history'),
    'messages null' => fn() => toolcompact_compact(null),
    'messages int' => fn() => toolcompact_compact(42),
    'messages collection' => fn() => toolcompact_compact($empty = new ArrayObject([])) === $empty ? 'same' : 'other',
    'strategy compact string' => fn() => (new ToolCompact\ToolCompactionConversationContextStrategy())->compact('x'),
    'params string' => fn() => toolcompact_compact([], 'inputTrimBytes=5'),
    'params int' => fn() => toolcompact_compact([], 5),
    'no args' => fn() => toolcompact_compact(),
    'too many args' => fn() => toolcompact_compact([], [], $r, 1),
    'resolve string' => fn() => ToolCompact\ToolCompactionStrategyParams::resolve('x'),
    'resolve no args' => fn() => ToolCompact\ToolCompactionStrategyParams::resolve(),
];
foreach ($calls as $label => $f) {
    try {
        $r = $f();
        echo "$label: no exception", is_string($r) ? " ($r)" : '', "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
messages string: TypeError: toolcompact_compact(): Argument #1 ($messages) must be of type object|array, string given
messages null: TypeError: toolcompact_compact(): Argument #1 ($messages) must be of type object|array, null given
messages int: TypeError: toolcompact_compact(): Argument #1 ($messages) must be of type object|array, int given
messages collection: no exception (same)
strategy compact string: TypeError: ToolCompact\ToolCompactionConversationContextStrategy::compact(): Argument #1 ($history) must be of type object|array, string given
params string: TypeError: toolcompact_compact(): Argument #2 ($params) must be of type array, string given
params int: TypeError: toolcompact_compact(): Argument #2 ($params) must be of type array, int given
no args: ArgumentCountError: toolcompact_compact() expects at least 1 argument, 0 given
too many args: ArgumentCountError: toolcompact_compact() expects at most 3 arguments, 4 given
resolve string: TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Argument #1 ($params) must be of type array, string given
resolve no args: ArgumentCountError: ToolCompact\ToolCompactionStrategyParams::resolve() expects exactly 1 argument, 0 given
