--TEST--
-o FILE / --output FILE writes the JSON to FILE (replacing it) and nothing to stdout; "-o -" means stdout
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$expected = cli_expected(cli_history());
foreach (['-o', '--output'] as $option) {
    $target = cli_temp_file('old contents that are longer than nothing');
    [$code, $out, $err] = run_cli([$option, $target], cli_history_json());
    var_dump($code, $out, $err, file_get_contents($target) === $expected);
    unlink($target);
}
[$code, $out] = run_cli(['-o', '-'], cli_history_json());
var_dump($code, $out === $expected);
?>
--EXPECT--
int(0)
string(0) ""
string(0) ""
bool(true)
int(0)
string(0) ""
string(0) ""
bool(true)
int(0)
bool(true)
