--TEST--
toolcompact_compact_request() with a window: the dropped entries are gone, a summary takes their place, the kept ones keep their bytes and the body stays valid JSON; a messages history telling no format is read as openai arrays, so that the system message stays and the summary is a plain user message (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
$history = "[ {\"role\":\"system\",\"content\":\"rules\"} ,\n"
    . " {\"role\":\"user\",\"content\":\"one\"},{\"role\":\"assistant\",\"content\":\"two\"},\n"
    . " {\"role\":\"user\",\"content\":\"thr\\u00e9e\"} , {\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"four\"}]} ]";
$body = '{"model":"m","messages":' . $history . ',"temperature":1.0}';
foreach ([
    'plain' => ['maxMessages' => 3],
    'summary' => ['maxMessages' => 3, 'summarize' => fn (array $dropped) => count($dropped) . ' dropped'],
    'summary array' => ['maxMessages' => 3, 'summarize' => fn (array $dropped) => ['role' => 'user', 'content' => ['a' => 1.0, 'o' => new stdClass()]]],
] as $name => $params) {
    $out = toolcompact_compact_request($body, $params, $report);
    $sent = json_decode($out);
    echo $name, ': ', json_last_error_msg(), ', ', $report['messagesDropped'], ' dropped, ',
        json_encode(json_encode($sent->messages, FLAGS) === json_encode(toolcompact_compact(json_decode($history, true), $params + ['format' => 'openai']), FLAGS)), "\n";
    echo '  ', $report['format'], ' ', substr($out, strlen('{"model":"m","messages":')), "\n";
}
// a history with tool calls (read as objects): the window drops whole pairs
$big = str_repeat('z', 200);
$history = '[{"role":"user","content":"go"}';
foreach (['a', 'b', 'c'] as $id) {
    $history .= ",\n {\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"$id\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}"
        . ",\n {\"role\":\"tool\",\"tool_call_id\":\"$id\",\"content\":\"$big\"}";
}
$history .= ']';
$out = toolcompact_compact_request('{"messages":' . $history . '}', ['maxMessages' => 3], $report);
echo $report['format'], ': ', json_encode(json_decode($out) !== null), ', ', $report['messagesDropped'], ' dropped, ',
    json_encode(json_encode(json_decode($out)->messages, FLAGS) === json_encode(toolcompact_compact(json_decode($history), ['maxMessages' => 3]), FLAGS)), "\n";
echo '  ', $out, "\n";
?>
--EXPECTF--
plain: No error, 2 dropped, true
  openai [{"role":"system","content":"rules"},{"role":"user","content":"thr\u00e9e"},{"role":"assistant","content":[{"type":"text","text":"four"}]}],"temperature":1.0}
summary: No error, 3 dropped, true
  openai [{"role":"system","content":"rules"},{"role":"user","content":"[tool_compaction] Summary of 3 earlier messages:\n3 dropped"},{"role":"assistant","content":[{"type":"text","text":"four"}]}],"temperature":1.0}
summary array: No error, 3 dropped, true
  openai [{"role":"system","content":"rules"},{"role":"user","content":{"a":1.0,"o":{}}},{"role":"assistant","content":[{"type":"text","text":"four"}]}],"temperature":1.0}
openai: true, 3 dropped, true
  {"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"b","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"b","content":"[omitted] 200 bytes, sha256=%s"},{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c","content":"%s"}]}
