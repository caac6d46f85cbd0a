--TEST--
the memo serves only the adachsoft format: the same history compacted in turn as adachsoft (formatMismatch: it has no adachsoft shape), openai and auto gives each format's own output, also for an entry that has both shapes
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\sample_history;
use const ToolCompact\Tests\Formats\SAMPLE_PARAMS;

$h = sample_history('openai');
$runs = [];
foreach (['adachsoft', 'openai', 'auto', 'adachsoft', 'openai'] as $format) {
    $out = toolcompact_compact($h, SAMPLE_PARAMS + ['format' => $format], $r);
    $runs[] = $out;
    printf("%-9s format=%s reason=%s unchanged=%s\n", $format, $r['format'], $r['reason'] ?? '-', var_export($out === $h, true));
}
echo 'openai runs agree: ', var_export($runs[1] === $runs[2] && $runs[2] === $runs[4], true), "\n";

// entries holding both shapes: the adachsoft fields and the openai ones
$x = str_repeat('x', 200);
$both = static fn (string $id, array $args) => ['role' => 'assistant', 'content' => null,
    'toolCalls' => [['id' => $id, 'toolName' => 't', 'arguments' => $args]], 'toolResults' => [],
    'tool_calls' => [['id' => $id, 'type' => 'function', 'function' => ['name' => 't', 'arguments' => $args === [] ? '{}' : json_encode($args)]]]];
$h = [$both('c1', ['a' => $x]), $both('c2', [])];
foreach (['auto', 'openai', 'auto', 'openai'] as $format) {
    $out = toolcompact_compact($h, ['format' => $format], $r);
    printf("%-6s format=%s toolCalls changed=%s tool_calls changed=%s\n", $format, $r['format'],
        var_export($out[0]['toolCalls'] !== $h[0]['toolCalls'], true), var_export($out[0]['tool_calls'] !== $h[0]['tool_calls'], true));
}
?>
--EXPECT--
adachsoft format= reason=formatMismatch unchanged=true
openai    format=openai reason=- unchanged=false
auto      format=openai reason=- unchanged=false
adachsoft format= reason=formatMismatch unchanged=true
openai    format=openai reason=- unchanged=false
openai runs agree: true
auto   format=adachsoft toolCalls changed=true tool_calls changed=false
openai format=openai toolCalls changed=false tool_calls changed=true
auto   format=adachsoft toolCalls changed=true tool_calls changed=false
openai format=openai toolCalls changed=false tool_calls changed=true
