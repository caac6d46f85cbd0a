--TEST--
a --params file giving tokenCounter, onOmit or summarize (a function name, a [class, method] pair, anything but null) is refused: exit 1 and a message, nothing runs, nothing on stdout; null there is no value
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$history = cli_temp_file(cli_history_json());
$cases = [
    '{"onOmit": "printf"}',
    '{"tokenCounter": "passthru"}',
    '{"summarize": "system", "maxMessages": 1}',
    '{"tokenCounter": ["ToolCompact\\\\ToolCompactionStrategyParams", "resolve"]}',
    '{"inputTrimBytes": 1, "onOmit": 5}',
];
foreach ($cases as $contents) {
    $params = cli_temp_file($contents);
    [$code, $out, $err] = run_cli(['--params', $params, '--report', $history]);
    var_dump($code, $out);
    echo str_replace($params, 'PARAMS', $err);
    unlink($params);
}

$params = cli_temp_file('{"tokenCounter": null, "onOmit": null, "summarize": null}');
[$code, $out, $err] = run_cli(['--params', $params, $history]);
var_dump($code, $out === cli_expected(cli_history()), $err);
unlink($params);
unlink($history);
?>
--EXPECT--
int(1)
string(0) ""
toolcompact: PARAMS: "onOmit" takes a PHP callable, which a parameters file cannot give
int(1)
string(0) ""
toolcompact: PARAMS: "tokenCounter" takes a PHP callable, which a parameters file cannot give
int(1)
string(0) ""
toolcompact: PARAMS: "summarize" takes a PHP callable, which a parameters file cannot give
int(1)
string(0) ""
toolcompact: PARAMS: "tokenCounter" takes a PHP callable, which a parameters file cannot give
int(1)
string(0) ""
toolcompact: PARAMS: "onOmit" takes a PHP callable, which a parameters file cannot give
int(0)
bool(true)
string(0) ""
