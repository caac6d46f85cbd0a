--TEST--
toolIdentifierFields: valid config splits groups; non-array config, non-array tool list and empty list mean one group per tool; non-string entries skipped
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$h = [
    asst([call('c1', 'read', ['path' => 'a.php', 'body' => str_repeat('x', 20)])]),
    tool([res('c1', 'read', ['out' => str_repeat('y', 20)])], 'r1'),
    asst([call('c2', 'read', ['path' => 'b.php', 'body' => 'short'])]),
    tool([res('c2', 'read', ['out' => 'short'])], 'r2'),
];
$base = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10];
$configs = [
    'valid' => ['read' => ['path']],
    'with non-string entries' => ['read' => [0, null, 'path', true]],
    'not an array' => 'read',
    'tool list not an array' => ['read' => 'path'],
    'empty list' => ['read' => []],
    'other tool only' => ['write' => ['path']],
];
foreach ($configs as $label => $cfg) {
    $out = toolcompact_compact($h, $base + ['toolIdentifierFields' => $cfg]);
    echo str_pad($label, 24), ': ', $out === $h ? 'unchanged' : 'compacted: ' . $out[0]['toolCalls'][0]['arguments']['body'] . ' ' . $out[1]['toolResults'][0]['result']['out'] . ' path=' . $out[0]['toolCalls'][0]['arguments']['path'], "\n";
}
?>
--EXPECT--
valid                   : unchanged
with non-string entries : unchanged
not an array            : compacted: [omitted] [omitted] path=a.php
tool list not an array  : compacted: [omitted] [omitted] path=a.php
empty list              : compacted: [omitted] [omitted] path=a.php
other tool only         : compacted: [omitted] [omitted] path=a.php
