--TEST--
anthropic with the official SDK: json_encode() of the compacted history is still the Messages API wire format through the SDK's own jsonSerialize() (tool_use_id, is_error, cache_control, no property names, no uninitialised property as null), equal to the input's wire JSON with only the compacted values replaced (fields kept in the SDK's private data too); the copies still work as SDK objects
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
use Anthropic\Messages\{TextBlockParam, ToolResultBlockParam, ToolUseBlock, ToolUseBlockParam};
use function ToolCompact\Tests\Formats\{omitted, placeholder};

$N = str_repeat('n', 400);
$X = str_repeat('x', 300);
$h = [
    ['role' => 'user', 'content' => [TextBlockParam::with(text: 'read a.php twice', cacheControl: ['type' => 'ephemeral'])]],
    ['role' => 'assistant', 'content' => [ToolUseBlock::with(id: 'toolu_1', name: 'read', input: ['path' => 'a.php', 'note' => $N])]],
    ['role' => 'user', 'content' => [ToolResultBlockParam::with(toolUseID: 'toolu_1', content: $X, isError: true),
        ToolResultBlockParam::with(toolUseID: 'toolu_x', content: [['type' => 'text', 'text' => $X]])]],
    ['role' => 'assistant', 'content' => [ToolUseBlockParam::with(id: 'toolu_2', name: 'read', input: ['path' => 'a.php'])]],
    ['role' => 'user', 'content' => [ToolResultBlockParam::with(toolUseID: 'toolu_2', content: 'ok', cacheControl: ['type' => 'ephemeral', 'ttl' => '5m'])]],
];
// a field the SDK has no property for, kept in its private $_data: a copy takes every property
$h[1]['content'][0]['server_extra'] = 'kept';
$wireBefore = json_encode($h);
$out = toolcompact_compact($h, ['toolIdentifierFields' => ['read' => ['path']]]);
$wire = json_encode($out);

// what the wire JSON must be: the input's, with the compacted values as SPEC Part 4 says
$expected = json_decode($wireBefore, true);
$expected[1]['content'][0]['input']['note'] = '[omitted]';
$expected[1]['content'][0]['input']['_tool_compaction'] = ['thresholdBytes' => 100, 'omittedFields' => ['note' => omitted($N)]];
$expected[2]['content'][0]['content'] = placeholder($X);
// toolu_x answers no call in the history: compacted by its own size (SPEC Part 4)
$expected[2]['content'][1]['content'][0]['text'] = placeholder($X);
echo 'wire JSON as expected: ', var_export(json_decode($wire, true) === $expected, true), "\n";
echo 'input wire JSON unchanged: ', var_export(json_encode($h) === $wireBefore, true), "\n";
echo "changed blocks on the wire:\n  ", preg_replace("/[0-9a-f]{64}/", "SHA", json_encode($out[1]["content"][0])), "\n  ",
    preg_replace('/[0-9a-f]{64}/', 'SHA', json_encode($out[2]['content'][0])), "\n";
echo 'no SDK property name on the wire: ', var_export(!preg_match('/"(toolUseID|isError|cacheControl)"/', $wire), true), "\n";

// the copies behave as SDK objects
$res = $out[2]['content'][0];
$use = $out[1]['content'][0];
echo 'offsetGet: ', var_export($res['content'] === placeholder($X) && $use['input']['note'] === '[omitted]', true), "\n";
echo 'toProperties: ', json_encode(array_keys($res->toProperties())), "\n";
$flipped = $res->withIsError(false);
echo 'with...() clones: ', var_export($flipped !== $res && $flipped->isError === false && $res->isError === true && $flipped->content === $res->content, true), "\n";
$again = ToolResultBlockParam::fromArray(json_decode(json_encode($res), true));
echo 'fromArray(wire) gives it back: ', var_export(json_encode($again) === json_encode($res), true), "\n";
?>
--EXPECT--
wire JSON as expected: true
input wire JSON unchanged: true
changed blocks on the wire:
  {"type":"tool_use","id":"toolu_1","caller":{"type":"direct"},"input":{"path":"a.php","note":"[omitted]","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"note":{"bytes":400,"sha256":"SHA"}}}},"name":"read","server_extra":"kept"}
  {"type":"tool_result","tool_use_id":"toolu_1","content":"[omitted] 300 bytes, sha256=SHA","is_error":true}
no SDK property name on the wire: true
offsetGet: true
toProperties: ["type","toolUseID","content","isError"]
with...() clones: true
fromArray(wire) gives it back: true
