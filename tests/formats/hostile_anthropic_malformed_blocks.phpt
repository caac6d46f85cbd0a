--TEST--
Hostile anthropic: tool_use blocks without a string id, tool_result blocks without a string tool_use_id, content lists with images, documents, parts without a string text or under string keys, blocks that are not arrays, content that is a map or null, non-array entries - each left as it is, fail-open, a tool_result for an unknown id compacted by its own size, the valid blocks beside them compacted
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\{watched_compact, expect_output};
use function ToolCompact\Tests\Formats\{placeholder, omitted, media_placeholder};

$B = str_repeat('b', 400);
$img = ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => base64_encode(str_repeat($B, 4))]];
$doc = ['type' => 'document', 'source' => ['type' => 'text', 'media_type' => 'text/plain', 'data' => $B]];
$h = [
    ['role' => 'user', 'content' => 'go'],
    'junk',
    ['role' => 'assistant', 'content' => [
        'not a block',
        ['type' => 'tool_use', 'name' => 'read', 'input' => ['big' => $B]],
        ['type' => 'tool_use', 'id' => 9, 'name' => 'read', 'input' => ['big' => $B]],
        ['type' => 'tool_use', 'id' => 'u3', 'name' => null, 'input' => ['big' => $B]],
        ['type' => 'tool_use', 'id' => 'u4', 'name' => 'read', 'input' => 'not an object ' . $B],
        ['type' => 'tool_use', 'id' => 'u5', 'name' => 'read'],
        ['type' => 'tool_use', 'id' => 'ok1', 'name' => 'read', 'input' => ['big' => $B, 'small' => 's']],
        ['type' => 'TOOL_USE', 'id' => 'u7', 'name' => 'read', 'input' => ['big' => $B]],
    ]],
    ['role' => 'user', 'content' => [
        ['type' => 'tool_result', 'tool_use_id' => 'nobody', 'content' => $B],
        ['type' => 'tool_result', 'tool_use_id' => 9, 'content' => $B],
        ['type' => 'tool_result', 'content' => $B],
        ['type' => 'tool_result', 'tool_use_id' => 'u4', 'content' => null],
        ['type' => 'tool_result', 'tool_use_id' => 'u5'],
        ['type' => 'tool_result', 'tool_use_id' => 'ok1', 'is_error' => true, 'content' => [
            $img, ['type' => 'text', 'text' => $B], $doc, ['type' => 'text', 'text' => 12345], ['type' => 'text'], 'loose string', ['type' => 'text', 'text' => 'short'],
        ]],
        ['type' => 'tool_result', 'tool_use_id' => 'u3', 'content' => ['first' => ['type' => 'text', 'text' => $B]]],
        ['type' => 'text', 'text' => $B],
    ]],
    ['role' => 'user', 'content' => ['type' => 'tool_result', 'tool_use_id' => 'ok1', 'content' => $B]],
    ['role' => 'assistant', 'content' => null],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'new', 'name' => 'read', 'input' => []]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'new', 'content' => 'small']]],
];

$out = watched_compact($h);
$expected = $h;
$expected[2]['content'][6]['input'] = ['big' => '[omitted]', 'small' => 's',
    '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted($B)]]];
$expected[3]['content'][5]['content'][1]['text'] = placeholder($B);
// a result whose call is not in the history is compacted by its own size
// (SPEC Part 4); u3's has no call either, but no text part under an int key
$expected[3]['content'][0]['content'] = placeholder($B);
// the base64 image goes as a large field does; the text document (no base64 source) stays
$expected[3]['content'][5]['content'][0] = media_placeholder('anthropic', 'image/png', $img);
expect_output($out, $expected);
echo 'named the same: ', var_export(watched_compact($h, ['format' => 'anthropic']) === $out, true), "\n";
?>
--EXPECT--
output as expected
named the same: true
