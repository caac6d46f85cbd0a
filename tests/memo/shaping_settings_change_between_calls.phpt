--TEST--
Memo: thresholds, identifier fields, excluded tools and serialize_precision changed between calls of one agent loop give the reference's output
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\{asst, call, res, tool, user, summary, reference_compact};

$h = [user('go')];
foreach (['a.php', 'b.php', 'a.php', 'b.php', 'a.php'] as $i => $path) {
    $h[] = asst(call("c$i", 'read', ['path' => $path, 'ratio' => 0.1 + $i]));
    $h[] = tool(res("c$i", 'read', ['content' => str_repeat('x', 120 + 10 * $i), 'score' => 1 / 3]));
}
$settings = [
    'defaults' => [[], null],
    'identifier' => [['toolIdentifierFields' => ['read' => ['path']]], null],
    'thresholds' => [['toolIdentifierFields' => ['read' => ['path']], 'outputTrimBytes' => 5, 'inputTrimBytes' => 5], null],
    'precision 5' => [['toolIdentifierFields' => ['read' => ['path']], 'outputTrimBytes' => 5, 'inputTrimBytes' => 5], '5'],
    'excluded' => [['toolIdentifierFields' => ['read' => ['path']], 'outputTrimBytes' => 5, 'excludedTools' => ['read']], '5'],
    'back to defaults' => [[], '-1'],
];
foreach ($settings as $label => [$params, $precision]) {
    if ($precision !== null) {
        ini_set('serialize_precision', $precision);
    }
    for ($call = 0; $call < 3; $call++) {
        $native = toolcompact_compact($h, $params);
        $same = $native === reference_compact($h, $params);
    }
    echo "$label: ", $same ? 'as the reference' : 'DIFFERS', "\n";
    if ($label === 'precision 5') {
        // the meta of the float field follows the new precision
        $json = json_encode($h[2]['toolResults'][0]['result']['score']);
        var_dump($json, $native[2]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['score']['sha256'] === hash('sha256', $json));
    }
}
echo summary($native);
?>
--EXPECT--
defaults: as the reference
identifier: as the reference
thresholds: as the reference
precision 5: as the reference
string(7) "0.33333"
bool(true)
excluded: as the reference
back to defaults: as the reference
0 user
1 assistant c0(=)
2 tool c0(content)
3 assistant c1(=)
4 tool c1(content)
5 assistant c2(=)
6 tool c2(content)
7 assistant c3(=)
8 tool c3(content)
9 assistant c4(=)
10 tool c4(=)
