--TEST--
validity: in every format, with every field over its threshold (thresholds 0, parallel calls, calls without result, nested and empty arguments) every call keeps its result and vice versa (same ids, names, count, places), arguments stay JSON texts of objects, input/args/response stay string-keyed arrays, a second pass changes nothing
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history, parts, items, pairs, payload_problems};
use const ToolCompact\Tests\Formats\FORMATS;

$src = "<?php\n" . str_repeat("echo 'line';\n", 60);
foreach (FORMATS as $f) {
    // a result payload: an object in gemini, else a JSON text, a text or a list of parts
    $out = static fn (string $kind, string $text) => $f === 'gemini' ? ['output' => $text, 'lines' => substr_count($text, "\n")]
        : match ($kind) {
            'json' => json_encode(['content' => $text, 'lines' => substr_count($text, "\n")]),
            'text' => $text,
            'parts' => $f === 'openai-responses' || $f === 'anthropic' || $f === 'openai' ? parts($f, $text, null, 'tail') : $text,
        };
    $h = history(
        [user($f, 'fix the bug')],
        calls($f, [
            call('c1', 'read', ['path' => 'a.php', 'range' => ['from' => 1, 'to' => 20]]),
            call('c2', 'read', ['path' => 'b.php']),
            call('c3', 'list', []),
        ], 'reading'),
        results($f, [res('c1', 'read', $out('json', $src)), res('c2', 'read', $out('text', $src . '//b')), res('c3', 'list', $out('parts', "a.php\nb.php\n"))]),
        calls($f, [call('c4', 'write', ['path' => 'a.php', 'content' => $src, 'mode' => 0644, 'opts' => ['backup' => true]])]),
        results($f, [res('c4', 'write', $out('json', 'ok'))]),
        calls($f, [call('c5', 'read', ['path' => 'a.php']), call('c6', 'write', ['path' => 'b.php', 'content' => $src . '//b'])]),
        results($f, [res('c5', 'read', $out('text', $src)), res('c6', 'write', $out('json', 'ok'))]),
        [user($f, 'and list again')],
        calls($f, [call('c7', 'list', ['dir' => '.'])]), // no result yet
    );
    $before = serialize($h);
    $p = ['inputTrimBytes' => 0, 'outputTrimBytes' => 0, 'toolIdentifierFields' => ['read' => ['path'], 'write' => ['path']]];
    $once = toolcompact_compact($h, $p, $report);
    $twice = toolcompact_compact($once, $p, $report2);
    $changed = 0;
    foreach ($h as $i => $entry) {
        $changed += $once[$i] !== $entry;
    }
    printf("%-16s entries %d->%d, keys kept: %s, pairs kept: %s (%d items), changed %d, problems: %s, second pass same: %s (changed %d), input unchanged: %s\n",
        $f, count($h), count($once), var_export(array_keys($once) === array_keys($h), true),
        var_export(pairs($f, $once) === pairs($f, $h), true), count(items($f, $h)), $changed,
        json_encode(payload_problems($f, $once)), var_export($twice === $once, true), $report2['messagesChanged'],
        var_export(serialize($h) === $before, true));
    // every call id has a result id and back, in the output
    $ids = ['call' => [], 'result' => []];
    foreach (items($f, $once) as $item) {
        $ids[$item['call'] ? 'call' : 'result'][] = $item['id'];
    }
    $compacted = [];
    foreach (items($f, $h) as $n => $item) {
        if (items($f, $once)[$n]['payload'] !== $item['payload']) {
            $compacted[] = ($item['call'] ? 'call ' : 'result ') . $item['id'];
        }
    }
    echo '  compacted: ', implode(', ', $compacted), "\n";
    echo '  calls without result: ', json_encode(array_values(array_diff($ids['call'], $ids['result']))),
        ', results without call: ', json_encode(array_values(array_diff($ids['result'], $ids['call']))), "\n";
}
?>
--EXPECT--
openai           entries 12->12, keys kept: true, pairs kept: true (13 items), changed 2, problems: [], second pass same: true (changed 0), input unchanged: true
  compacted: result c1, result c3
  calls without result: ["c7"], results without call: []
openai-responses entries 16->16, keys kept: true, pairs kept: true (13 items), changed 2, problems: [], second pass same: true (changed 0), input unchanged: true
  compacted: result c1, result c3
  calls without result: ["c7"], results without call: []
anthropic        entries 9->9, keys kept: true, pairs kept: true (13 items), changed 1, problems: [], second pass same: true (changed 0), input unchanged: true
  compacted: result c1, result c3
  calls without result: ["c7"], results without call: []
gemini           entries 9->9, keys kept: true, pairs kept: true (13 items), changed 1, problems: [], second pass same: true (changed 0), input unchanged: true
  compacted: result c1
  calls without result: ["c7"], results without call: []
