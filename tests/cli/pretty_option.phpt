--TEST--
--pretty indents the JSON (JSON_PRETTY_PRINT on top of the CLI's flags)
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $out, $err] = run_cli(['--pretty'], cli_history_json());
var_dump($code, $err);
var_dump($out === cli_expected(cli_history(), [], JSON_PRETTY_PRINT));
echo implode("\n", array_slice(explode("\n", $out), 0, 8)), "\n";
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
[
    {
        "role": "system",
        "content": "You are a coding agent. Paths look like src/café.php.",
        "toolCalls": [],
        "toolResults": []
    },
    {
