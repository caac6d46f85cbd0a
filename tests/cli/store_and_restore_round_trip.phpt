--TEST--
--store DIR writes each omitted value's JSON to DIR/<sha256>.json (DIR made when missing, the same content again kept, other content never overwritten: exit 1), and restore --store DIR puts them back: restore(compact(h)) is h byte for byte, in adachsoft and in a provider format; restore without --store is a usage error
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$dir = sys_get_temp_dir() . '/tc-store-' . getmypid() . '/nested';
$openai = [['role' => 'user', 'content' => 'read it'],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c1', 'type' => 'function',
        'function' => ['name' => 'read_file', 'arguments' => json_encode(['path' => 'a.txt'])]]]],
    ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => json_encode(['text' => str_repeat('line é/ ', 60)])],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c2', 'type' => 'function',
        'function' => ['name' => 'read_file', 'arguments' => json_encode(['path' => 'a.txt'])]]]],
    ['role' => 'tool', 'tool_call_id' => 'c2', 'content' => json_encode(['text' => 'short'])]];
foreach (['adachsoft' => cli_history_json(), 'openai' => json_encode($openai, CLI_JSON_FLAGS)] as $name => $json) {
    $input = $json . "\n";
    $file = cli_temp_file($input);
    [$code, $compacted, $err] = run_cli(['--store', $dir, '--identify', 'read_file=path', $file]);
    $stored = glob("$dir/*.json");
    $named = array_filter($stored, fn ($f) => hash('sha256', file_get_contents($f)) === basename($f, '.json'));
    echo "$name: compact exit $code, changed: ", var_export($compacted !== $input, true), ', ', count($stored),
        ' files, each named by its sha256: ', var_export(count($named) === count($stored) && $stored !== [], true), "\n";
    // again: the same files, kept
    [$code] = run_cli(['--store', $dir, '--identify', 'read_file=path', $file]);
    echo "  again: exit $code, ", count(glob("$dir/*.json")), " files\n";
    $back = cli_temp_file($compacted);
    [$code, $restored, $err] = run_cli(['restore', '--store', $dir, $back]);
    echo "  restore exit $code, byte for byte: ", var_export($restored === $input, true), $err, "\n";
    unlink($file);
    unlink($back);
    foreach (glob("$dir/*.json") as $f) {
        unlink($f);
    }
}

echo "--- a file with other content is not overwritten\n";
$file = cli_temp_file(cli_history_json());
[$code] = run_cli(['--store', $dir, $file]);
$one = glob("$dir/*.json")[0];
file_put_contents($one, '"other"');
[$code, $out, $err] = run_cli(['--store', $dir, $file]);
echo "exit $code, output: ", var_export($out, true), ", kept: ", var_export(file_get_contents($one) === '"other"', true), "\n";
echo str_replace($one, 'FILE', $err);
echo "--- restore without --store\n";
[$code, , $err] = run_cli(['restore', $file]);
echo "exit $code: $err";
unlink($file);
foreach (glob("$dir/*") as $f) {
    unlink($f);
}
rmdir($dir);
rmdir(dirname($dir));
?>
--EXPECTF--
adachsoft: compact exit 0, changed: true, %d files, each named by its sha256: true
  again: exit 0, %d files
  restore exit 0, byte for byte: true
openai: compact exit 0, changed: true, 1 files, each named by its sha256: true
  again: exit 0, 1 files
  restore exit 0, byte for byte: true
--- a file with other content is not overwritten
exit 1, output: '', kept: true
toolcompact: --store %s: FILE holds other content; it is not overwritten
--- restore without --store
exit 2: toolcompact: restore needs --store DIR
Try 'toolcompact --help'.
