--TEST--
standard output a pipe whose reader has gone (| head -c 10): exit 1 and one toolcompact: line, not a PHP notice and exit 0
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

// Over 2 MB of output: more than a pipe holds (64 KiB, 1 MiB at most by
// default), so the write fails (EPIPE: PHP's CLI ignores SIGPIPE) however
// soon the pipe is closed, before the write or during it.
$history = cli_history();
$history[0]['content'] = str_repeat('system prompt ', 150000);
[$code, $out, $err] = run_cli([], json_encode($history, CLI_JSON_FLAGS), stdout: ['pipe', 'w']);
var_dump($code);
echo $err;
?>
--EXPECT--
int(1)
toolcompact: cannot write to standard output: Broken pipe
