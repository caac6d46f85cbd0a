--TEST--
openai-responses (Responses input items): the README's behaviour examples A-D - older function_call arguments and function_call_output outputs compacted (JSON text edited in place, text replaced by the placeholder), report format openai-responses
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history, show_changes};

$f = 'openai-responses';
function run(array $h, array $p): void
{
    $out = toolcompact_compact($h, $p, $report);
    show_changes($h, $out);
    echo 'report: ', json_encode(array_intersect_key($report, array_flip(
        ['applied', 'messagesChanged', 'callsCompacted', 'resultsCompacted', 'fieldsOmitted', 'firstChangedIndex', 'format']))), "\n";
}

echo "A: read_file_content twice with the same identifiers\n";
$p = ['inputTrimBytes' => 100, 'outputTrimBytes' => 100,
    'toolIdentifierFields' => ['read_file_content' => ['path', 'position', 'length']]];
$args = ['path' => 'A.php', 'position' => 0, 'length' => 6000];
run(history(
    [user($f, 'read A.php')],
    calls($f, [call('call_1', 'read_file_content', $args)]),
    results($f, [res('call_1', 'read_file_content', json_encode(['content' => str_repeat('a', 150)]))]),
    calls($f, [call('call_2', 'read_file_content', $args)]),
    results($f, [res('call_2', 'read_file_content', json_encode(['content' => str_repeat('b', 160)]))]),
), $p);

echo "B: same path, different position/length\n";
run(history(
    calls($f, [call('call_A', 'read_file_content', ['path' => 'A.php', 'position' => 0, 'length' => 6000])]),
    results($f, [res('call_A', 'read_file_content', json_encode(['content' => str_repeat('a', 150)]))]),
    calls($f, [call('call_B', 'read_file_content', ['path' => 'A.php', 'position' => 6000, 'length' => 4000])]),
    results($f, [res('call_B', 'read_file_content', json_encode(['content' => str_repeat('b', 150)]))]),
), $p);

echo "C: write_file_content, large input, small output\n";
$p = ['inputTrimBytes' => 100, 'outputTrimBytes' => 100, 'toolIdentifierFields' => ['write_file_content' => ['path']]];
run(history(
    calls($f, [call('call_1', 'write_file_content', ['path' => 'A.php', 'content' => str_repeat('v1 ', 50)])]),
    results($f, [res('call_1', 'write_file_content', '{"status":"ok"}')]),
    calls($f, [call('call_2', 'write_file_content', ['path' => 'A.php', 'content' => str_repeat('v2 ', 60)])]),
    results($f, [res('call_2', 'write_file_content', '{"status":"ok"}')]),
), $p);

echo "D: list_files without identifier fields, one group\n";
$files = '';
for ($i = 0; $i < 12; $i++) { $files .= "src/File$i.php\n"; }
run(history(
    [user($f, 'list the sources')],
    calls($f, [call('call_1', 'list_files', ['dir' => 'src', 'pattern' => str_repeat('*.php|', 20)])], 'listing src'),
    results($f, [res('call_1', 'list_files', $files)]),
    calls($f, [call('call_2', 'list_files', ['dir' => 'tests'])], 'listing tests'),
    results($f, [res('call_2', 'list_files', 'a.phpt')]),
), []);
?>
--EXPECT--
A: read_file_content twice with the same identifiers
0 same
1 same
2 same
3 same
4 same
report: {"applied":true,"messagesChanged":0,"callsCompacted":0,"resultsCompacted":0,"fieldsOmitted":0,"firstChangedIndex":null,"format":"openai-responses"}
B: same path, different position/length
0 same
1 same
2 same
3 same
report: {"applied":true,"messagesChanged":0,"callsCompacted":0,"resultsCompacted":0,"fieldsOmitted":0,"firstChangedIndex":null,"format":"openai-responses"}
C: write_file_content, large input, small output
0 same
1 same
2 same
3 same
report: {"applied":true,"messagesChanged":0,"callsCompacted":0,"resultsCompacted":0,"fieldsOmitted":0,"firstChangedIndex":null,"format":"openai-responses"}
D: list_files without identifier fields, one group
0 same
1 same
2 same
3 changed
array (
  'type' => 'function_call_output',
  'call_id' => 'call_1',
  'output' => '[omitted] 170 bytes, sha256=f3bbad9f480c85f1a9216dae460d96bd09c5b4cd09aecf16a80a4849b6657ad0',
)
4 same
5 same
6 same
report: {"applied":true,"messagesChanged":1,"callsCompacted":0,"resultsCompacted":1,"fieldsOmitted":1,"firstChangedIndex":3,"format":"openai-responses"}
