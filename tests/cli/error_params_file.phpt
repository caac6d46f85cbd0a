--TEST--
a --params file that is missing, not JSON, or not a JSON object: exit 1 and a message, nothing on stdout
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$history = cli_temp_file(cli_history_json());
$missing = sys_get_temp_dir() . '/tc-cli-no-such-params.json';
[$code, $out, $err] = run_cli(['--params', $missing, $history]);
var_dump($code, $out);
echo str_replace($missing, 'PARAMS', $err);

foreach (['{"inputTrimBytes": }', '[1, 2]', '[]', '100', ''] as $contents) {
    $params = cli_temp_file($contents);
    [$code, $out, $err] = run_cli(['--params', $params, $history]);
    var_dump($code, $out);
    echo str_replace($params, 'PARAMS', $err);
    unlink($params);
}

// Both from standard input cannot work.
[$code, $out, $err] = run_cli(['--params', '-'], '{}');
var_dump($code, $out);
echo $err;
unlink($history);
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: PARAMS: no such file
int(1)
string(0) ""
toolcompact: PARAMS: invalid JSON: Syntax error
int(1)
string(0) ""
toolcompact: PARAMS: the parameters must be a JSON object, like {"inputTrimBytes": 200}
int(1)
string(0) ""
toolcompact: PARAMS: the parameters must be a JSON object, like {"inputTrimBytes": 200}
int(1)
string(0) ""
toolcompact: PARAMS: the parameters must be a JSON object, like {"inputTrimBytes": 200}
int(1)
string(0) ""
toolcompact: PARAMS: empty input, expected JSON
int(1)
string(0) ""
toolcompact: --params - and the history cannot both come from standard input
