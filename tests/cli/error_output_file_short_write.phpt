--TEST--
-o FILE that takes fewer bytes than written (a full disk: /dev/full): exit 1 and one toolcompact: line with the reason
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php if (!is_writable('/dev/full')) die('skip needs /dev/full'); ?>
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $out, $err] = run_cli(['-o', '/dev/full'], cli_history_json());
var_dump($code, $out);
echo $err;
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: /dev/full: cannot write: No space left on device
