--TEST--
toolcompact_compact_request(): the exact bytes that go out: unchanged entries and the separators around them as they came, a changed entry encoded with unescaped slashes and unicode, {} and 1.0 kept (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
$body = <<<'JSON'
{"model":"claude", "messages": [
   {"role": "user", "content": "caf\u00e9 \/ 1.0"},
   {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"fetch","input":{"url":"https://e.x/a","page":"<page>","ratio":1.0,"opts":{}}},{"type":"tool_use","id":"t0","name":"now","input":{}}]},
   {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"short"},{"type":"tool_result","tool_use_id":"t0","content":"noon"}]},
   {"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"fetch","input":{"url":"https://e.x/a","page":"<page>"}}]}
  ] ,"temperature":1.0}
JSON;
// the page is long enough for "[omitted]" and its meta to be shorter (SPEC Part 4: never larger)
$page = str_repeat('a page that is too long; ', 8);
$body = str_replace('<page>', $page, $body);
$out = toolcompact_compact_request($body, ['inputTrimBytes' => 20, 'toolIdentifierFields' => ['fetch' => ['url']]], $report);
echo str_replace([hash('sha256', json_encode($page)), $page], ['<sha>', '<page>'], $out), "\n";
echo $report['callsCompacted'], ' ', $report['firstChangedIndex'], "\n";
?>
--EXPECT--
{"model":"claude", "messages": [
   {"role": "user", "content": "caf\u00e9 \/ 1.0"},
   {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"fetch","input":{"url":"https://e.x/a","page":"[omitted]","ratio":1.0,"opts":{},"_tool_compaction":{"thresholdBytes":20,"omittedFields":{"page":{"bytes":200,"sha256":"<sha>"}}}}},{"type":"tool_use","id":"t0","name":"now","input":{}}]},
   {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"short"},{"type":"tool_result","tool_use_id":"t0","content":"noon"}]},
   {"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"fetch","input":{"url":"https://e.x/a","page":"<page>"}}]}
  ] ,"temperature":1.0}
1 1
