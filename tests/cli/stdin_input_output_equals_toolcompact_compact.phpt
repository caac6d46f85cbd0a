--TEST--
a history on standard input (no FILE, or FILE "-") is written to stdout as toolcompact_compact() of it
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$expected = cli_expected(cli_history());
foreach ([[], ['-']] as $args) {
    [$code, $out, $err] = run_cli($args, cli_history_json());
    var_dump($code, $err, $out === $expected);
}
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
int(0)
string(0) ""
bool(true)
