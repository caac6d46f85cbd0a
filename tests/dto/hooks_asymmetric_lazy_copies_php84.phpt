--TEST--
PHP 8.4 DTOs: a private(set) payload property gets the new value in the copy (written in its class's scope), a property with a set hook is copied through the hook, a virtual (hook-only) property is not copied, and a lazy ghost message is read (which initializes it, as reading it in PHP does) and copied into a plain object of its class; the input is otherwise not modified
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip PHP 8.4 (hooks, asymmetric visibility, lazy objects)'); ?>
--FILE--
<?php
final class Items implements IteratorAggregate
{
    public function __construct(public array $items = []) {}
    public function getIterator(): Iterator { return new ArrayIterator($this->items); }
}
final class Result
{
    public function __construct(public string $id, public string $toolName, public private(set) array $result) {}
}
final class Msg
{
    public static int $sets = 0;
    public string $tag = '' {
        set(string $value) {
            self::$sets++;
            $this->tag = strtoupper($value);
        }
    }
    public string $label {
        get => 'label of ' . $this->role;
    }
    public function __construct(public string $role, public ?string $content, public Items $toolCalls, public Items $toolResults)
    {
        $this->tag = 'tagged';
    }
}
$big = str_repeat('z', 150);
$initialized = 0;
$ghost = (new ReflectionClass(Msg::class))->newLazyGhost(function (Msg $m) use ($big, &$initialized) {
    $initialized++;
    $m->__construct('tool', 'raw', new Items(), new Items([new Result('a1', 'read', ['text' => $big])]));
});
$plain = new Msg('tool', 'raw', new Items(), new Items([new Result('a1', 'read', ['text' => $big])]));
$history = new Items([
    $ghost,
    $plain,
    new Msg('tool', 'raw', new Items(), new Items([new Result('a1', 'read', ['text' => 'new'])])),
]);
$before = serialize($plain);
Msg::$sets = 0;
$out = toolcompact_compact($history);
echo 'ghost initialized: ', $initialized, "\n";
foreach ([0, 1] as $i) {
    $copy = $out->items[$i];
    $r = new ReflectionClass($copy);
    echo $i, ': ', $copy === $history->items[$i] ? 'same' : 'new', ', lazy: ', var_export($r->isUninitializedLazyObject($copy), true),
        ', tag: ', $copy->tag, ', label: ', $copy->label, ', result: ', $copy->toolResults->items[0]->result['text'], "\n";
    try {
        $copy->toolResults->items[0]->result = [];
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// the ghost's initializer sets the tag once, each copy once more through the hook
echo 'set hook runs: ', Msg::$sets, "\n";
echo $ghost->toolResults->items[0]->result['text'] === $big ? "ghost's result kept\n" : "ghost's result changed\n";
var_dump(serialize($plain) === $before);
?>
--EXPECT--
ghost initialized: 1
0: new, lazy: false, tag: TAGGED, label: label of tool, result: [omitted]
Error: Cannot modify private(set) property Result::$result from global scope
1: new, lazy: false, tag: TAGGED, label: label of tool, result: [omitted]
Error: Cannot modify private(set) property Result::$result from global scope
set hook runs: 3
ghost's result kept
bool(true)
