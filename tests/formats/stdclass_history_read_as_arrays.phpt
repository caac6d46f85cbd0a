--TEST--
A history of json_decode() objects (stdClass messages) in a provider format is read as its arrays would be: compacted, windowed and restored the same, changed messages back as stdClass objects (a new meta as one too), unchanged ones the very same objects; stdClass messages of the adachsoft shape are read as before
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../lib/formats.php';
$big = str_repeat('x', 300);
$call = fn (string $id) => ['role' => 'assistant', 'content' => null,
    'tool_calls' => [['id' => $id, 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{"path":"a.php"}']]]];
$openai = json_encode([
    ['role' => 'user', 'content' => 'read a.php twice'],
    $call('c1'), ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => $big],
    $call('c2'), ['role' => 'tool', 'tool_call_id' => 'c2', 'content' => $big],
]);
$gemini = json_encode([
    ['role' => 'user', 'parts' => [['text' => 'read a.php twice']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'read', 'args' => ['path' => 'a.php']]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'read', 'response' => ['content' => $big, 'meta' => new stdClass()]]]]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'read', 'args' => ['path' => 'a.php']]], ['functionCall' => ['name' => 'now', 'args' => new stdClass()]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'read', 'response' => ['content' => $big, 'meta' => new stdClass()]]]]],
]);
$params = ['outputTrimBytes' => 100];
foreach (['openai' => $openai, 'gemini' => $gemini] as $name => $json) {
    $objects = json_decode($json);
    $arrays = json_decode($json, true);
    $store = [];
    $onOmit = ['onOmit' => function (string $sha, string $stored) use (&$store) { $store[$sha] = $stored; }];
    $out = toolcompact_compact($objects, $params + $onOmit, $report);
    $expected = toolcompact_compact($arrays, $params, $arraysReport);
    $compactReport = $report;
    printf("%s: format %s, results %d, report as for arrays %s\n", $name, $report['format'], $report['resultsCompacted'],
        var_export($report === $arraysReport, true));
    echo '  the arrays\' output: ', var_export(json_decode(json_encode($out), true) === $expected, true), "\n";
    $same = $objectsOut = [];
    foreach ($out as $i => $message) {
        $same[] = $message === $objects[$i] ? 'same' : ($message instanceof stdClass ? 'new stdClass' : get_debug_type($message));
    }
    echo '  messages: ', implode(', ', $same), "\n";
    $changed = $name === 'openai' ? $out[2]->content : $out[2]->parts[0]->functionResponse->response;
    echo '  changed payload: ', json_encode($changed), "\n";
    if ($name === 'gemini') {
        echo '  meta is an object: ', var_export($changed->_tool_compaction instanceof stdClass, true),
            ', an empty object stays one: ', var_export($changed->meta === $objects[2]->parts[0]->functionResponse->response->meta, true), "\n";
    }
    $restored = toolcompact_restore($out, fn (string $sha) => $store[$sha] ?? null);
    echo '  restored: ', var_export(json_encode($restored) === $json, true), ', format: ', toolcompact_format($objects), "\n";
    $windowed = toolcompact_compact($objects, ['maxMessages' => 2], $report);
    toolcompact_compact($arrays, ['maxMessages' => 2], $arraysReport);
    $windowedArrays = toolcompact_compact($arrays, ['maxMessages' => 2]);
    printf("  window: dropped %d as for arrays %s, the arrays' output %s\n", $report['messagesDropped'],
        var_export($report === $arraysReport, true), var_export(json_decode(json_encode($windowed), true) === $windowedArrays, true));
    if ($name === 'openai') {
        echo '  the kept ones as they were: ', var_export(array_values($windowed) === [$objects[3], $objects[4]], true), "\n";
    }
    // the same in the userland reference
    $reference = ToolCompact\Tests\reference_compact_format($objects, $params, $referenceReport);
    echo '  reference: ', var_export(serialize($reference) === serialize($out) && $referenceReport === $compactReport, true), "\n";
}
$dto = [(object) ['role' => 'user', 'content' => 'x', 'toolCalls' => [], 'toolResults' => []], new stdClass()];
$out = toolcompact_compact($dto, [], $report);
printf("adachsoft-shaped stdClass: format %s, applied %s, unchanged %s\n", $report['format'], var_export($report['applied'], true),
    var_export($out === $dto, true));
?>
--EXPECT--
openai: format openai, results 1, report as for arrays true
  the arrays' output: true
  messages: same, same, new stdClass, same, same
  changed payload: "[omitted] 300 bytes, sha256=d24923841d98dcd5a081ba3b99596483edeeca895b41ded64c8aa77a3c438fa7"
  restored: true, format: openai
  window: dropped 3 as for arrays true, the arrays' output true
  the kept ones as they were: true
  reference: true
gemini: format gemini, results 1, report as for arrays true
  the arrays' output: true
  messages: same, same, new stdClass, same, same
  changed payload: {"content":"[omitted]","meta":{},"_tool_compaction":{"thresholdBytes":100,"omittedFields":{"content":{"bytes":300,"sha256":"d24923841d98dcd5a081ba3b99596483edeeca895b41ded64c8aa77a3c438fa7"}}}}
  meta is an object: true, an empty object stays one: true
  restored: true, format: gemini
  window: dropped 0 as for arrays true, the arrays' output true
  reference: true
adachsoft-shaped stdClass: format adachsoft, applied true, unchanged true
