--TEST--
--exclude TOOL adds TOOL to excludedTools, and can be repeated
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $out, $err] = run_cli(['--exclude', 'bash'], cli_history_json());
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), ['excludedTools' => ['bash']]));
var_dump(substr_count($out, '"[omitted]"'));

[$code, $out] = run_cli(['--exclude', 'bash', '--exclude=write_file'], cli_history_json());
var_dump($code, $out === cli_expected(cli_history(), ['excludedTools' => ['bash', 'write_file']]));
var_dump(substr_count($out, '"[omitted]"'));
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
int(2)
int(0)
bool(true)
int(1)
