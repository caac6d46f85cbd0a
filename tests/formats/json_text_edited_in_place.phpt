--TEST--
JSON text payloads (openai arguments, openai-responses output, anthropic tool_result content): each omitted member's value becomes "[omitted]" and the meta is appended right after the last member's value, or written in place of an existing meta member; every other byte (whitespace, escapes in values, key order, nested braces in strings) stays
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history, items};

$b20 = str_repeat('b', 20);
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
    $out = toolcompact_compact($h, ['inputTrimBytes' => 10, 'outputTrimBytes' => 10]);
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
  "{\"big\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"big\":{\"bytes\":20,\"sha256\":\"57df15c92d6397eac9d52fd7228b23d9c3343aca616788aea1b1db62ab29ba2b\"}}}}"
two members:
  "{\"path\":\"a\",\"big\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"big\":{\"bytes\":20,\"sha256\":\"57df15c92d6397eac9d52fd7228b23d9c3343aca616788aea1b1db62ab29ba2b\"}}}}"
whitespace around:
  "\n  {\"big\" : \"[omitted]\" , \"path\" : \"a\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"big\":{\"bytes\":20,\"sha256\":\"57df15c92d6397eac9d52fd7228b23d9c3343aca616788aea1b1db62ab29ba2b\"}}} }\n"
braces in strings, nested:
  "{\"big\":\"[omitted]\",\"nested\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"big\":{\"bytes\":24,\"sha256\":\"274a285d3b15a14297625d2e26e40f1cdde73cec1b92dba240a6ad48e14f7682\"},\"nested\":{\"bytes\":21,\"sha256\":\"aafc98a304f285608719cf9611bf2da2e56ad9769b192b412ba3679d6c32f8be\"}}}}"
escapes kept:
  "{\"emoji\":\"\\ud83d\\ude00\",\"url\":\"[omitted]\",\"tab\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"url\":{\"bytes\":20,\"sha256\":\"7fa92f6728619540f3298e464e91dbbc9d276d40544b796ebea5ffe70c4e4af5\"},\"tab\":{\"bytes\":21,\"sha256\":\"dfe42789605eac27deffc35ed50f795583ba511e23b77e0ca231c54ff69f3e2b\"}}}}"
meta in place:
  "{\"a\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"a\":{\"bytes\":60,\"sha256\":\"5555555555555555555555555555555555555555555555555555555555555555\"},\"b\":{\"bytes\":20,\"sha256\":\"57df15c92d6397eac9d52fd7228b23d9c3343aca616788aea1b1db62ab29ba2b\"}}},\"b\":\"[omitted]\"}"
small members only:
  "{\"a\":1,\"b\":\"short\"}"
empty object:
  "{}"
openai-responses outputs the same: true
anthropic tool_result contents the same: true
