--TEST--
--params FILE: its JSON object is passed as the strategy parameters
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$params = [
    'inputTrimBytes' => 5,
    'outputTrimBytes' => 500,
    'excludedTools' => ['bash'],
    'toolIdentifierFields' => ['write_file' => ['path']],
];
$history = cli_temp_file(cli_history_json());
$paramsFile = cli_temp_file(json_encode($params));
[$code, $out, $err] = run_cli(['--params', $paramsFile, $history]);
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), $params));
var_dump($out === cli_expected(cli_history()));

// The params from standard input while the history is a file.
[$code, $out2] = run_cli(['--params', '-', $history], json_encode($params));
var_dump($code, $out2 === $out);

// An empty object means the defaults; invalid values of the Composer package's four fall back silently, as in toolcompact_compact().
$empty = cli_temp_file('{}');
$invalid = cli_temp_file('{"inputTrimBytes": "abc", "excludedTools": "bash", "unknownKey": 1}');
[$code, $out] = run_cli(['--params', $empty, $history]);
var_dump($code, $out === cli_expected(cli_history()));
[$code, $out] = run_cli(['--params', $invalid, $history]);
var_dump($code, $out === cli_expected(cli_history()));

array_map('unlink', [$history, $paramsFile, $empty, $invalid]);
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
bool(false)
int(0)
bool(true)
int(0)
bool(true)
int(0)
bool(true)
