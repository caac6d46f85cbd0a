--TEST--
restore --store DIR --params FILE: a placeholder template given in the compaction's --params file is recognised, so restore gives the history back byte for byte; without --params its texts stay; a wrong placeholder in the file is an error (exit 1) naming the file and the option
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$dir = sys_get_temp_dir() . '/tc-restore-params-' . getmypid();
$anthropic = [['role' => 'user', 'content' => 'read it'],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't1', 'name' => 'read_file', 'input' => ['path' => 'a']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't1', 'content' => str_repeat('line ', 100)]]],
    ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 't2', 'name' => 'read_file', 'input' => ['path' => 'b']]]],
    ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't2', 'content' => 'short']]]];
$input = json_encode($anthropic, CLI_JSON_FLAGS) . "\n";
$file = cli_temp_file($input);
$params = cli_temp_file('{"outputTrimBytes": 50, "placeholder": "({tool}: {bytes} bytes, {sha256})"}');
[$code, $compacted, $err] = run_cli(['--store', $dir, '--params', $params, $file]);
echo "compact exit $code: ", preg_replace('/[0-9a-f]{64}/', 'H', json_decode($compacted, true)[2]['content'][0]['content']), $err, "\n";
$back = cli_temp_file($compacted);
[$code, $restored, $err] = run_cli(['restore', '--store', $dir, '--params', $params, $back]);
echo "restore --params exit $code, byte for byte: ", var_export($restored === $input, true), $err, "\n";
[$code, $restored, $err] = run_cli(['restore', '--store', $dir, $back]);
echo "restore exit $code, unchanged: ", var_export($restored === $compacted, true), $err, "\n";
$wrong = cli_temp_file('{"placeholder": "{nope}"}');
[$code, $restored, $err] = run_cli(['restore', '--store', $dir, '--params', $wrong, $back]);
echo "wrong placeholder: exit $code, ", str_replace($wrong, 'FILE', $err);
foreach ([$file, $params, $back, $wrong, ...glob("$dir/*.json")] as $f) {
    unlink($f);
}
rmdir($dir);
?>
--EXPECT--
compact exit 0: (read_file: 500 bytes, H)
restore --params exit 0, byte for byte: true
restore exit 0, unchanged: true
wrong placeholder: exit 1, toolcompact: FILE: Option "placeholder" must name only {tool}, {bytes} and {sha256}
