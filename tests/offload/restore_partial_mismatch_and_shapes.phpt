--TEST--
toolcompact_restore(): a field stays omitted when the lookup has nothing, returns a non-string or JSON whose hash does not match; the meta keeps what is still omitted and goes when nothing is
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{asst, call, res, tool, user};

$pair = fn (string $id, string $content) => [
    asst(call($id, 'read', ['path' => 'a.txt'])),
    tool(res($id, 'read', ['a' => str_repeat('a', 200), 'b' => ['x' => str_repeat('b', 200)], 'small' => 1]), $content),
];
$h = array_merge([user('go')], $pair('r1', 'original content'), $pair('r2', 'newer'));
$store = [];
$c = toolcompact_compact($h, ['onOmit' => function ($sha, $json) use (&$store) { $store[$sha] = $json; }]);
$shaA = $c[2]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['a']['sha256'];
$shaB = $c[2]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['b']['sha256'];
$shaContent = $c[2]['toolResults'][0]['result']['_tool_compaction']['content']['sha256'];
echo count($store), " values stored\n";

$only = fn (array $keep) => fn (string $sha) => in_array($sha, $keep, true) ? $store[$sha] : null;
$result = fn ($history) => $history[2]['toolResults'][0]['result'];

// Only "a" comes back: "b" and the content stay, the meta lists only them.
$r = toolcompact_restore($c, $only([$shaA]));
var_dump($result($r)['a'] === $h[2]['toolResults'][0]['result']['a'], $result($r)['b'],
    array_keys($result($r)['_tool_compaction']['omittedFields']), isset($result($r)['_tool_compaction']['content']), $r[2]['content'] === $c[2]['content']);

// Wrong JSON (hash mismatch), a non-string, an exception-free null: nothing changes.
foreach (['mismatch' => fn ($sha) => '"something else"', 'int' => fn ($sha) => 42, 'null' => fn ($sha) => null] as $name => $lookup) {
    echo $name, ': ', toolcompact_restore($c, $lookup) === $c ? 'unchanged' : 'CHANGED', "\n";
}

// Everything: the meta goes, the content is back.
$r = toolcompact_restore($c, $only([$shaA, $shaB, $shaContent]));
var_dump($r === $h);

// A field whose value is no longer "[omitted]" is left alone.
$edited = $c;
$edited[2]['toolResults'][0]['result']['a'] = 'edited by someone';
$r = toolcompact_restore($edited, $only([$shaA, $shaB, $shaContent]));
var_dump($result($r)['a'], array_keys($result($r)['_tool_compaction']['omittedFields']));
?>
--EXPECT--
3 values stored
bool(true)
string(9) "[omitted]"
array(1) {
  [0]=>
  string(1) "b"
}
bool(true)
bool(true)
mismatch: unchanged
int: unchanged
null: unchanged
bool(true)
string(17) "edited by someone"
array(1) {
  [0]=>
  string(1) "a"
}
