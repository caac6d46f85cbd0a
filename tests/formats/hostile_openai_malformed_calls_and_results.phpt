--TEST--
Hostile openai: tool_calls entries without function or with function not an array, arguments not JSON / JSON of a list or scalar / with duplicate keys / missing, ids and names that are not strings, non-array entries - each left as it is, tool messages whose tool_call_id matches no call compacted by their own size, fail-open (no warning, no exception, json_last_error() kept, input unmodified), the valid calls and results beside them compacted
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\{watched_compact, expect_output};
use function ToolCompact\Tests\Formats\{placeholder, omitted, payload_problems, media_placeholder};

$B = str_repeat('b', 400);
$fn = static fn (string $args) => ['name' => 'read', 'arguments' => $args];
$h = [
    'junk string',
    42,
    null,
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [
        ['id' => 'h1', 'type' => 'function'],
        ['id' => 'h2', 'type' => 'function', 'function' => 'read'],
        ['id' => 'h3', 'type' => 'function', 'function' => $fn('path=a.php&x=' . $B)],
        ['id' => 'h4', 'type' => 'function', 'function' => $fn('[' . json_encode($B) . ']')],
        ['id' => 'h5', 'type' => 'function', 'function' => $fn(json_encode($B))],
        ['id' => 'h6', 'type' => 'function', 'function' => $fn('{"big":"' . $B . '","big":"' . $B . '"}')],
        ['id' => 'h7', 'type' => 'function', 'function' => ['name' => 'read']],
        ['id' => 7, 'type' => 'function', 'function' => $fn('{"big":"' . $B . '"}')],
        ['id' => 'h9', 'type' => 'function', 'function' => ['name' => ['read'], 'arguments' => '{"big":"' . $B . '"}']],
        'not a call',
        ['id' => 'h10', 'type' => 'function', 'function' => (object) $fn('{"big":"' . $B . '"}')],
        ['id' => 'h11', 'type' => 'function', 'function' => $fn('{"big":"' . $B . '"')], // cut short
        ['id' => 'ok1', 'type' => 'function', 'function' => $fn('{"big":"' . $B . '"}')],
    ]],
    ['role' => 'tool', 'tool_call_id' => 'h1', 'content' => $B],
    ['role' => 'tool', 'tool_call_id' => 'h2', 'content' => $B],
    ['role' => 'tool', 'tool_call_id' => 'h3', 'content' => $B],
    ['role' => 'tool', 'tool_call_id' => 'nobody', 'content' => $B],
    ['role' => 'tool', 'tool_call_id' => 5, 'content' => $B],
    ['role' => 'tool', 'content' => $B],
    ['role' => 'tool', 'tool_call_id' => 'ok1', 'content' => [['type' => 'text', 'text' => $B],
        ['type' => 'image_url', 'image_url' => ['url' => 'data:image/png;base64,' . base64_encode($B)]], ['type' => 'text', 'text' => 123]]],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => 'read'],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'new', 'type' => 'function', 'function' => $fn('{}')]]],
    ['role' => 'tool', 'tool_call_id' => 'new', 'content' => 'small'],
];

$out = watched_compact($h, ['format' => 'openai']);
$auto = watched_compact($h);

$expected = $h;
$expected[3]['tool_calls'][12]['function']['arguments'] = '{"big":"[omitted]","_tool_compaction":'
    . json_encode(['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted($B)]]) . '}';
$expected[6]['content'] = placeholder($B);
$expected[10]['content'][0]['text'] = placeholder($B);
// results whose call is not in the history (h1 and h2 have no function
// array, nobody has none) are compacted by their own size (SPEC Part 4)
$expected[4]['content'] = $expected[5]['content'] = $expected[7]['content'] = placeholder($B);
$expected[10]['content'][1] = media_placeholder('openai', 'image/png', $h[10]['content'][1]);
expect_output($out, $expected);
echo 'auto the same: ', var_export($auto === $out, true), "\n";
// the arguments left as they were, not JSON texts of objects from the start
echo 'calls whose arguments are no JSON object: ', implode(' ', array_map(fn ($l) => explode(' ', $l)[1], payload_problems('openai', $out))), "\n";
?>
--EXPECT--
output as expected
auto the same: true
calls whose arguments are no JSON object: 'h3' 'h4' 'h5' 'h7' 'h11'
