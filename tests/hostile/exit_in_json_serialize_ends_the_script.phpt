--TEST--
exit() inside a JsonSerializable payload ends the script: the pass does not swallow it (shutdown functions and destructors still run)
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Leaving implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        echo "leaving\n";
        exit(3);
    }
}
register_shutdown_function(function () { echo "shutdown\n"; });
$history = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'toolName' => 'read', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['blob' => [new Leaving()], 'text' => str_repeat('t', 300)]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'toolName' => 'read', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => 'new']]]],
];
try {
    toolcompact_compact($history, ['outputTrimBytes' => 100]);
} finally {
    echo "finally must not run\n";
}
echo "after exit: must not print\n";
?>
--EXPECT--
leaving
shutdown
