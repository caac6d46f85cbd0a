--TEST--
toolcompact_compact_request(): the history is read as json_decode() reads it: the same texts refused (notJson), the same values (floats, long integers, keys of digits), and a changed entry keeps its objects ({} and {"0":...} stay objects) as toolcompact_compact() of the decoded objects writes them (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
$page = str_repeat('a page that is too long; ', 8);
$input = '{"url":"https://e.x/a","page":"' . $page . '","n":1.5e3,"m":-0.0,"big":12345678901234567890,'
    . '"digits":{"0":"x","7":{}},"e":{},"list":[{},{"0":[]}],"s":"\ud83d\ude00 caf\u00e9"}';
$body = '{"model":"claude","messages":[{"role":"user","content":"go"},'
    . '{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"fetch","input":' . $input . '}]},'
    . '{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},'
    . '{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"fetch","input":{"url":"https://e.x/a"}}]}]}';
$params = ['inputTrimBytes' => 20, 'toolIdentifierFields' => ['fetch' => ['url']]];
$out = toolcompact_compact_request($body, $params);
$sent = json_decode($out)->messages;
var_dump(json_encode($sent, FLAGS) === json_encode(toolcompact_compact(json_decode($body)->messages, $params), FLAGS));
echo str_replace(hash('sha256', json_encode($page)), '<sha>', json_encode($sent[1]->content[0]->input, FLAGS)), "\n";

// nesting: json_decode() of a body reads 511 levels at its default depth of 512, not 512
$deep = fn (int $levels) => '{"messages":[' . str_repeat('[', $levels - 2) . str_repeat(']', $levels - 2) . ']}';
foreach ([$deep(511), $deep(512), '{"messages":["\ud800"]}', "{\"messages\":[\"a\x1fb\"]}", '{"messages":[1.]}',
    '{"messages":[01]}', '{"messages":[tru]}', '{"messages":[1,]}', '{"messages":[{"a" 1}]}', "{\"messages\":[\"\xc0\xaf\"]}",
    '{"messages":[1e-400,-0,{"-5":1,"01":2}]}'] as $text) {
    toolcompact_compact_request($text, [], $report);
    printf("%-8s %s\n", $report['reason'] ?? 'read', json_decode($text) === null ? 'refused' : 'read');
}
?>
--EXPECT--
bool(true)
{"url":"https://e.x/a","page":"[omitted]","n":1500.0,"m":-0.0,"big":1.2345678901234567e+19,"digits":{"0":"x","7":{}},"e":{},"list":[{},{"0":[]}],"s":"😀 café","_tool_compaction":{"thresholdBytes":20,"omittedFields":{"page":{"bytes":200,"sha256":"<sha>"}}}}
read     read
notJson  refused
notJson  refused
notJson  refused
notJson  refused
notJson  refused
notJson  refused
notJson  refused
notJson  refused
notJson  refused
read     read
