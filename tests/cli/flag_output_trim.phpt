--TEST--
--output-trim N sets outputTrimBytes
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

// 500: the 1,172-byte read_file content is still omitted, the 293-byte bash output is not.
[$code, $out, $err] = run_cli(['--output-trim', '500'], cli_history_json());
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), ['outputTrimBytes' => 500]));
var_dump(substr_count($out, '"[omitted]"'));

[$code, $out] = run_cli(['--output-trim=0'], cli_history_json());
var_dump($code, $out === cli_expected(cli_history(), ['outputTrimBytes' => 0]));
var_dump(substr_count($out, '"[omitted]"'));
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
int(2)
int(0)
bool(true)
int(6)
