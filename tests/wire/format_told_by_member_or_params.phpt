--TEST--
toolcompact_compact_request(): the format is the one the history member tells (contents: gemini, input: openai-responses, messages: told by the entries) unless $params names one; a history that does not fit it comes back unchanged as the pass reports it (SPEC Part 7 "Request bodies", Part 4)
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('w', 300);
$anth = '[{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"f","input":{"q":"'.$big.'"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"ok"}]},{"role":"assistant","content":[{"type":"tool_use","id":"b","name":"f","input":{"q":"'.$big.'"}}]}]';
$resp = '["hi \u00e9", {"type":"function_call","call_id":"a","name":"f","arguments":"{\"q\":\"'.$big.'\"}"},{"type":"function_call","call_id":"b","name":"f","arguments":"{\"q\":\"'.$big.'\"}"}]';
foreach ([
  ['{"messages":'.$anth.'}', ['format'=>'gemini']],
  ['{"messages":'.$anth.'}', ['format'=>'auto']],
  ['{"messages":'.$anth.'}', ['format'=>'anthropic']],
  ['{"contents":'.$anth.'}', []],
  ['{"input":'.$resp.'}', []],
  ['{"input":[{"role":"user","content":"hi"}]}', []],
  ['{"messages":[]}', []],
  ['{"contents":[{"role":"user","parts":[{"text":"x"}]}],"messages":'.$anth.'}', []],
] as [$b, $p]) {
  $o = toolcompact_compact_request($b, $p, $r);
  echo json_encode($p), ' ', $r['format'] ?? 'null', ' ', $r['reason'] ?? 'applied', ' ', $r['fieldsOmitted'], ' ', $o === $b ? 'same' : 'changed', "\n";
  if ($b[2]=='i' && $b[10]=='"') echo substr($o, 0, 30), "\n";
}
?>
--EXPECT--
{"format":"gemini"} null formatMismatch 0 same
{"format":"auto"} anthropic applied 1 changed
{"format":"anthropic"} anthropic applied 1 changed
[] null formatMismatch 0 same
[] openai-responses applied 1 changed
{"input":["hi \u00e9", {"type"
[] openai-responses applied 0 same
[] openai applied 0 same
[] gemini applied 0 same
