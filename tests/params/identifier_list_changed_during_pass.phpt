--TEST--
toolIdentifierFields and excludedTools changed through a reference by a tokenCounter while a pass runs: the pass keeps the lists it started with, the caller's change stays the caller's
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls) { return ['role' => 'assistant', 'content' => null, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results) { return ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => $results]; }

// Strings made at run time (not interned), so that dropping them frees them.
$path = implode('', ['pa', 'th']);
$grep = implode('', ['gr', 'ep']);
$h = [];
foreach (['a.php', 'b.php', 'a.php', 'b.php'] as $i => $file) {
    $h[] = asst([call("r$i", 'read', ['path' => $file, 'body' => str_repeat('x', 300)])]);
    $h[] = tool([res("r$i", 'read', ['out' => str_repeat('y', 300)])]);
}
$h[] = asst([call('g1', $grep, ['q' => str_repeat('z', 300)])]);
$h[] = tool([res('g1', $grep, ['out' => str_repeat('w', 300)])]);
$h[] = asst([call('g2', $grep, ['q' => str_repeat('z', 300)])]);
$h[] = tool([res('g2', $grep, ['out' => str_repeat('w', 300)])]);

$params = ['inputTrimBytes' => 10, 'outputTrimBytes' => 10,
    'toolIdentifierFields' => ['read' => [$path]], 'excludedTools' => [$grep]];
$fields = &$params['toolIdentifierFields']['read'];
$excluded = &$params['excludedTools'];
unset($path, $grep);
$calls = 0;
// A tokenCounter runs inside the pass (the report measures tokens before
// and after); its first call changes both lists through the references.
$params['tokenCounter'] = function (string $text) use (&$fields, &$excluded, &$calls): int {
    if ($calls++ === 0) {
        $fields[0] = str_repeat('q', 9);   // the old name's last other holder goes
        $fields[] = 'body';
        $excluded = [];
    }
    return intdiv(strlen($text), 4);
};

$report = null;
$out = toolcompact_compact($h, $params, $report);
// Started with read grouped by path (a.php, b.php: the first two reads are
// older copies) and grep excluded (left intact).
echo "counter called: ", $calls > 0 ? "yes" : "no", "\n";
foreach ($out as $i => $m) {
    foreach (array_merge($m['toolCalls'], $m['toolResults']) as $item) {
        $payload = $item['arguments'] ?? $item['result'];
        echo $i, ' ', $item['id'], ' ', isset($payload['_tool_compaction']) ? 'compacted' : 'intact', "\n";
    }
}
echo 'caller fields now: ', json_encode($params['toolIdentifierFields']), ' excluded: ', json_encode($params['excludedTools']), "\n";
?>
--EXPECT--
counter called: yes
0 r0 compacted
1 r0 compacted
2 r1 compacted
3 r1 compacted
4 r2 intact
5 r2 intact
6 r3 intact
7 r3 intact
8 g1 intact
9 g1 intact
10 g2 intact
11 g2 intact
caller fields now: {"read":["qqqqqqqqq","body"]} excluded: []
