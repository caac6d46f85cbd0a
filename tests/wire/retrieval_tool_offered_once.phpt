--TEST--
toolcompact_compact_request() with retrievalTool: the read-back tool is offered in the body's format when the pass omitted anything, once, never beside a tool of its name, and its own calls and results are never compacted (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
$big = str_repeat('y', 300);
$q = json_encode(json_encode(['q' => $big]));
$r = json_encode(json_encode(['sha256' => str_repeat('a', 64), 'pad' => $big]));
// a history whose older search call is compactable, and one whose only compactable calls are read-backs
$histories = [
    'openai' => ['messages', fn ($tool) => <<<JSON
[{"role":"assistant","content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"$tool","arguments":$q}}]},
 {"role":"tool","tool_call_id":"a","content":"$big"},
 {"role":"assistant","content":null,"tool_calls":[{"id":"b","type":"function","function":{"name":"$tool","arguments":$q}}]},
 {"role":"tool","tool_call_id":"b","content":"$big"}]
JSON, '{"type":"function","function":{"name":"%s","parameters":{}}}'],
    'openai-responses' => ['input', fn ($tool) => <<<JSON
[{"type":"function_call","call_id":"a","name":"$tool","arguments":$q},{"type":"function_call_output","call_id":"a","output":"$big"},
 {"type":"function_call","call_id":"b","name":"$tool","arguments":$q},{"type":"function_call_output","call_id":"b","output":"$big"}]
JSON, '{"type":"function","name":"%s"}'],
    'anthropic' => ['messages', fn ($tool) => <<<JSON
[{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"$tool","input":{"q":"$big"}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"$big"}]},
 {"role":"assistant","content":[{"type":"tool_use","id":"b","name":"$tool","input":{"q":"$big"}}]},
 {"role":"user","content":[{"type":"tool_result","tool_use_id":"b","content":"$big"}]}]
JSON, '{"name":"%s","input_schema":{"type":"object"}}'],
    'gemini' => ['contents', fn ($tool) => <<<JSON
[{"role":"model","parts":[{"functionCall":{"name":"$tool","args":{"q":"$big"}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"$tool","response":{"r":"$big"}}}]},
 {"role":"model","parts":[{"functionCall":{"name":"$tool","args":{"q":"$big"}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"$tool","response":{"r":"$big"}}}]}]
JSON, '{"functionDeclarations":[{"name":"other"},{"name":"%s"}]}'],
];
$params = ['retrievalTool' => 'fetch_back'];
foreach ($histories as $format => [$member, $history, $tool]) {
    $definition = json_encode(toolcompact_retrieval_tool($format, 'fetch_back'), FLAGS);
    $variants = [
        'no tools member' => '{"model":"m","' . $member . '":' . $history('search') . '}',
        'tools of others' => '{"tools": [ ' . sprintf($tool, 'search') . ' ] ,"' . $member . '":' . $history('search') . ',"x":1.0}',
        'empty tools' => '{"' . $member . '":' . $history('search') . ',"tools":[ ]}',
        'tool there' => '{"tools":[' . sprintf($tool, 'search') . ',' . sprintf($tool, 'fetch_back') . '],"' . $member . '":' . $history('search') . '}',
        'nothing omitted' => '{"tools":[],"' . $member . '":' . $history('search') . '}',
        'only read-backs' => '{"' . $member . '":' . $history('fetch_back') . '}',
    ];
    echo $format, ":\n";
    foreach ($variants as $name => $body) {
        $p = $name === 'nothing omitted' ? $params + ['inputTrimBytes' => 1000, 'outputTrimBytes' => 1000] : $params;
        $out = toolcompact_compact_request($body, $p, $report);
        $sent = json_decode($out);
        $tools = $sent->tools ?? [];
        $offered = array_filter($tools, fn ($t) => json_encode($t, FLAGS) === $definition);
        // the tools that were there keep their bytes, the definition comes last
        $before = json_decode($body)->tools ?? [];
        $kept = json_encode(array_slice($tools, 0, count($before)), FLAGS) === json_encode($before, FLAGS);
        printf("  %s: offered %s, %d definition(s)%s, fieldsOmitted %d, history as toolcompact_compact() %s\n", $name,
            json_encode($report['retrievalToolOffered']), count($offered),
            $offered ? (array_key_last($tools) === array_key_first($offered) && $kept ? ' last' : ' MISPLACED') : '',
            $report['fieldsOmitted'],
            json_encode(json_encode($sent->$member, FLAGS)
                === json_encode(toolcompact_compact(json_decode($history($name === 'only read-backs' ? 'fetch_back' : 'search')), $p), FLAGS)));
        if ($name === 'no tools member' || $name === 'tools of others') {
            // what is outside the history and the tools keeps its bytes
            echo '    rest kept: ', json_encode(str_starts_with($out, $name === 'no tools member' ? '{"model":"m","' : '{"tools": [ ')
                && str_ends_with($out, $name === 'no tools member' ? ',"tools":[' . $definition . ']}' : ',"x":1.0}')), "\n";
        }
    }
}
// toolcompact_compact() takes retrievalTool too: that tool's calls and results stay intact
$h = json_decode($histories['anthropic'][1]('fetch_back'));
var_dump(toolcompact_compact($h, $params) === $h, toolcompact_compact($h) === $h);
// as it does with excludedTools, and resolve() lists it there once
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['excludedTools' => ['x'], 'retrievalTool' => 'fetch_back'])['excludedTools']);
var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['excludedTools' => ['fetch_back'], 'retrievalTool' => 'fetch_back'])['excludedTools']);
// no retrievalTool, or null: nothing offered
toolcompact_compact_request('{"messages":' . $histories['openai'][1]('search') . '}', ['retrievalTool' => null], $report);
var_dump($report['retrievalToolOffered'], $report['fieldsOmitted']);
?>
--EXPECT--
openai:
  no tools member: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  tools of others: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  empty tools: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
  tool there: offered false, 0 definition(s), fieldsOmitted 2, history as toolcompact_compact() true
  nothing omitted: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
  only read-backs: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
openai-responses:
  no tools member: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  tools of others: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  empty tools: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
  tool there: offered false, 0 definition(s), fieldsOmitted 2, history as toolcompact_compact() true
  nothing omitted: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
  only read-backs: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
anthropic:
  no tools member: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  tools of others: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  empty tools: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
  tool there: offered false, 0 definition(s), fieldsOmitted 2, history as toolcompact_compact() true
  nothing omitted: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
  only read-backs: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
gemini:
  no tools member: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  tools of others: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
    rest kept: true
  empty tools: offered true, 1 definition(s) last, fieldsOmitted 2, history as toolcompact_compact() true
  tool there: offered false, 0 definition(s), fieldsOmitted 2, history as toolcompact_compact() true
  nothing omitted: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
  only read-backs: offered false, 0 definition(s), fieldsOmitted 0, history as toolcompact_compact() true
bool(true)
bool(false)
array(2) {
  [0]=>
  string(1) "x"
  [1]=>
  string(10) "fetch_back"
}
array(1) {
  [0]=>
  string(10) "fetch_back"
}
bool(false)
int(2)
