--TEST--
standard output that cannot be written (a full disk: /dev/full): exit 1 and one toolcompact: line, no PHP notice
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php if (!is_writable('/dev/full')) die('skip needs /dev/full'); ?>
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

// The history from a file and from standard input, and the two options that
// print to standard output without reading one.
$file = cli_temp_file(cli_history_json());
$cases = [
    'FILE' => [[$file], null],
    'stdin' => [[], cli_history_json()],
    '--pretty' => [['--pretty', $file], null],
    '--help' => [['--help'], null],
    '--version' => [['--version'], null],
];
foreach ($cases as $label => [$args, $stdin]) {
    [$code, $out, $err] = run_cli($args, $stdin, stdout: ['file', '/dev/full', 'w']);
    echo $label, ' => ', $code, "\n", $err;
}
unlink($file);
?>
--EXPECT--
FILE => 1
toolcompact: cannot write to standard output: No space left on device
stdin => 1
toolcompact: cannot write to standard output: No space left on device
--pretty => 1
toolcompact: cannot write to standard output: No space left on device
--help => 1
toolcompact: cannot write to standard output: No space left on device
--version => 1
toolcompact: cannot write to standard output: No space left on device
