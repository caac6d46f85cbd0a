--TEST--
toolcompact_compact_request(): a changed entry with a key given twice, whose first value was an object, keeps the lists after it lists (the decoder's record of which arrays were objects could name a freed object's address, which a later list then took)
--EXTENSIONS--
toolcompact
--FILE--
<?php
$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
$big = str_repeat('output line ', 40);
$entries = [];
for ($i = 0; $i < 3; $i++) {
    $entries[] = '{"role":"assistant","content":null,"tool_calls":[{"id":"c' . $i . '","type":"function","function":{"name":"bash","arguments":"{}"}}]}';
    $entries[] = '{"role":"tool","tool_call_id":"c' . $i . '","content":' . json_encode($big) . ',"x":{"a":{}},"x":0,"y":[5],"z":[[1],{}]}';
}
$history = '[' . implode(',', $entries) . ']';
$out = toolcompact_compact_request('{"model":"m","messages":' . $history . '}', [], $report);
echo $report['resultsCompacted'], " results compacted\n";
$sent = json_decode($out)->messages;
$want = toolcompact_compact(json_decode($history));
echo json_encode($sent, $flags) === json_encode($want, $flags) ? "as toolcompact_compact() of json_decode()\n" : json_encode($sent, $flags) . "\n";
// the two older results, compacted and written anew
foreach (['c0', 'c1'] as $id) {
    echo substr($out, strpos($out, '"x":', strpos($out, '"tool_call_id":"' . $id . '"')), 26), "\n";
}
?>
--EXPECT--
2 results compacted
as toolcompact_compact() of json_decode()
"x":0,"y":[5],"z":[[1],{}]
"x":0,"y":[5],"z":[[1],{}]
