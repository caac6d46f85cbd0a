--TEST--
examples/read_omitted_with_redis.php against a real Redis server: the older result goes as a placeholder naming its sha256, onOmit stores the original in Redis, the model's read_omitted call is answered by toolcompact_retrieve() with the original JSON
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
$child = proc_open([...redis_php(), dirname(__DIR__, 2) . '/examples/read_omitted_with_redis.php', '127.0.0.1', (string) $server[1]],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $io);
$out = stream_get_contents($io[1]);
$err = stream_get_contents($io[2]);
$code = proc_close($child);
redis_server_stop($server);

// what the example's older read_file result becomes (SPEC Part 4, a text payload)
$config = str_repeat("timeout = 30\nretries = 3\n", 20);
$json = json_encode($config);
$expected = "older result sent as: [omitted] " . strlen($config) . " bytes, sha256=" . hash('sha256', $json) . "\n"
    . "tools: [\"read_omitted\"]\n"
    . "read_omitted gave " . strlen($json) . " bytes of JSON: the original result\n";
echo $err, $out === $expected ? "as expected\n" : "got:\n$out", "exit $code\n";
?>
--EXPECT--
as expected
exit 0
