--TEST--
anthropic (Messages API): the README's behaviour examples A-D - an older tool_result's text replaced by the placeholder, an older tool_use input compacted as an object with its meta inside, a text part of a content list replaced and the base64 image beside it replaced by a text part naming it (media type, bytes and sha256 of its JSON), report format anthropic
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history, parts, show_changes, media_placeholder};

$f = 'anthropic';
function run(array $h, array $p): array
{
    $out = toolcompact_compact($h, $p, $report);
    show_changes($h, $out);
    echo 'report: ', json_encode(array_intersect_key($report, array_flip(
        ['applied', 'messagesChanged', 'callsCompacted', 'resultsCompacted', 'fieldsOmitted', 'firstChangedIndex', 'format']))), "\n";
    return $out;
}

echo "A: read_file_content twice with the same identifiers\n";
$p = ['inputTrimBytes' => 100, 'outputTrimBytes' => 100,
    'toolIdentifierFields' => ['read_file_content' => ['path', 'position', 'length']]];
$args = ['path' => 'A.php', 'position' => 0, 'length' => 6000];
run(history(
    [user($f, 'read A.php')],
    calls($f, [call('toolu_1', 'read_file_content', $args)]),
    results($f, [res('toolu_1', 'read_file_content', str_repeat('a', 150))]),
    calls($f, [call('toolu_2', 'read_file_content', $args)]),
    results($f, [res('toolu_2', 'read_file_content', str_repeat('b', 160))]),
), $p);

echo "B: same path, different position/length\n";
run(history(
    calls($f, [call('toolu_A', 'read_file_content', ['path' => 'A.php', 'position' => 0, 'length' => 6000])]),
    results($f, [res('toolu_A', 'read_file_content', str_repeat('a', 150))]),
    calls($f, [call('toolu_B', 'read_file_content', ['path' => 'A.php', 'position' => 6000, 'length' => 4000])]),
    results($f, [res('toolu_B', 'read_file_content', str_repeat('b', 150))]),
), $p);

echo "C: write_file_content, large input, small output\n";
$p = ['inputTrimBytes' => 100, 'outputTrimBytes' => 100, 'toolIdentifierFields' => ['write_file_content' => ['path']]];
run(history(
    calls($f, [call('toolu_1', 'write_file_content', ['path' => 'A.php', 'content' => str_repeat('v1 ', 50)])]),
    results($f, [res('toolu_1', 'write_file_content', 'ok')]),
    calls($f, [call('toolu_2', 'write_file_content', ['path' => 'A.php', 'content' => str_repeat('v2 ', 60)])]),
    results($f, [res('toolu_2', 'write_file_content', 'ok')]),
), $p);

echo "D: list_files without identifier fields, one group\n";
$files = '';
for ($i = 0; $i < 12; $i++) { $files .= "src/File$i.php\n"; }
$h = history(
    [user($f, 'list the sources')],
    calls($f, [call('toolu_1', 'list_files', ['dir' => 'src', 'pattern' => str_repeat('*.php|', 20)])], 'listing src'),
    results($f, [res('toolu_1', 'list_files', parts($f, $files, null))]),
    calls($f, [call('toolu_2', 'list_files', ['dir' => 'tests'])], 'listing tests'),
    results($f, [res('toolu_2', 'list_files', 'a.phpt')]),
);
$out = run($h, []);
echo "image part named by its placeholder: ", var_export($out[2]['content'][0]['content'][1]
    === media_placeholder($f, 'image/png', $h[2]['content'][0]['content'][1]), true), "\n";
?>
--EXPECT--
A: read_file_content twice with the same identifiers
0 same
1 same
2 changed
array (
  'role' => 'user',
  'content' => 
  array (
    0 => 
    array (
      'type' => 'tool_result',
      'tool_use_id' => 'toolu_1',
      'content' => '[omitted] 150 bytes, sha256=ad597005965438356131134a7f5f2f92875e7ac5334ea62b24759934589a0506',
    ),
  ),
)
3 same
4 same
report: {"applied":true,"messagesChanged":1,"callsCompacted":0,"resultsCompacted":1,"fieldsOmitted":1,"firstChangedIndex":2,"format":"anthropic"}
B: same path, different position/length
0 same
1 same
2 same
3 same
report: {"applied":true,"messagesChanged":0,"callsCompacted":0,"resultsCompacted":0,"fieldsOmitted":0,"firstChangedIndex":null,"format":"anthropic"}
C: write_file_content, large input, small output
0 same
1 same
2 same
3 same
report: {"applied":true,"messagesChanged":0,"callsCompacted":0,"resultsCompacted":0,"fieldsOmitted":0,"firstChangedIndex":null,"format":"anthropic"}
D: list_files without identifier fields, one group
0 same
1 same
2 changed
array (
  'role' => 'user',
  'content' => 
  array (
    0 => 
    array (
      'type' => 'tool_result',
      'tool_use_id' => 'toolu_1',
      'content' => 
      array (
        0 => 
        array (
          'type' => 'text',
          'text' => '[omitted] 170 bytes, sha256=f3bbad9f480c85f1a9216dae460d96bd09c5b4cd09aecf16a80a4849b6657ad0',
        ),
        1 => 
        array (
          'type' => 'text',
          'text' => '[omitted image/png, 399 bytes, sha256=64f58cdfbe20b74477df4e0fe2f20ab852e023220db3f473f0a86a2b9752005a]',
        ),
      ),
    ),
  ),
)
3 same
4 same
report: {"applied":true,"messagesChanged":1,"callsCompacted":0,"resultsCompacted":1,"fieldsOmitted":2,"firstChangedIndex":2,"format":"anthropic"}
image part named by its placeholder: true
