--TEST--
placeholder: not a string or null is a TypeError, an empty string, a {name} other than {tool}, {bytes} and {sha256}, or one named twice is a ValueError, from toolcompact_compact(), resolve() and toolcompact_restore()'s $params (whose other keys are ignored); null is the default, and braces that name nothing are literal text
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('x', 500);
$h = [
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'bash', 'arguments' => '{}']]]],
    ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => $big],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c2', 'type' => 'function', 'function' => ['name' => 'bash', 'arguments' => '{}']]]],
    ['role' => 'tool', 'tool_call_id' => 'c2', 'content' => 'ok'],
];
$lookup = fn (string $sha): ?string => null;
foreach ([1, 2.5, false, ['{sha256}'], '', '{}', '{name}', '{Tool}', '{tool}{bytes}{tool}', '{sha256} {sha256}'] as $wrong) {
    foreach ([
        'compact' => fn () => toolcompact_compact($h, ['placeholder' => $wrong]),
        'resolve' => fn () => ToolCompact\ToolCompactionStrategyParams::resolve(['placeholder' => $wrong]),
        'restore' => fn () => toolcompact_restore($h, $lookup, ['placeholder' => $wrong]),
    ] as $name => $call) {
        try {
            $call();
            echo "$name: no error\n";
        } catch (TypeError|ValueError $e) {
            echo "$name: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
// null and the fine ones
foreach ([null, '{ tool } {bytes', '{"omitted":"{tool}"} {sha256}'] as $fine) {
    $out = toolcompact_compact($h, ['outputTrimBytes' => 10, 'placeholder' => $fine]);
    echo var_export($fine, true), ' => ', str_replace(hash('sha256', json_encode($big)), 'H', $out[1]['content']), "\n";
    var_dump(toolcompact_restore($h, $lookup, ['placeholder' => $fine, 'other' => new stdClass()]) === $h);
}
?>
--EXPECTF--
compact: TypeError: toolcompact_compact(): Option "placeholder" must be of type ?string, int given
resolve: TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must be of type ?string, int given
restore: TypeError: toolcompact_restore(): Option "placeholder" must be of type ?string, int given
compact: TypeError: toolcompact_compact(): Option "placeholder" must be of type ?string, float given
resolve: TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must be of type ?string, float given
restore: TypeError: toolcompact_restore(): Option "placeholder" must be of type ?string, float given
compact: TypeError: toolcompact_compact(): Option "placeholder" must be of type ?string, bool given
resolve: TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must be of type ?string, bool given
restore: TypeError: toolcompact_restore(): Option "placeholder" must be of type ?string, bool given
compact: TypeError: toolcompact_compact(): Option "placeholder" must be of type ?string, array given
resolve: TypeError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must be of type ?string, array given
restore: TypeError: toolcompact_restore(): Option "placeholder" must be of type ?string, array given
compact: ValueError: toolcompact_compact(): Option "placeholder" must not be empty
resolve: ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must not be empty
restore: ValueError: toolcompact_restore(): Option "placeholder" must not be empty
compact: ValueError: toolcompact_compact(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
resolve: ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
restore: ValueError: toolcompact_restore(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
compact: ValueError: toolcompact_compact(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
resolve: ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
restore: ValueError: toolcompact_restore(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
compact: ValueError: toolcompact_compact(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
resolve: ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
restore: ValueError: toolcompact_restore(): Option "placeholder" must name only {tool}, {bytes} and {sha256}
compact: ValueError: toolcompact_compact(): Option "placeholder" must name each of {tool}, {bytes} and {sha256} at most once
resolve: ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must name each of {tool}, {bytes} and {sha256} at most once
restore: ValueError: toolcompact_restore(): Option "placeholder" must name each of {tool}, {bytes} and {sha256} at most once
compact: ValueError: toolcompact_compact(): Option "placeholder" must name each of {tool}, {bytes} and {sha256} at most once
resolve: ValueError: ToolCompact\ToolCompactionStrategyParams::resolve(): Option "placeholder" must name each of {tool}, {bytes} and {sha256} at most once
restore: ValueError: toolcompact_restore(): Option "placeholder" must name each of {tool}, {bytes} and {sha256} at most once
NULL => [omitted] 500 bytes, sha256=H
bool(true)
'{ tool } {bytes' => { tool } {bytes
bool(true)
'{"omitted":"{tool}"} {sha256}' => {"omitted":"bash"} H
bool(true)
