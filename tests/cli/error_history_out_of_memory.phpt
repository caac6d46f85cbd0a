--TEST--
a history under the size check that still runs out of memory_limit (many small messages): exit 1, one toolcompact: line, not PHP's "Allowed memory size" fatal error and exit 255
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip memory_limit is enforced by PHP\'s own allocator only, which USE_ZEND_ALLOC=0 (valgrind, ASan) turns off');
}
?>
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

// About 1.6 MB of JSON, far under 12M / 1.25, that takes over 12M decoded:
// 20 000 small messages, each an array of arrays.
$small = ['role' => 'user', 'content' => 'ok', 'toolCalls' => [], 'toolResults' => []];
$history = array_fill(0, 20000, $small);
$json = json_encode($history, CLI_JSON_FLAGS);
$file = cli_temp_file($json);
foreach (['FILE' => [[$file], null], 'stdin' => [[], $json], '--report' => [['--report', $file], null]] as $label => [$args, $stdin]) {
    [$code, $out, $err] = run_cli($args, $stdin, ini: ['memory_limit' => '12M']);
    echo $label, ' => ', $code, ' ', var_export($out, true), "\n", str_replace($file, 'FILE', $err);
}
// With room enough, the same history goes through.
[$code, $out, $err] = run_cli([$file], ini: ['memory_limit' => '256M']);
echo '256M => ', $code, ' ', var_export($out === cli_expected($history), true), ' ', var_export($err, true), "\n";
unlink($file);
?>
--EXPECT--
FILE => 1 ''
toolcompact: FILE: out of memory: the history does not fit in memory_limit (12M); raise it (php -d memory_limit=...)
stdin => 1 ''
toolcompact: standard input: out of memory: the history does not fit in memory_limit (12M); raise it (php -d memory_limit=...)
--report => 1 ''
toolcompact: FILE: out of memory: the history does not fit in memory_limit (12M); raise it (php -d memory_limit=...)
256M => 0 true ''
