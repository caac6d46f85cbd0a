--TEST--
--identify TOOL=F,G sets toolIdentifierFields[TOOL], can be repeated, and a later one for the same tool wins
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

// write_file by path: src/a.php and src/b.php are different groups, so nothing of write_file is omitted.
[$code, $out, $err] = run_cli(['--identify', 'write_file=path'], cli_history_json());
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), ['toolIdentifierFields' => ['write_file' => ['path']]]));
var_dump(substr_count($out, '"[omitted]"'));

$params = ['toolIdentifierFields' => ['read_file' => ['path', 'offset'], 'write_file' => ['path']]];
[$code, $out] = run_cli(['--identify', 'read_file=path', '--identify=write_file=path', '--identify', 'read_file=path,offset'], cli_history_json());
var_dump($code, $out === cli_expected(cli_history(), $params));

// Identifier fields are never omitted, even over the threshold.
[$code, $out] = run_cli(['--identify', 'read_file=path', '--input-trim', '0'], cli_history_json());
$decoded = json_decode($out, true);
var_dump($code, $decoded[2]['toolCalls'][0]['arguments']['path'], $decoded[2]['toolCalls'][0]['arguments']['offset']);
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
int(2)
int(0)
bool(true)
int(0)
string(9) "src/a.php"
string(9) "[omitted]"
