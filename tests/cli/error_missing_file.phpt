--TEST--
a missing input FILE, a directory, or an unreadable path: exit 1 and a message naming it, nothing on stdout
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$missing = sys_get_temp_dir() . '/tc-cli-no-such-file.json';
foreach ([$missing, sys_get_temp_dir()] as $path) {
    [$code, $out, $err] = run_cli([$path]);
    var_dump($code, $out);
    echo str_replace($path, 'PATH', $err);
}
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: PATH: no such file
int(1)
string(0) ""
toolcompact: PATH: is a directory
