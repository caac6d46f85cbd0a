--TEST--
without the extension the CLI says how to load it and exits 1; --help still works
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $out, $err] = run_cli([], cli_history_json(), withExtension: false);
var_dump($code, $out);
echo str_replace(cli_script(), 'SCRIPT', $err);

[$code, $out, $err] = run_cli(['--help'], null, withExtension: false);
var_dump($code, str_starts_with($out, 'Usage: toolcompact'), $err);
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: the toolcompact extension is not loaded.
Enable it in php.ini (extension=toolcompact), or run
  php -d extension=/path/to/toolcompact.so SCRIPT ...
int(0)
bool(true)
string(0) ""
