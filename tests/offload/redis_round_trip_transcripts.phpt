--TEST--
Offload to a real Redis server (phpredis) through onOmit and back through toolcompact_restore(): byte-identical round trip over the real transcripts
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
require __DIR__ . '/../lib/redis_server.php';
if ($why = ToolCompact\Tests\redis_skip_reason()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/../lib/redis_server.php';
use function ToolCompact\Tests\{redis_php, redis_server_start, redis_server_stop};

$server = redis_server_start();
$port = $server[1];
$php = redis_php();
$child = proc_open([...$php, __DIR__ . '/../lib/redis_offload.php', (string) $port], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $io);
$out = stream_get_contents($io[1]);
$err = stream_get_contents($io[2]);
$code = proc_close($child);

redis_server_stop($server);

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
