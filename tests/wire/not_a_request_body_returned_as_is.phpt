--TEST--
toolcompact_compact_request(): a body that is not JSON, not an object, has a top-level key twice or no history comes back as the same string, with applied false, format null and its reason (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('x', 300);
$history = '[{"role":"assistant","content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{\"q\":\"' . $big . '\"}"}}]},'
    . '{"role":"assistant","content":null,"tool_calls":[{"id":"b","type":"function","function":{"name":"f","arguments":"{\"q\":\"' . $big . '\"}"}}]}]';
$cases = [
    'empty' => '',
    'not JSON' => '{"messages":[}',
    'trailing garbage' => '{"messages":[]} x',
    'a scalar' => '42',
    'a string' => '"messages"',
    'a list' => $history,
    'no history member' => '{"model":"m","prompt":"hi"}',
    'a string input' => '{"model":"m","input":"' . $big . '"}',
    'messages not a list' => '{"messages":{"0":{"role":"user","content":"hi"}}}',
    'history key twice' => '{"messages":' . $history . ',"messages":' . $history . '}',
    'another key twice' => '{"a":1,"messages":' . $history . ',"a":2}',
    'too deep' => '{"messages":' . str_repeat('[', 600) . str_repeat(']', 600) . '}',
];
foreach ($cases as $name => $body) {
    $report = 'untouched';
    $out = toolcompact_compact_request($body, ['retrievalTool' => 'read_omitted', 'maxMessages' => 1], $report);
    printf("%s: %s, %s, applied %s, format %s, offered %s, bytes %s\n", $name, $out === $body ? 'same' : 'CHANGED',
        $report['reason'], json_encode($report['applied']), json_encode($report['format']),
        json_encode($report['retrievalToolOffered']),
        json_encode($report['requestBytesBefore'] === strlen($body) && $report['requestBytesAfter'] === strlen($body)));
}
// the report's keys: the pass's, as when it does not run, then the request's
echo implode(',', array_keys($report)), "\n";
// json_last_error() is left as it was
json_decode('{');
toolcompact_compact_request('nope');
echo json_last_error_msg(), "\n";
// the same history in a body is compacted
$out = toolcompact_compact_request('{"messages":' . $history . '}', [], $report);
echo $report['reason'] ?? 'applied', ' ', $report['fieldsOmitted'], "\n";
?>
--EXPECT--
empty: same, notJson, applied false, format null, offered false, bytes true
not JSON: same, notJson, applied false, format null, offered false, bytes true
trailing garbage: same, notJson, applied false, format null, offered false, bytes true
a scalar: same, notAnObject, applied false, format null, offered false, bytes true
a string: same, notAnObject, applied false, format null, offered false, bytes true
a list: same, notAnObject, applied false, format null, offered false, bytes true
no history member: same, noHistory, applied false, format null, offered false, bytes true
a string input: same, noHistory, applied false, format null, offered false, bytes true
messages not a list: same, noHistory, applied false, format null, offered false, bytes true
history key twice: same, duplicateKey, applied false, format null, offered false, bytes true
another key twice: same, duplicateKey, applied false, format null, offered false, bytes true
too deep: same, notJson, applied false, format null, offered false, bytes true
triggered,applied,reason,messagesChanged,callsCompacted,resultsCompacted,fieldsOmitted,bytesBefore,bytesAfter,tokensBefore,tokensAfter,savedBytes,firstChangedIndex,format,messagesDropped,droppedFrom,droppedTo,windowMet,summaryUsed,summaryFailed,summaryError,requestBytesBefore,requestBytesAfter,retrievalToolOffered
Syntax error
applied 1
