--TEST--
JSON text payloads (openai arguments, openai-responses output, anthropic tool_result content): each omitted member's value becomes "[omitted]" and the meta is appended right after the last member's value, or written in place of an existing meta member; every other byte (whitespace, escapes in values, key order, nested braces in strings) stays
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history, items};

$b20 = str_repeat('b', 200); // long enough that its placeholder and meta pay (SPEC Part 4)
$texts = [
    'only member' => '{"big":"' . $b20 . '"}',
    'two members' => '{"path":"a","big":"' . $b20 . '"}',
    'whitespace around' => "\n  {\"big\" : \"$b20\" , \"path\" : \"a\" }\n",
    'braces in strings, nested' => '{"big":"}}{{' . $b20 . '","nested":{"k":[1,2,{"z":"}"}]}}',
    'escapes kept' => '{"emoji":"\ud83d\ude00","url":"http:\/\/example.com\/x","tab":"\t' . $b20 . '"}',
    'meta in place' => '{"a":"[omitted]","_tool_compaction":{"thresholdBytes":50,"omittedFields":{"a":{"bytes":60,"sha256":"'
        . str_repeat('5', 64) . '"}}},"b":"' . $b20 . '"}',
    'small members only' => '{"a":1,"b":"short"}',
    'empty object' => '{}',
];
$show = static fn (string $s) => json_encode($s, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);

$outputs = [];
foreach (['openai', 'openai-responses', 'anthropic'] as $f) {
    $older = $answers = [];
    foreach (array_keys($texts) as $n => $name) {
        $older[] = call("c$n", 'probe', $f === 'openai' ? $texts[$name] : '{}');
        $answers[] = res("c$n", 'probe', $f === 'openai' ? 'ok' : $texts[$name]);
    }
    $h = history(calls($f, $older), results($f, $answers),
        calls($f, [call('newest', 'probe', '{}')]), results($f, [res('newest', 'probe', 'ok')]));
    $out = toolcompact_compact($h, ['inputTrimBytes' => 30, 'outputTrimBytes' => 30]);
    foreach (items($f, $out) as $item) {
        if ($item['call'] === ($f === 'openai') && $item['id'] !== 'newest') {
            $outputs[$f][] = $item['payload'];
        }
    }
}
foreach (array_keys($texts) as $n => $name) {
    echo "$name:\n  ", $show($outputs['openai'][$n]), "\n";
}
echo 'openai-responses outputs the same: ', var_export($outputs['openai-responses'] === $outputs['openai'], true), "\n";
echo 'anthropic tool_result contents the same: ', var_export($outputs['anthropic'] === $outputs['openai'], true), "\n";
?>
--EXPECT--
only member:
  "{\"big\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":30,\"omittedFields\":{\"big\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}}}"
two members:
  "{\"path\":\"a\",\"big\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":30,\"omittedFields\":{\"big\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}}}"
whitespace around:
  "\n  {\"big\" : \"[omitted]\" , \"path\" : \"a\",\"_tool_compaction\":{\"thresholdBytes\":30,\"omittedFields\":{\"big\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}} }\n"
braces in strings, nested:
  "{\"big\":\"[omitted]\",\"nested\":{\"k\":[1,2,{\"z\":\"}\"}]},\"_tool_compaction\":{\"thresholdBytes\":30,\"omittedFields\":{\"big\":{\"bytes\":204,\"sha256\":\"e308e8792ae0b60b3ff87454af0dd4f9849d46d1bd85fd7a322b2e268aef4b75\"}}}}"
escapes kept:
  "{\"emoji\":\"\\ud83d\\ude00\",\"url\":\"http:\\/\\/example.com\\/x\",\"tab\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":30,\"omittedFields\":{\"tab\":{\"bytes\":201,\"sha256\":\"afac7c72dc72eeb3eb61128400e838e45008b3b4ed0bdfc86264b30b7aa3d32c\"}}}}"
meta in place:
  "{\"a\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":30,\"omittedFields\":{\"a\":{\"bytes\":60,\"sha256\":\"5555555555555555555555555555555555555555555555555555555555555555\"},\"b\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}},\"b\":\"[omitted]\"}"
small members only:
  "{\"a\":1,\"b\":\"short\"}"
empty object:
  "{}"
openai-responses outputs the same: true
anthropic tool_result contents the same: true
