--TEST--
Hostile: a JsonSerializable payload that, while the window estimates its message, retypes the PHP reference holding that message: the window reads the message it held, not freed memory
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Retyping implements JsonSerializable
{
    public $target;
    public function jsonSerialize(): mixed
    {
        $this->target = 42;     // the reference the history holds the message by
        return ['text' => str_repeat('y', 300)];
    }
}
function call($id) { return ['id' => $id, 'toolName' => 'read', 'arguments' => ['path' => 'a.txt']]; }
foreach (['maxMessages' => 3, 'maxTokensWindow' => 50, 'targetTokens' => 10] as $key => $value) {
    $payload = new Retyping();
    $history = [
        ['role' => 'user', 'content' => 'start', 'toolCalls' => [], 'toolResults' => []],
        ['role' => 'assistant', 'content' => null, 'toolCalls' => [call('c1')], 'toolResults' => []],
        // a call's arguments are estimated before the message's results
        ['role' => 'tool', 'content' => 'r', 'toolCalls' => [['id' => 'c9', 'toolName' => 'note', 'arguments' => ['data' => $payload]]],
         'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => str_repeat('z', 300)]]]],
        ['role' => 'assistant', 'content' => null, 'toolCalls' => [call('c2')], 'toolResults' => []],
        ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => ['text' => 'new']]]],
    ];
    $payload->target = &$history[2];
    $out = toolcompact_compact($history, [$key => $value], $report);
    echo $key, ": ", gettype($out), ", the message is now ", gettype($history[2]), "\n";
}
?>
--EXPECT--
maxMessages: array, the message is now integer
maxTokensWindow: array, the message is now integer
targetTokens: array, the message is now integer
