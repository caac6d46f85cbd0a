--TEST--
compactInputs / compactOutputs: false leaves arguments / results alone; anything but false means true
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{asst, call, res, summary, tool, user};

$write = fn (string $id) => [
    asst(call($id, 'write', ['path' => 'a.txt', 'content' => str_repeat('c', 300)])),
    tool(res($id, 'write', ['out' => str_repeat('o', 300)])),
];
$h = array_merge([user('go')], $write('w1'), $write('w2'));
$cases = [
    'defaults' => [],
    'inputs off' => ['compactInputs' => false],
    'outputs off' => ['compactOutputs' => false],
    'both off' => ['compactInputs' => false, 'compactOutputs' => false],
];
foreach ($cases as $name => $params) {
    $out = toolcompact_compact($h, $params);
    echo "$name\n", summary($out);
    if ($name === 'inputs off') {
        // the group is still walked: the newest occurrence keeps both intact
        var_dump($out[1] === $h[1], $out[3] === $h[3]);
    }
}
?>
--EXPECT--
defaults
0 user
1 assistant w1(content)
2 tool w1(out)
3 assistant w2(=)
4 tool w2(=)
inputs off
0 user
1 assistant w1(=)
2 tool w1(out)
3 assistant w2(=)
4 tool w2(=)
bool(true)
bool(true)
outputs off
0 user
1 assistant w1(content)
2 tool w1(=)
3 assistant w2(=)
4 tool w2(=)
both off
0 user
1 assistant w1(=)
2 tool w1(=)
3 assistant w2(=)
4 tool w2(=)
