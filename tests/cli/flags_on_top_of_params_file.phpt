--TEST--
flags apply on top of --params: thresholds replace, --exclude appends, --identify replaces that tool's fields only
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$fileParams = [
    'inputTrimBytes' => 10,
    'outputTrimBytes' => 10,
    'excludedTools' => ['ask_user'],
    'toolIdentifierFields' => ['read_file' => ['path'], 'write_file' => ['path', 'content']],
    'someFutureKey' => true,
];
$paramsFile = cli_temp_file(json_encode($fileParams));
[$code, $out, $err] = run_cli([
    '--params', $paramsFile, '--output-trim', '500', '--exclude', 'bash', '--identify', 'write_file=path',
], cli_history_json());
unlink($paramsFile);

$merged = [
    'inputTrimBytes' => 10,
    'outputTrimBytes' => 500,
    'excludedTools' => ['ask_user', 'bash'],
    'toolIdentifierFields' => ['read_file' => ['path'], 'write_file' => ['path']],
    'someFutureKey' => true,
];
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), $merged));

// A params file whose list or map is not an array (invalid) is replaced by the flags' values.
$paramsFile = cli_temp_file('{"excludedTools": "x", "toolIdentifierFields": 3}');
[$code, $out] = run_cli(['--params', $paramsFile, '--exclude', 'bash', '--identify', 'write_file=path'], cli_history_json());
unlink($paramsFile);
var_dump($code, $out === cli_expected(cli_history(), ['excludedTools' => ['bash'], 'toolIdentifierFields' => ['write_file' => ['path']]]));
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
int(0)
bool(true)
