--TEST--
wrong argument types throw TypeError, wrong argument counts ArgumentCountError
--EXTENSIONS--
toolcompact
--FILE--
<?php
$calls = [
    'messages string' => fn() => toolcompact_compact('history'),
    'messages null' => fn() => toolcompact_compact(null),
    'messages object' => fn() => toolcompact_compact(new ArrayObject([])),
    'params string' => fn() => toolcompact_compact([], 'inputTrimBytes=5'),
    'params int' => fn() => toolcompact_compact([], 5),
    'no args' => fn() => toolcompact_compact(),
    'too many args' => fn() => toolcompact_compact([], [], []),
    'resolve string' => fn() => ToolCompact\ToolCompactionStrategyParams::resolve('x'),
    'resolve no args' => fn() => ToolCompact\ToolCompactionStrategyParams::resolve(),
];
foreach ($calls as $label => $f) {
    try {
        $f();
        echo "$label: no exception\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
messages string: TypeError: toolcompact_compact(): Argument #1 ($messages) must be of type array, string given
messages null: TypeError: toolcompact_compact(): Argument #1 ($messages) must be of type array, null given
messages object: TypeError: toolcompact_compact(): Argument #1 ($messages) must be of type array, ArrayObject given
params string: TypeError: toolcompact_compact(): Argument #2 ($params) must be of type array, string given
params int: TypeError: toolcompact_compact(): Argument #2 ($params) must be of type array, int given
no args: ArgumentCountError: toolcompact_compact() expects at least 1 argument, 0 given
too many args: ArgumentCountError: toolcompact_compact() expects at most 2 arguments, 3 given
resolve string: TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Argument #1 ($params) must be of type array, string given
resolve no args: ArgumentCountError: ToolCompact\ToolCompactionStrategyParams::resolve() expects exactly 1 argument, 0 given
