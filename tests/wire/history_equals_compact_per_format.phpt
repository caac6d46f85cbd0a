--TEST--
toolcompact_compact_request(): in each format the history that goes out is toolcompact_compact() of the history json_decode() gives, and every other member keeps its bytes (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
$big = json_encode(str_repeat('line of output ', 20));
$args = json_encode(json_encode(['path' => 'a.txt', 'body' => str_repeat('b', 300)]));
$bodies = [
    'openai' => ['messages', "{ \"model\" : \"gpt-x\",\n\t\"temperature\":1.0,\"tool_choice\":{},\"metadata\":{\"a\":[]},\n  \"messages\"  :", <<<JSON
[ {"role":"system","content":"caf\\u00e9 \\/ ok" } ,
  {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"write","arguments":$args}}]},
  {"role":"tool","tool_call_id":"c1","content":$big},
  {"role":"assistant","content":null,"tool_calls":[{"id":"c2","type":"function","function":{"name":"write","arguments":$args}}]},
  {"role":"tool","tool_call_id":"c2","content":$big}]
JSON, " ,\"stream\":false , \"n\": 1.50 }"],
    'openai-responses' => ['input', "{\"model\":\"gpt-x\",\"instructions\":\"be brief \\u00e9\",\"reasoning\":{},\"input\":", <<<JSON
[{"type":"message","role":"user","content":"caf\\u00e9"},
 {"type":"function_call","call_id":"c1","name":"write","arguments":$args},
 {"type":"function_call_output","call_id":"c1","output":$big},
 {"type":"function_call","call_id":"c2","name":"write","arguments":$args},
 {"type":"function_call_output","call_id":"c2","output":$big}]
JSON, ",\"temperature\":1.0}"],
    'anthropic' => ['messages', "{\"model\":\"claude\",\"max_tokens\":1024,\"system\":[{\"type\":\"text\",\"text\":\"s\"}],\"tools\":[{\"name\":\"read\",\"input_schema\":{\"type\":\"object\",\"properties\":{}}}],\"messages\":", <<<JSON
[{"role":"user","content":"caf\\u00e9  please"},
 {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"read","input":{"path":"a","body":$big}},{"type":"tool_use","id":"t0","name":"now","input":{}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":$big},{"type":"tool_result","tool_use_id":"t0","content":"noon"}]},
 {"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"read","input":{"path":"a","body":$big}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":$big}]}]
JSON, ",\"temperature\":1.0,\"tool_choice\":{\"type\":\"auto\"},\"metadata\":{\"user_id\":\"u\"}}"],
    'gemini' => ['contents', "{\"systemInstruction\":{\"parts\":[{\"text\":\"caf\\u00e9\"}]},\"contents\":", <<<JSON
[{"role":"user","parts":[{"text":"caf\\u00e9"}]},
 {"role":"model","parts":[{"functionCall":{"name":"read","args":{"path":"a","body":$big}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"read","response":{"text":$big}}}]},
 {"role":"model","parts":[{"functionCall":{"name":"read","args":{"path":"a","body":$big}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"read","response":{"text":$big}}}]}]
JSON, ",\"generationConfig\":{\"temperature\":1.0,\"stopSequences\":[]}}"],
];
foreach ($bodies as $format => [$member, $prefix, $history, $suffix]) {
    $body = $prefix . $history . $suffix;
    $out = toolcompact_compact_request($body, [], $report);
    $expected = toolcompact_compact(json_decode($history), [], $expectedReport);
    $sent = json_decode($out);
    echo $format, ': ', $report['format'], ', applied ', json_encode($report['applied']),
        ', fieldsOmitted ', $report['fieldsOmitted'], "\n";
    echo '  history as toolcompact_compact(): ', json_encode(json_encode($sent->$member, FLAGS) === json_encode($expected, FLAGS)), "\n";
    echo '  report as toolcompact_compact(): ', json_encode(array_slice($report, 0, -3) == $expectedReport), "\n";
    echo '  other members keep their bytes: ', json_encode(str_starts_with($out, $prefix) && str_ends_with($out, $suffix)), "\n";
    $first = substr($history, 1, strpos($history, "\n") - 1);
    echo '  unchanged first entry keeps its bytes: ', json_encode(str_contains($out, rtrim($first, " ,"))), "\n";
    echo '  {} stays {}, 1.0 stays 1.0: ', json_encode(substr_count($out, '{}') === substr_count($body, '{}')
        && substr_count($out, '1.0') === substr_count($body, '1.0')), "\n";
    echo '  request bytes: ', json_encode($report['requestBytesBefore'] === strlen($body) && $report['requestBytesAfter'] === strlen($out)
        && strlen($out) < strlen($body)), "\n";
}
?>
--EXPECT--
openai: openai, applied true, fieldsOmitted 2
  history as toolcompact_compact(): true
  report as toolcompact_compact(): true
  other members keep their bytes: true
  unchanged first entry keeps its bytes: true
  {} stays {}, 1.0 stays 1.0: true
  request bytes: true
openai-responses: openai-responses, applied true, fieldsOmitted 2
  history as toolcompact_compact(): true
  report as toolcompact_compact(): true
  other members keep their bytes: true
  unchanged first entry keeps its bytes: true
  {} stays {}, 1.0 stays 1.0: true
  request bytes: true
anthropic: anthropic, applied true, fieldsOmitted 2
  history as toolcompact_compact(): true
  report as toolcompact_compact(): true
  other members keep their bytes: true
  unchanged first entry keeps its bytes: true
  {} stays {}, 1.0 stays 1.0: true
  request bytes: true
gemini: gemini, applied true, fieldsOmitted 2
  history as toolcompact_compact(): true
  report as toolcompact_compact(): true
  other members keep their bytes: true
  unchanged first entry keeps its bytes: true
  {} stays {}, 1.0 stays 1.0: true
  request bytes: true
