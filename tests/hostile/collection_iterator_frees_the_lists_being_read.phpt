--TEST--
a collection's getIterator() replaces the other list of its message and grows the message: no crash, the message read as it was before
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Items implements IteratorAggregate
{
    public function __construct(public array $items = []) {}
    public function getIterator(): Iterator { return new ArrayIterator($this->items); }
}
final class Vandal implements IteratorAggregate
{
    public function __construct(public object $message) {}
    public function getIterator(): Iterator
    {
        // The message's array of results is only held by the message: it goes.
        $this->message->toolResults = 'gone';
        // New dynamic properties move the message's property table.
        for ($i = 0; $i < 20; $i++) {
            $this->message->{"extra$i"} = $i;
        }
        return new ArrayIterator([]);
    }
}
function call($id) { return (object) ['id' => $id, 'toolName' => 'read', 'arguments' => []]; }
function result($id, $text) { return (object) ['id' => $id, 'toolName' => 'read', 'result' => ['text' => $text]]; }

$big = str_repeat('z', 300);
$message = new stdClass();
$message->role = 'tool';
$message->content = 'raw';
$message->toolResults = [result('c1', $big), result('c1', $big)];
$message->toolCalls = new Vandal($message);
$history = new Items([
    (object) ['role' => 'assistant', 'content' => null, 'toolCalls' => new Items([call('c1')]), 'toolResults' => new Items()],
    $message,
    (object) ['role' => 'assistant', 'content' => null, 'toolCalls' => new Items([call('c1')]), 'toolResults' => new Items()],
    (object) ['role' => 'tool', 'content' => 'raw', 'toolCalls' => new Items(), 'toolResults' => new Items([result('c1', 'new')])],
]);
$out = toolcompact_compact($history);
// The summary is of the results read before getIterator(); the rewrite finds
// no list of results any more, so the message stays as it is now.
var_dump($out->items[1] === $message, $message->toolResults, $message->extra19);
echo count($out->items), "\n";
?>
--EXPECT--
bool(true)
string(4) "gone"
int(19)
4
