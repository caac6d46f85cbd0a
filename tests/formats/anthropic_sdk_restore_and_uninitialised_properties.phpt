--TEST--
anthropic with the official SDK: blocks whose payload property is not initialised (no content, no input) count as having none and stay the same objects without a warning or an exception from the SDK's __get(); thinking blocks pass through; restore(compact()) gives the wire JSON back, new objects of the same classes where blocks were compacted, the very same objects elsewhere
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
require __DIR__ . '/../lib/hostile.php';
use Anthropic\Messages\{RedactedThinkingBlockParam, TextBlockParam, ThinkingBlockParam, ToolResultBlockParam, ToolUseBlock, ToolUseBlockParam};
use function ToolCompact\Tests\watched_compact;

$X = str_repeat('x', 300);
echo "payload properties not initialised:\n";
$noInput = (new ToolUseBlockParam())->withID('toolu_1')->withName('read');
$noContent = ToolResultBlockParam::with(toolUseID: 'toolu_1', isError: true);
$h = [
    ['role' => 'user', 'content' => 'go'],
    ['role' => 'assistant', 'content' => [$noInput]],
    ['role' => 'user', 'content' => [$noContent]],
    ['role' => 'assistant', 'content' => [ToolUseBlockParam::with(id: 'toolu_2', name: 'read', input: [])]],
    ['role' => 'user', 'content' => [ToolResultBlockParam::with(toolUseID: 'toolu_2', content: 'ok')]],
];
$out = watched_compact($h, ['inputTrimBytes' => 0, 'outputTrimBytes' => 0], static fn ($v) => serialize($v));
echo '  output === input: ', var_export($out === $h, true), ', blocks the same objects: ',
    var_export($out[1]['content'][0] === $noInput && $out[2]['content'][0] === $noContent, true), "\n";

echo "restore:\n";
$thinking = ThinkingBlockParam::with(signature: 'EqQBCkYIBxgCKkB' . str_repeat('QUJD', 40), thinking: str_repeat('Let me read a.php. ', 20));
$redacted = RedactedThinkingBlockParam::with(data: 'EmwKAhgBEgy' . str_repeat('REVG', 40));
$blocks = [
    ToolUseBlock::with(id: 'toolu_1', name: 'read', input: ['path' => 'a.php', 'note' => str_repeat('n', 400)]),
    ToolResultBlockParam::with(toolUseID: 'toolu_1', content: json_encode(['content' => $X, 'size' => 300], JSON_PRETTY_PRINT)),
    ToolResultBlockParam::with(toolUseID: 'toolu_1b', content: [['type' => 'text', 'text' => $X], ['type' => 'text', 'text' => 'short']]),
    ToolUseBlockParam::with(id: 'toolu_2', name: 'read', input: ['path' => 'a.php']),
    ToolResultBlockParam::with(toolUseID: 'toolu_2', content: $X),
];
$h = [
    ['role' => 'user', 'content' => [TextBlockParam::with(text: 'read a.php twice')]],
    ['role' => 'assistant', 'content' => [$thinking, $redacted, $blocks[0], ['type' => 'tool_use', 'id' => 'toolu_1b', 'name' => 'read', 'input' => ['path' => 'a.php']]]],
    ['role' => 'user', 'content' => [$blocks[1], $blocks[2]]],
    ['role' => 'assistant', 'content' => [$thinking, $blocks[3]]],
    ['role' => 'user', 'content' => [$blocks[4]]],
];
$wire = json_encode($h);
$store = [];
$offers = 0;
$compacted = toolcompact_compact($h, ['toolIdentifierFields' => ['read' => ['path']], 'onOmit' => function ($sha, $json) use (&$store, &$offers) { $store[$sha] = $json; $offers++; }]);
$restored = toolcompact_restore($compacted, fn ($sha) => $store[$sha] ?? null);
echo '  compacted: ', var_export(json_encode($compacted) !== $wire, true), ", values offered: $offers (", count($store), " distinct)\n";
echo '  restored wire JSON === input wire JSON: ', var_export(json_encode($restored) === $wire, true), "\n";
$where = [[1, 2], [2, 0], [2, 1], [3, 1], [4, 0]];
foreach ($blocks as $n => $block) {
    [$e, $b] = $where[$n];
    $r = $restored[$e]['content'][$b];
    $c = $compacted[$e]['content'][$b];
    printf("  %s %s: %s\n", (new ReflectionClass($block))->getShortName(), $block instanceof ToolResultBlockParam ? $block->toolUseID : $block->id,
        $r === $block ? 'the same object' : sprintf('a new %s (compacted copy: %s), properties equal: %s', $r::class === $block::class ? 'object of its class' : 'OBJECT OF ' . $r::class,
            $r !== $c ? 'another' : 'the same', var_export(get_object_vars($r) == get_object_vars($block), true)));
}
echo '  thinking blocks the same objects: ', var_export($restored[1]['content'][0] === $thinking && $restored[1]['content'][1] === $redacted
    && $compacted[3]['content'][0] === $thinking, true), "\n";
?>
--EXPECT--
payload properties not initialised:
  output === input: true, blocks the same objects: true
restore:
  compacted: true, values offered: 3 (2 distinct)
  restored wire JSON === input wire JSON: true
  ToolUseBlock toolu_1: a new object of its class (compacted copy: another), properties equal: true
  ToolResultBlockParam toolu_1: a new object of its class (compacted copy: another), properties equal: true
  ToolResultBlockParam toolu_1b: a new object of its class (compacted copy: another), properties equal: true
  ToolUseBlockParam toolu_2: the same object
  ToolResultBlockParam toolu_2: the same object
  thinking blocks the same objects: true
