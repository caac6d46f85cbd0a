--TEST--
Hostile: PHP references inside provider entries (to a payload, a whole entry, a list of calls or blocks) in every format - read through, never written through: the input and the referenced variables stay as they were, and the output is what the same history without references gives
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\{watched_compact, expect_output};
use function ToolCompact\Tests\Formats\sample_history;
use const ToolCompact\Tests\Formats\{FORMATS, SAMPLE_PARAMS};

$paths = [
    'openai' => [[1, 'tool_calls', 0, 'function', 'arguments'], [2, 'content'], [6], [5, 'tool_calls']],
    'openai-responses' => [[1, 'arguments'], [2, 'output'], [6], [5]],
    'anthropic' => [[1, 'content', 0, 'input'], [2, 'content', 0, 'content'], [6], [5, 'content']],
    'gemini' => [[1, 'parts', 0, 'functionCall', 'args'], [2, 'parts', 0, 'functionResponse', 'response'], [6], [5, 'parts']],
];
foreach (FORMATS as $f) {
    $plain = sample_history($f);
    $expected = toolcompact_compact($plain, SAMPLE_PARAMS);
    $h = sample_history($f);
    $held = [];
    foreach ($paths[$f] as $n => $path) {
        $slot = &$h;
        foreach ($path as $k) {
            $slot = &$slot[$k];
        }
        $held[$n] = &$slot;
        unset($slot);
    }
    $heldBefore = serialize(array_map(fn ($v) => $v, $held));
    echo "$f:\n";
    $out = watched_compact($h, SAMPLE_PARAMS);
    expect_output($out, $expected);
    echo 'compacted: ', var_export($out !== $plain, true), ', referenced values unchanged: ',
        var_export(serialize(array_map(fn ($v) => $v, $held)) === $heldBefore, true), "\n";
    // writing through a reference afterwards does not reach the output
    $held[1] = 'changed later';
    echo 'output independent of the references: ', var_export(serialize($out) === serialize($expected), true), "\n";
    unset($held, $h);
}
?>
--EXPECT--
openai:
output as expected
compacted: true, referenced values unchanged: true
output independent of the references: true
openai-responses:
output as expected
compacted: true, referenced values unchanged: true
output independent of the references: true
anthropic:
output as expected
compacted: true, referenced values unchanged: true
output independent of the references: true
gemini:
output as expected
compacted: true, referenced values unchanged: true
output independent of the references: true
