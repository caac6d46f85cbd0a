--TEST--
Window, SPEC Part 6 "The summary" and "The output": a string summary becomes the message of the table in each format, with the prefix naming N, in the place of the oldest dropped message; summarize is called once with the dropped messages as the pass returned them (compacted payloads included), oldest first; maxMessages counts one message for the summary; the report says summaryUsed
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, c, r, role, fmt, kept, window};

$calls = [];
$summarize = function (array $dropped) use (&$calls): string {
    $calls[] = $dropped;
    return "S\u{e9}";
};

echo "1. in each format\n";
// 0 user u1 (pinned by keepFirstUser), 1 call c1, 2 result c1 (600 bytes: compacted by the pass, the
// older read), 3 call c2, 4 result c2, 5 user u2, 6 assistant.
// maxMessages 4 with a summary: 0, 5, 6 and the summary; smallest cut 5, 1-4 dropped (N = 4), the
// summary where 1 was.
$text = "[tool_compaction] Summary of 4 earlier messages:\nS\u{e9}";
$table = [
    'adachsoft' => ['role' => 'user', 'content' => $text, 'toolCalls' => [], 'toolResults' => []],
    'openai' => ['role' => 'user', 'content' => $text],
    'openai-responses' => ['type' => 'message', 'role' => 'user', 'content' => $text],
    'anthropic' => ['role' => 'user', 'content' => $text],
    'gemini' => ['role' => 'user', 'parts' => [['text' => $text]]],
];
foreach ($table as $f => $expected) {
    $h = [u($f, 'u1'), c($f, ['c1', 'read', ['path' => 'a']]), r($f, ['c1', 'read', str_repeat('x', 600)]),
        c($f, ['c2', 'read', ['path' => 'a']]), r($f, ['c2', 'read', 'small']), u($f, 'u2'), a($f, 'a2')];
    $calls = [];
    $out = toolcompact_compact($h, ['format' => $f, 'maxMessages' => 4, 'keepFirstUser' => true, 'summarize' => $summarize], $report);
    $pass = array_values(toolcompact_compact($h, ['format' => $f]));
    echo "$f: kept ", kept($h, $out), ' | ', window($report),
        ', used ', var_export($report['summaryUsed'], true), ', failed ', var_export($report['summaryFailed'], true), "\n";
    echo '  summary ', json_encode($out[1], JSON_UNESCAPED_UNICODE), "\n";
    echo '  as the table says: ', var_export($out[1] === $expected, true), "\n";
    // called once, with a list of the 4 dropped messages of the pass's output, oldest first
    echo '  calls ', count($calls), ', list ', var_export(array_is_list($calls[0]), true),
        ', the pass\'s 1-4: ', var_export($calls[0] === array_slice($pass, 1, 4), true),
        ', 2 compacted: ', var_export(str_contains(serialize($calls[0][1]), '[omitted]') && $calls[0][1] !== $h[2], true), "\n";
}

echo "2. maxMessages counts one message for the summary\n";
// 0 user, 1 assistant, 2 user, 3 assistant, 4 user; maxMessages 3:
// without summarize the smallest cut is 2; with it, 3 (2 kept + the summary)
$f = 'adachsoft';
$h = [u($f, 'u0'), a($f, 'a1'), u($f, 'u2'), a($f, 'a3'), u($f, 'u4')];
$out = toolcompact_compact($h, ['maxMessages' => 3], $report);
echo 'no summary: kept ', kept($h, $out), ' | ', window($report), "\n";
$out = toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => fn (array $d): string => 'gist of ' . count($d)], $report);
echo 'summary:    kept ', kept($h, $out), ' | ', window($report), ' | ', json_encode($out[0]['content']), "\n";

echo "3. the summary stands where the oldest dropped message stood, before a pinned system message\n";
// 0 user, 1 assistant, 2 system (pinned), 3 user, 4 assistant; maxMessages 3: smallest cut 4
// (2, 4 and the summary), 0 1 3 dropped, the summary first
$h = [u($f, 'u0'), a($f, 'a1'), role($f, 'system', 's'), u($f, 'u3'), a($f, 'a4')];
$out = toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => fn (array $d): string => implode(',', array_column($d, 'content'))], $report);
echo 'kept ', kept($h, $out), ' | ', window($report), ' | ', json_encode($out[0]['content']), "\n";
?>
--EXPECT--
1. in each format
adachsoft: kept 0 S 5 6 | dropped 4 from 1 to 4, met true, used true, failed false
  summary {"role":"user","content":"[tool_compaction] Summary of 4 earlier messages:\nSé","toolCalls":[],"toolResults":[]}
  as the table says: true
  calls 1, list true, the pass's 1-4: true, 2 compacted: true
openai: kept 0 S 5 6 | dropped 4 from 1 to 4, met true, used true, failed false
  summary {"role":"user","content":"[tool_compaction] Summary of 4 earlier messages:\nSé"}
  as the table says: true
  calls 1, list true, the pass's 1-4: true, 2 compacted: true
openai-responses: kept 0 S 5 6 | dropped 4 from 1 to 4, met true, used true, failed false
  summary {"type":"message","role":"user","content":"[tool_compaction] Summary of 4 earlier messages:\nSé"}
  as the table says: true
  calls 1, list true, the pass's 1-4: true, 2 compacted: true
anthropic: kept 0 S 5 6 | dropped 4 from 1 to 4, met true, used true, failed false
  summary {"role":"user","content":"[tool_compaction] Summary of 4 earlier messages:\nSé"}
  as the table says: true
  calls 1, list true, the pass's 1-4: true, 2 compacted: true
gemini: kept 0 S 5 6 | dropped 4 from 1 to 4, met true, used true, failed false
  summary {"role":"user","parts":[{"text":"[tool_compaction] Summary of 4 earlier messages:\nSé"}]}
  as the table says: true
  calls 1, list true, the pass's 1-4: true, 2 compacted: true
2. maxMessages counts one message for the summary
no summary: kept 2 3 4 | dropped 2 from 0 to 1, met true
summary:    kept S 3 4 | dropped 3 from 0 to 2, met true | "[tool_compaction] Summary of 3 earlier messages:\ngist of 3"
3. the summary stands where the oldest dropped message stood, before a pinned system message
kept S 2 4 | dropped 3 from 0 to 3, met true | "[tool_compaction] Summary of 3 earlier messages:\nu0,a1,u3"
