--TEST--
Whitespace, SPEC Part 6 collapseWhitespace: the exact strings, worked out from the rules (indentation kept, runs after it one space, trailing blanks gone, one blank line of a run, \r no whitespace), in object fields, JSON text members, text payloads and text parts; identifier fields, numbers and the newest occurrence untouched; no meta, no onOmit and no tool message placeholder for a payload only collapsed
--EXTENSIONS--
toolcompact
--FILE--
<?php
function run(array $h, array $params = []): array
{
    $calls = 0;
    $out = toolcompact_compact($h, $params + ['collapseWhitespace' => true,
        'onOmit' => function () use (&$calls): void { $calls++; }], $report);
    return [$out, $report, $calls];
}

echo "1. the rules on one string each\n";
$cases = [
    "a  b" => "a b",
    "  indented  x  " => "  indented x",
    "x\t\ty z" => "x y z",
    "x\ty" => "x\ty",                       // one tab is no run
    "p\n\n\n\nq" => "p\n\nq",                // blank lines in a row: the first stays
    "p\n  \t \n\t\nq" => "p\n\nq",           // blank: nothing but spaces and tabs, emptied
    "   " => "",
    "end\n\n\n" => "end\n",
    "a  \r\nb" => "a \r\nb",                 // \r is no whitespace: the run before it is inside the line
    "\t\tcode(  1,  2 )  \n" => "\t\tcode( 1, 2 )\n",
];
foreach ($cases as $in => $expected) {
    $h = [
        ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 't', 'arguments' => []]], 'toolResults' => []],
        ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 't', 'result' => ['s' => $in, 'n' => 5]]]],
        ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 't', 'arguments' => []]], 'toolResults' => []],
    ];
    [$out] = run($h);
    $got = $out[1]['toolResults'][0]['result']['s'];
    printf("%-28s %s\n", json_encode($in), $got === $expected ? 'as the rules say' : 'GOT ' . json_encode($got));
}

echo "2. adachsoft: identifier fields, numbers, the newest occurrence, no meta, no placeholder\n";
$h = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 'read', 'arguments' => ['path' => 'x  y', 'note' => 'n  n']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 'read', 'result' => ['text' => 'r  r', 'size' => 10]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 'read', 'arguments' => ['path' => 'x  y', 'note' => 'n  n']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => 'b', 'toolName' => 'read', 'result' => ['text' => 'r  r', 'size' => 10]]]],
];
[$out, $report, $calls] = run($h, ['toolIdentifierFields' => ['read' => ['path']]]);
echo json_encode($out[0]['toolCalls'][0]['arguments']), ' ', json_encode($out[1]), "\n";
echo 'newest untouched: ', var_export($out[2] === $h[2] && $out[3] === $h[3], true), ", onOmit calls $calls\n";
echo "fieldsOmitted {$report['fieldsOmitted']}, fieldsCollapsed {$report['fieldsCollapsed']}, calls {$report['callsCompacted']}, results {$report['resultsCompacted']}, changed {$report['messagesChanged']}\n";

echo "3. with a field omitted beside it: the meta last, the collapsed field in its place\n";
$h[1]['toolResults'][0]['result'] = ['big' => str_repeat('z', 600), 'text' => 'r  r'];
[$out, $report] = run($h);
echo json_encode(array_keys($out[1]['toolResults'][0]['result'])), ' ', json_encode($out[1]['toolResults'][0]['result']['text']),
    ' ', $out[1]['content'] === '[tool_compaction] Tool result compacted for tool=read, callId=a. Large fields omitted.' ? 'placeholder' : 'no placeholder', "\n";

echo "4. openai: a JSON text member, a text, text parts\n";
$call = fn (string $id) => ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => $id, 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{}']]]];
$h = [
    $call('a'), ['role' => 'tool', 'tool_call_id' => 'a', 'content' => "{ \"out\" : \"a  b\" ,  \"n\": 1 }"],
    $call('b'), ['role' => 'tool', 'tool_call_id' => 'b', 'content' => "plain  text  \n\n\n"],
    $call('c'), ['role' => 'tool', 'tool_call_id' => 'c', 'content' => [['type' => 'text', 'text' => 'p  1'], ['type' => 'image_url', 'image_url' => ['url' => 'u']], ['type' => 'text', 'text' => 'p2']]],
    $call('d'), ['role' => 'tool', 'tool_call_id' => 'd', 'content' => 'newest  one'],
];
[$out, $report, $calls] = run($h);
echo json_encode($out[1]['content']), "\n", json_encode($out[3]['content']), "\n", json_encode($out[5]['content']), "\n";
echo 'newest untouched: ', var_export($out[7] === $h[7], true), ", onOmit calls $calls, fieldsCollapsed {$report['fieldsCollapsed']}\n";
?>
--EXPECT--
1. the rules on one string each
"a  b"                       as the rules say
"  indented  x  "            as the rules say
"x\t\ty z"                   as the rules say
"x\ty"                       as the rules say
"p\n\n\n\nq"                 as the rules say
"p\n  \t \n\t\nq"            as the rules say
"   "                        as the rules say
"end\n\n\n"                  as the rules say
"a  \r\nb"                   as the rules say
"\t\tcode(  1,  2 )  \n"     as the rules say
2. adachsoft: identifier fields, numbers, the newest occurrence, no meta, no placeholder
{"path":"x  y","note":"n n"} {"role":"tool","content":"done","toolCalls":[],"toolResults":[{"id":"a","toolName":"read","result":{"text":"r r","size":10}}]}
newest untouched: true, onOmit calls 0
fieldsOmitted 0, fieldsCollapsed 2, calls 1, results 1, changed 2
3. with a field omitted beside it: the meta last, the collapsed field in its place
["big","text","_tool_compaction"] "r r" placeholder
4. openai: a JSON text member, a text, text parts
"{ \"out\" : \"a b\" ,  \"n\": 1 }"
"plain text\n"
[{"type":"text","text":"p 1"},{"type":"image_url","image_url":{"url":"u"}},{"type":"text","text":"p2"}]
newest untouched: true, onOmit calls 0, fieldsCollapsed 3
