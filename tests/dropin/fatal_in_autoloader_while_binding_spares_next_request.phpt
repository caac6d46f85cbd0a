--TEST--
drop-in: a fatal error in an autoloader while the Composer class is being bound ends that request only; the next request of the same process binds the class (built-in server: two requests in one process)
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
if (!function_exists('proc_open') || !function_exists('fsockopen')) die('skip proc_open and fsockopen needed');
?>
--FILE--
<?php
require __DIR__ . '/../lib/cli.php';

$dir = sys_get_temp_dir() . '/tc_bind_fatal_' . getmypid();
@mkdir($dir);
$router = "$dir/router.php";
file_put_contents($router, <<<'PHP'
<?php
spl_autoload_register(function (string $class) {
    if ($class === 'AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface' && isset($_GET['fatal'])) {
        // a fatal error (no exception): the engine bails out of the lookup
        eval('class Twice {} class Twice {}');
    }
});
echo class_exists('AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy') ? 'bound' : 'not bound';
PHP);

function request(int $port, string $path): string
{
    $socket = @fsockopen('127.0.0.1', $port, $errno, $error, 5);
    if (!$socket) {
        return "no connection: $error";
    }
    fwrite($socket, "GET $path HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    $answer = stream_get_contents($socket);
    fclose($socket);
    return substr($answer, strpos($answer, "\r\n\r\n") + 4);
}

$server = null;
for ($try = 0; $try < 10 && !$server; $try++) {
    $port = random_int(20000, 60000);
    $command = [...ToolCompact\Tests\cli_php(), '-d', 'toolcompact.override=1', '-d', 'display_errors=1', '-d', 'html_errors=0',
        '-S', "127.0.0.1:$port", $router];
    $server = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    for ($wait = 0; $wait < 600; $wait++) { // up to 30 s on a busy machine
        usleep(50000);
        if (!proc_get_status($server)['running']) {
            $server = null; // the port was taken
            break;
        }
        if ($socket = @fsockopen('127.0.0.1', $port)) {
            fclose($socket);
            break;
        }
    }
}
$first = request($port, '/?fatal=1');
// (PHP 8.4 says "Cannot redeclare class", earlier versions "Cannot declare class")
echo preg_match('/Cannot (re)?declare class Twice/', $first) ? "first request: fatal error\n" : "first request: $first\n";
echo 'second request: ', request($port, '/'), "\n";
echo 'third request: ', request($port, '/'), "\n";
proc_terminate($server);
proc_close($server);
unlink($router);
rmdir($dir);
?>
--EXPECT--
first request: fatal error
second request: bound
third request: bound
