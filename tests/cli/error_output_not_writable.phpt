--TEST--
-o FILE that cannot be written: exit 1 and a message with the reason
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$target = sys_get_temp_dir() . '/tc-cli-no-such-dir/out.json';
[$code, $out, $err] = run_cli(['-o', $target], cli_history_json());
var_dump($code, $out);
echo str_replace($target, 'TARGET', $err);
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: TARGET: cannot write: Failed to open stream: No such file or directory
