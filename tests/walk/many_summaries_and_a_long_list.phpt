--TEST--
A pass without the memo over a first message of 40 calls (a summary larger than a first block), 240 small messages and a message of 120 calls (a summary larger than any block) reads every item right
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{asst, call, tool, res, reference_compact};

ini_set('toolcompact.memo_entries', '0');
$n = 120;
// first, 40 pending calls of one group: a summary of about 1 KB
$history = [asst(...array_map(fn ($i) => call("l$i", 'list', ['dir' => "d$i"]), range(0, 39)))];
for ($i = 0; $i < $n; $i++) { // older reads, one pair each
    $history[] = asst(call("a$i", 'read', ['path' => "p$i"]));
    $history[] = tool(res("a$i", 'read', ['content' => str_repeat(chr(65 + $i % 26), 200 + $i)]));
}
// the same paths again, all called at once, all answered in one message
$history[] = asst(...array_map(fn ($i) => call("b$i", 'read', ['path' => "p$i"]), range(0, $n - 1)));
$history[] = ['role' => 'tool', 'content' => 'done', 'toolCalls' => [],
    'toolResults' => array_map(fn ($i) => res("b$i", 'read', ['content' => str_repeat('z', 300)]), range(0, $n - 1))];
$params = ['toolIdentifierFields' => ['read' => ['path']]];

$out = toolcompact_compact($history, $params, $report);
$older = $newer = 0;
for ($i = 0; $i < $n; $i++) {
    $older += ($out[2 * $i + 2]['toolResults'][0]['result']['content'] ?? '') === '[omitted]';
    $newer += ($out[2 * $n + 2]['toolResults'][$i]['result']['content'] ?? '') === '[omitted]';
}
echo "older results omitted: $older, newer: $newer, fields: {$report['fieldsOmitted']}\n";
var_dump($out === reference_compact($history, $params));
?>
--EXPECT--
older results omitted: 120, newer: 0, fields: 120
bool(true)
