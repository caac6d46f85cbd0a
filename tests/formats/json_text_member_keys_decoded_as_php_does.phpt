--TEST--
JSON text member keys are decoded as PHP does: a key written with escapes (\u00e9, \") is an ordinary member and compacted, "0" and "00" are two members, and only keys equal after decoding ("a" and "\u0061", "1" and "\u0031") make the text one with duplicate keys, left as it is
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, calls, history};

$b = str_repeat('b', 200);
$texts = [
    'escaped key' => '{"k\u00e9y":"' . $b . '"}',
    'escaped quote in key' => '{"a\"b":"' . $b . '"}',
    'escaped key after a plain one' => '{"path":"a.php","n\u00e9w":"' . $b . '"}',
    '"0" and "00"' => '{"0":"' . $b . '","00":"' . $b . '"}',
    '"a" and "\u0061"' => '{"a":"' . $b . '","\u0061":"' . $b . '"}',
    '"1" and "\u0031"' => '{"1":"' . $b . '","\u0031":"' . $b . '"}',
];
foreach ($texts as $name => $text) {
    $h = history(calls('openai', [call('c1', 'probe', $text)]), calls('openai', [call('c2', 'probe', '{}')]));
    $out = toolcompact_compact($h, ['inputTrimBytes' => 10]);
    $got = $out[0]['tool_calls'][0]['function']['arguments'];
    echo "$name:\n  ", $got === $text ? 'unchanged' : json_encode($got, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
}
?>
--EXPECT--
escaped key:
  "{\"k\\u00e9y\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"k\\u00e9y\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}}}"
escaped quote in key:
  "{\"a\\\"b\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"a\\\"b\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}}}"
escaped key after a plain one:
  "{\"path\":\"a.php\",\"n\\u00e9w\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"n\\u00e9w\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}}}"
"0" and "00":
  "{\"0\":\"[omitted]\",\"00\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":10,\"omittedFields\":{\"0\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"},\"00\":{\"bytes\":200,\"sha256\":\"8056ad1ecb9c944cce0ae337581537d57c3675f6845244ac2a88a6096404de69\"}}}}"
"a" and "\u0061":
  unchanged
"1" and "\u0031":
  unchanged
