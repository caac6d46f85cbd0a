--TEST--
an unknown option: exit 2, the option named, a pointer to --help, nothing on stdout
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

foreach ([['--bogus'], ['-x'], ['--inputtrim', '5'], ['--report=yes'], ['-ofile.json']] as $args) {
    [$code, $out, $err] = run_cli($args, cli_history_json());
    echo implode(' ', $args), ' => ', $code, ' ', var_export($out, true), "\n", $err;
}
// After "--" everything is a FILE, even what looks like an option.
[$code, $out, $err] = run_cli(['--', '--report']);
echo '-- --report => ', $code, "\n", $err;
?>
--EXPECT--
--bogus => 2 ''
toolcompact: unknown option --bogus
Try 'toolcompact --help'.
-x => 2 ''
toolcompact: unknown option -x
Try 'toolcompact --help'.
--inputtrim 5 => 2 ''
toolcompact: unknown option --inputtrim
Try 'toolcompact --help'.
--report=yes => 2 ''
toolcompact: option --report takes no value
Try 'toolcompact --help'.
-ofile.json => 2 ''
toolcompact: unknown option -ofile.json
Try 'toolcompact --help'.
-- --report => 1
toolcompact: --report: no such file
