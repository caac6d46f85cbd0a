--TEST--
DTO path fail-open: a call without arguments, a non-array result, a typed content that cannot hold the placeholder, collections that throw while iterated or rebuilt: each left as it is, no exception
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Items implements IteratorAggregate
{
    public function __construct(public array $items = [], public bool $throwOnRead = false) {}
    public function getIterator(): Iterator
    {
        if ($this->throwOnRead) {
            throw new RuntimeException('cannot read');
        }
        return new ArrayIterator($this->items);
    }
}
final class Fragile implements IteratorAggregate
{
    public function __construct(public array $items = []) {}
    public function getIterator(): Iterator { return new ArrayIterator($this->items); }
    public static bool $armed = false;
    public static function arm(): void { self::$armed = true; }
}
final class FragileBuilt implements IteratorAggregate
{
    public function __construct(public array $items = [])
    {
        if (count($items) > 0 && Fragile::$armed) {
            throw new LogicException('no rebuilding');
        }
    }
    public function getIterator(): Iterator { return new ArrayIterator($this->items); }
}
final class NoArgsCall { public function __construct(public string $id, public string $toolName) {} }
final class TextResult { public function __construct(public string $id, public string $toolName, public mixed $result) {} }
final class Label { public function __construct(public string $text) {} }
final class Msg
{
    public function __construct(public string $role, public Label|string|null $content, public object $toolCalls, public object $toolResults) {}
}
final class StrictMsg
{
    public function __construct(public string $role, public ?Label $content, public object $toolCalls, public object $toolResults) {}
}
function res($id, $result, $class = TextResult::class) { return new $class($id, 'read', $result); }

$big = str_repeat('z', 150);
$history = new Items([
    // 0: a call without an arguments property: takes part (protects nothing older), never changed
    new Msg('assistant', null, new Items([new NoArgsCall('a1', 'read'), new NoArgsCall('a2', 'read')]), new Items()),
    // 1, 2: results of a non-array payload and of an array payload
    new Msg('tool', 'raw', new Items(), new Items([res('a1', $big)])),
    new StrictMsg('tool', null, new Items(), new Items([res('a1', ['text' => $big])])),
    // 3: a list that throws when read
    new Msg('tool', 'raw', new Items(), new Items([res('a1', ['text' => $big])], throwOnRead: true)),
    // 4: a list whose class throws when rebuilt
    new Msg('tool', 'raw', new Items(), new FragileBuilt([res('a1', ['text' => $big])])),
    // 5: a readable one of the same group, compacted (the engine is at work)
    new Msg('tool', 'raw', new Items(), new Items([res('a1', ['text' => $big])])),
    // 6: the newest result of the group
    new Msg('tool', 'raw', new Items(), new Items([res('a1', ['text' => 'new'])])),
]);
Fragile::arm();
$before = serialize($history);
$out = toolcompact_compact($history);
var_dump(serialize($history) === $before);
echo get_class($out), "\n";
$in = $history->items;
foreach ($out as $i => $m) {
    echo $i, ': ', $m === $in[$i] ? 'same' : 'changed', "\n";
}
echo $out->items[5]->content, "\n";
echo $out->items[5]->toolResults->items[0]->result['text'], "\n";
var_dump(error_get_last());
?>
--EXPECT--
bool(true)
Items
0: same
1: same
2: same
3: same
4: same
5: changed
6: same
[tool_compaction] Tool result compacted for tool=read, callId=a1. Large fields omitted.
[omitted]
NULL
