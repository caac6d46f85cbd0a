--TEST--
placeholder without {sha256}: the omitted text becomes the template's text, onOmit is still offered the value and the report counts it; a second pass leaves it (it is no field for a result of that tool, and is one for a result of another tool); toolcompact_restore() cannot give it back, with or without the params
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history, parts, items};

$B = str_repeat('b', 400);
$params = ['outputTrimBytes' => 10, 'placeholder' => '[{tool} output cleared, {bytes} bytes]'];
foreach (['openai', 'openai-responses', 'anthropic'] as $f) {
    $h = history(calls($f, [call('c1', 'bash', ['c' => 1])]), results($f, [res('c1', 'bash', $B)]),
        calls($f, [call('c2', 'grep', ['c' => 2])]), results($f, [res('c2', 'grep', parts($f, $B))]),
        calls($f, [call('c3', 'bash', ['c' => 3])]), results($f, [res('c3', 'bash', 'ok')]),
        calls($f, [call('c4', 'grep', ['c' => 4])]), results($f, [res('c4', 'grep', 'ok')]));
    $store = [];
    $offered = 0;
    $p = $params + ['onOmit' => function (string $sha, string $json) use (&$store, &$offered) {
        $store[$sha] = $json;
        $offered++;
    }];
    $out = toolcompact_compact($h, $p, $report);
    $items = items($f, $out);
    echo "$f: ", $items[1]['payload'], ' | ', $items[3]['payload'][0]['text'], "\n";
    echo '  offered ', $offered, ', fieldsOmitted ', $report['fieldsOmitted'], "\n";
    echo '  again: ', toolcompact_compact($out, $p) === $out ? 'same' : 'CHANGED', "\n";
    $lookup = fn (string $sha): ?string => $store[$sha] ?? null;
    echo '  restore with the params: ', toolcompact_restore($out, $lookup, $params) === $out ? 'unchanged' : 'CHANGED',
        ', without: ', toolcompact_restore($out, $lookup) === $out ? 'unchanged' : 'CHANGED', "\n";
    // the text of bash's placeholder in a result of grep is a text like any other
    $swapped = history(calls($f, [call('c1', 'grep', ['c' => 1])]), results($f, [res('c1', 'grep', '[bash output cleared, 400 bytes]')]),
        calls($f, [call('c3', 'grep', ['c' => 3])]), results($f, [res('c3', 'grep', 'ok')]));
    echo '  another tool: ', items($f, toolcompact_compact($swapped, $params))[1]['payload'], "\n";
}
?>
--EXPECT--
openai: [bash output cleared, 400 bytes] | [grep output cleared, 400 bytes]
  offered 2, fieldsOmitted 2
  again: same
  restore with the params: unchanged, without: unchanged
  another tool: [grep output cleared, 32 bytes]
openai-responses: [bash output cleared, 400 bytes] | [grep output cleared, 400 bytes]
  offered 2, fieldsOmitted 2
  again: same
  restore with the params: unchanged, without: unchanged
  another tool: [grep output cleared, 32 bytes]
anthropic: [bash output cleared, 400 bytes] | [grep output cleared, 400 bytes]
  offered 2, fieldsOmitted 2
  again: same
  restore with the params: unchanged, without: unchanged
  another tool: [grep output cleared, 32 bytes]
