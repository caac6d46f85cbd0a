--TEST--
--input-trim N sets inputTrimBytes
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $out, $err] = run_cli(['--input-trim', '5'], cli_history_json());
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), ['inputTrimBytes' => 5]));
var_dump($out === cli_expected(cli_history()));
// Smaller argument fields of the older calls are omitted now: 3 more than the default's 3.
var_dump(substr_count($out, '"[omitted]"'));

[$code, $out] = run_cli(['--input-trim=1000'], cli_history_json());
var_dump($code, $out === cli_expected(cli_history(), ['inputTrimBytes' => 1000]));
var_dump(substr_count($out, '"[omitted]"'));
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
bool(false)
int(6)
int(0)
bool(true)
int(2)
