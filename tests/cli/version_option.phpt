--TEST--
--version prints the extension's version (phpversion('toolcompact')) and PHP's
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $out, $err] = run_cli(['--version']);
var_dump($code, $err, $out === 'toolcompact ' . phpversion('toolcompact') . ' (PHP ' . PHP_VERSION . ")\n");
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
