--TEST--
Hostile: exit() in a collection's getIterator() or in its constructor while the pass rebuilds it - the script ends there, as exit() ends it anywhere; the pass does not swallow it
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Messages implements IteratorAggregate
{
    public static bool $exitInConstructor = false;
    public static bool $exitInIterator = false;
    public array $items;

    public function __construct(array $items)
    {
        if (self::$exitInConstructor) {
            exit("exit() in the constructor\n");
        }
        $this->items = $items;
    }

    public function getIterator(): Iterator
    {
        if (self::$exitInIterator) {
            exit("exit() in getIterator()\n");
        }
        return new ArrayIterator($this->items);
    }
}
function message(string $role, array $calls, array $results): stdClass
{
    $m = new stdClass();
    $m->role = $role;
    $m->content = null;
    $m->toolCalls = $calls;
    $m->toolResults = $results;
    return $m;
}
$big = str_repeat('x', 300);
$history = new Messages([
    message('assistant', [['id' => 'a', 'toolName' => 't', 'arguments' => ['big' => $big]]], []),
    message('tool', [], [['id' => 'a', 'toolName' => 't', 'result' => ['big' => $big]]]),
    message('assistant', [['id' => 'b', 'toolName' => 't', 'arguments' => []]], []),
    message('tool', [], [['id' => 'b', 'toolName' => 't', 'result' => []]]),
]);
$out = toolcompact_compact($history);
echo 'compacted: ', var_export($out !== $history, true), "\n";

Messages::$exitInIterator = true;
register_shutdown_function(function () use ($history) {
    Messages::$exitInIterator = false;
    Messages::$exitInConstructor = true;
    toolcompact_compact($history);
    echo "not reached: the pass went on after exit() in the constructor\n";
});
toolcompact_compact($history);
echo "not reached: the pass went on after exit() in getIterator()\n";
?>
--EXPECT--
compacted: true
exit() in getIterator()
exit() in the constructor
