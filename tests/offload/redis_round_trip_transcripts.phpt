--TEST--
Offload to a real Redis server (phpredis) through onOmit and back through toolcompact_restore(): byte-identical round trip over the real transcripts
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
if (!is_file(PHP_EXTENSION_DIR . '/redis.so')) die('skip phpredis (php8.2-redis) is not installed');
if (!is_executable('/usr/bin/redis-server')) die('skip redis-server is not installed');
?>
--FILE--
<?php
require __DIR__ . '/../lib/cli.php';
use function ToolCompact\Tests\cli_php;

// A loopback port of our own: ask the kernel for a free one.
$probe = stream_socket_server('tcp://127.0.0.1:0');
$port = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
fclose($probe);

$dir = sys_get_temp_dir() . '/toolcompact-redis-' . getmypid();
@mkdir($dir);
$server = proc_open(['/usr/bin/redis-server', '--port', (string) $port, '--bind', '127.0.0.1',
    '--save', '', '--appendonly', 'no', '--dir', $dir, '--daemonize', 'no'],
    [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
// Up to a minute for it to listen: under run-tests.php -m the server runs
// under valgrind too (unless VALGRIND_OPTS skips it, as .ci/run does), and
// then takes seconds to start on a slow machine.
$deadline = microtime(true) + 60;
while (!($s = @fsockopen('127.0.0.1', $port, $errno, $errstr, 0.1)) && microtime(true) < $deadline) {
    usleep(50000);
}
if ($s) {
    fclose($s);
} else {
    echo "redis-server did not listen on port $port within a minute\n";
}

// phpredis needs igbinary in Debian's build; both come from the system's
// extension directory, the extension under test as in the other CLI tests.
$php = cli_php();
array_splice($php, 2, 0, ['-d', 'extension=' . PHP_EXTENSION_DIR . '/igbinary.so', '-d', 'extension=' . PHP_EXTENSION_DIR . '/redis.so']);
$child = proc_open([...$php, __DIR__ . '/../lib/redis_offload.php', (string) $port], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $io);
$out = stream_get_contents($io[1]);
$err = stream_get_contents($io[2]);
$code = proc_close($child);

proc_terminate($server);
proc_close($server);
@rmdir($dir);

// The figures line goes to the test's output file for the record; the
// verdict is the last line.
$lines = explode("\n", trim($out));
file_put_contents(__DIR__ . '/redis_round_trip_transcripts.figures', $out);
echo $err, end($lines), "\nexit $code\n";
var_dump((bool) preg_match('/^\d+ transcripts, [1-9]\d* values offloaded/', $lines[0] ?? ''));
?>
--CLEAN--
<?php @unlink(__DIR__ . '/redis_round_trip_transcripts.figures'); ?>
--EXPECT--
round trip: identical
exit 0
bool(true)
