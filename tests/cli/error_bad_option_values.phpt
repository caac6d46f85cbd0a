--TEST--
bad or missing option values (--input-trim abc, --output-trim -1, --identify without "=", ...) and two FILEs: exit 2 with a message
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$cases = [
    ['--input-trim', 'abc'],
    ['--input-trim', '-1'],
    ['--input-trim', '1.5'],
    ['--output-trim', '99999999999999999999'],
    ['--output-trim='],
    ['--input-trim'],
    ['--exclude', ''],
    ['--identify', 'read_file'],
    ['--identify', '=path'],
    ['--identify', 'read_file='],
    ['--identify', 'read_file=path,,offset'],
    ['-o'],
    ['--output', ''],
    ['a.json', 'b.json'],
];
foreach ($cases as $args) {
    [$code, $out, $err] = run_cli($args, cli_history_json());
    echo json_encode($args), ' => ', $code, ' ', var_export($out, true), "\n", $err;
}
?>
--EXPECT--
["--input-trim","abc"] => 2 ''
toolcompact: option --input-trim expects an integer >= 0, got "abc"
Try 'toolcompact --help'.
["--input-trim","-1"] => 2 ''
toolcompact: option --input-trim expects an integer >= 0, got "-1"
Try 'toolcompact --help'.
["--input-trim","1.5"] => 2 ''
toolcompact: option --input-trim expects an integer >= 0, got "1.5"
Try 'toolcompact --help'.
["--output-trim","99999999999999999999"] => 2 ''
toolcompact: option --output-trim expects an integer >= 0, got "99999999999999999999"
Try 'toolcompact --help'.
["--output-trim="] => 2 ''
toolcompact: option --output-trim expects an integer >= 0, got ""
Try 'toolcompact --help'.
["--input-trim"] => 2 ''
toolcompact: option --input-trim needs a value
Try 'toolcompact --help'.
["--exclude",""] => 2 ''
toolcompact: option --exclude needs a tool name
Try 'toolcompact --help'.
["--identify","read_file"] => 2 ''
toolcompact: option --identify expects TOOL=FIELD[,FIELD...], got "read_file"
Try 'toolcompact --help'.
["--identify","=path"] => 2 ''
toolcompact: option --identify expects TOOL=FIELD[,FIELD...], got "=path"
Try 'toolcompact --help'.
["--identify","read_file="] => 2 ''
toolcompact: option --identify expects TOOL=FIELD[,FIELD...], got "read_file="
Try 'toolcompact --help'.
["--identify","read_file=path,,offset"] => 2 ''
toolcompact: option --identify expects TOOL=FIELD[,FIELD...], got "read_file=path,,offset"
Try 'toolcompact --help'.
["-o"] => 2 ''
toolcompact: option -o needs a value
Try 'toolcompact --help'.
["--output",""] => 2 ''
toolcompact: option --output needs a file name
Try 'toolcompact --help'.
["a.json","b.json"] => 2 ''
toolcompact: one input FILE at most, got 2: a.json b.json
Try 'toolcompact --help'.
