--TEST--
invalid JSON (from a file or stdin) and empty input: exit 1 and a message with the JSON error
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$file = cli_temp_file('[{"role": "user", "content": "hi",}]');
[$code, $out, $err] = run_cli([$file]);
var_dump($code, $out);
echo str_replace($file, 'FILE', $err);
unlink($file);

foreach (["\xff", str_repeat('[', 600) . str_repeat(']', 600), " \n"] as $stdin) {
    [$code, $out, $err] = run_cli([], $stdin);
    var_dump($code, $out);
    echo $err;
}
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: FILE: invalid JSON: Syntax error
int(1)
string(0) ""
toolcompact: standard input: invalid JSON: Malformed UTF-8 characters, possibly incorrectly encoded
int(1)
string(0) ""
toolcompact: standard input: invalid JSON: Maximum stack depth exceeded
int(1)
string(0) ""
toolcompact: standard input: empty input, expected JSON
