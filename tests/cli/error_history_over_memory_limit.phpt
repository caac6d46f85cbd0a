--TEST--
a history too large for memory_limit (its size known: a file, standard input from a file) is refused before it is read: exit 1, one toolcompact: line, no PHP fatal error
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

// 8 MB of JSON under memory_limit=8M: over what the limit leaves, divided by
// the factor the CLI documents (1.25).
$history = cli_history();
$history[0]['content'] = str_repeat('system prompt ', 600000);
$json = json_encode($history, CLI_JSON_FLAGS);
$file = cli_temp_file($json);
foreach (['FILE' => [[$file], null], 'stdin' => [[], $json]] as $label => [$args, $stdin]) {
    [$code, $out, $err] = run_cli($args, $stdin, ini: ['memory_limit' => '8M']);
    echo $label, ' => ', $code, ' ', var_export($out, true), "\n", str_replace($file, 'FILE', $err);
}
// With room enough, the same history goes through.
[$code, $out, $err] = run_cli([$file], ini: ['memory_limit' => '128M']);
echo '128M => ', $code, ' ', var_export($out === cli_expected($history), true), ' ', var_export($err, true), "\n";
unlink($file);
?>
--EXPECTF--
FILE => 1 ''
toolcompact: FILE: too large for memory_limit 8M: %s bytes of JSON need over %s bytes to read and decode, %s are free; raise it (php -d memory_limit=...)
stdin => 1 ''
toolcompact: standard input: too large for memory_limit 8M: %s bytes of JSON need over %s bytes to read and decode, %s are free; raise it (php -d memory_limit=...)
128M => 0 true ''
