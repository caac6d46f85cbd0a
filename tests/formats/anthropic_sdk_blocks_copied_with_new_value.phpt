--TEST--
anthropic with the official SDK (anthropic-ai/sdk): ToolUseBlockParam, ToolUseBlock, ToolResultBlockParam and TextBlockParam objects among plain arrays - a compacted block comes back as a new object of its class with the new value in its property (input, content, text), every other property as it was; unchanged blocks are the same objects; the input objects are not modified
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
if (!is_file(__DIR__ . '/../sdk/vendor/autoload.php')) {
    die('skip the Anthropic SDK is not installed: run composer install -d tests/sdk');
}
?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/formats_build.php';
use Anthropic\Messages\{ImageBlockParam, TextBlockParam, ToolResultBlockParam, ToolUseBlock, ToolUseBlockParam};
use function ToolCompact\Tests\Formats\{diff_paths, omitted, placeholder};

$N = str_repeat('n', 400);
$X = str_repeat('x', 300);
$L = str_repeat("src/a.php\n", 15);
$blocks = [
    'text' => TextBlockParam::with(text: 'Reading a.php.'),
    'use1' => ToolUseBlockParam::with(id: 'toolu_1', name: 'read', input: ['path' => 'a.php', 'note' => $N], cacheControl: ['type' => 'ephemeral']),
    'res1' => ToolResultBlockParam::with(toolUseID: 'toolu_1', content: $X, isError: false, cacheControl: ['type' => 'ephemeral']),
    'use2' => ToolUseBlock::with(id: 'toolu_2', name: 'read', input: ['path' => 'a.php']),
    'use3' => ToolUseBlockParam::with(id: 'toolu_3', name: 'list', input: ['dir' => '.']),
    'part' => TextBlockParam::with(text: $L),
    'image' => ImageBlockParam::with(source: ['type' => 'base64', 'mediaType' => 'image/png', 'data' => base64_encode($N)]),
    'res4' => ToolResultBlockParam::with(toolUseID: 'toolu_4', content: '{"files":"' . str_repeat('f', 400) . '","count":3}'),
    'res5' => ToolResultBlockParam::with(toolUseID: 'toolu_5', content: 'ok'),
];
$h = [
    ['role' => 'user', 'content' => 'read a.php twice'],
    ['role' => 'assistant', 'content' => [$blocks['text'], $blocks['use1']]],
    ['role' => 'user', 'content' => [$blocks['res1']]],
    ['role' => 'assistant', 'content' => [$blocks['use2']]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'toolu_2', 'content' => str_repeat('y', 300)]]],
    ['role' => 'assistant', 'content' => [$blocks['use3'], ['type' => 'tool_use', 'id' => 'toolu_4', 'name' => 'list', 'input' => ['dir' => 'src']]]],
    ['role' => 'user', 'content' => [
        ['type' => 'tool_result', 'tool_use_id' => 'toolu_3', 'content' => [$blocks['part'], $blocks['image']]],
        $blocks['res4'],
    ]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'toolu_5', 'name' => 'list', 'input' => ['dir' => 'tests']]]],
    ['role' => 'user', 'content' => [$blocks['res5']]],
];
$snapshot = static fn () => array_map(fn ($b) => serialize($b) . json_encode($b) . var_export(get_object_vars($b), true), $blocks);
$before = $snapshot();

$out = toolcompact_compact($h, ['toolIdentifierFields' => ['read' => ['path']]], $report);
echo 'format: ', $report['format'], ', changed: ', $report['messagesChanged'], "\n";

$at = [
    'text' => $out[1]['content'][0], 'use1' => $out[1]['content'][1], 'res1' => $out[2]['content'][0],
    'use2' => $out[3]['content'][0], 'use3' => $out[5]['content'][0], 'part' => $out[6]['content'][0]['content'][0],
    'image' => $out[6]['content'][0]['content'][1], 'res4' => $out[6]['content'][1], 'res5' => $out[8]['content'][0],
];
foreach ($blocks as $name => $block) {
    $new = $at[$name];
    if ($new === $block) {
        echo "$name: the same object\n";
        continue;
    }
    printf("%s: new %s (same class: %s), differs in: %s\n", $name, (new ReflectionClass($new))->getShortName(),
        var_export($new::class === $block::class, true), implode(' ', diff_paths($block, $new)));
}
$meta = static fn (string $key, $value) => ['thresholdBytes' => 100, 'omittedFields' => [$key => omitted($value)]];
echo 'use1 input as SPEC says: ', var_export($at['use1']->input === ['path' => 'a.php', 'note' => '[omitted]', '_tool_compaction' => $meta('note', $N)], true), "\n";
echo 'res1 content as SPEC says: ', var_export($at['res1']->content === placeholder($X), true), "\n";
echo 'part text as SPEC says: ', var_export($at['part']->text === placeholder($L), true), "\n";
echo 'res4 content as SPEC says: ', var_export($at['res4']->content === '{"files":"[omitted]","count":3,"_tool_compaction":'
    . json_encode($meta('files', str_repeat('f', 400))) . '}', true), "\n";
echo 'res1 cacheControl the same object: ', var_export($at['res1']->cacheControl === $blocks['res1']->cacheControl, true), "\n";
echo 'res1 isError kept: ', var_export($at['res1']->isError, true), "\n";
echo 'input objects unchanged: ', var_export($snapshot() === $before, true), "\n";
?>
--EXPECT--
format: anthropic, changed: 3
text: the same object
use1: new ToolUseBlockParam (same class: true), differs in: ~ input.note + input._tool_compaction
res1: new ToolResultBlockParam (same class: true), differs in: ~ content
use2: the same object
use3: the same object
part: new TextBlockParam (same class: true), differs in: ~ text
image: the same object
res4: new ToolResultBlockParam (same class: true), differs in: ~ content
res5: the same object
use1 input as SPEC says: true
res1 content as SPEC says: true
part text as SPEC says: true
res4 content as SPEC says: true
res1 cacheControl the same object: true
res1 isError kept: false
input objects unchanged: true
