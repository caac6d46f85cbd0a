--TEST--
a history read from a FILE argument is written to stdout as toolcompact_compact() of it, JSON-encoded with the CLI's flags
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$file = cli_temp_file(cli_history_json());
[$code, $out, $err] = run_cli([$file]);
unlink($file);

var_dump($code, $err);
var_dump($out === cli_expected(cli_history()));
var_dump(substr_count($out, '"[omitted]"'));
// The flags: slashes and UTF-8 as they are, 1.0 stays a float.
var_dump(str_contains($out, ' src/café.php.'), str_contains($out, '"ratio":1.0'));
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
int(3)
bool(true)
bool(true)
