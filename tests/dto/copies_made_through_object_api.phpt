--TEST--
DTO copies are made as PHP code makes them: no constructor and no __clone run, readonly properties initialized once (with the new value), a private property of a parent class kept, an unset property unset in the copy, a PHP reference in the input replaced in the copy by its value (never shared with the input); the input is not modified
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Items implements IteratorAggregate
{
    public function __construct(public array $items = []) {}
    public function getIterator(): Iterator { return new ArrayIterator($this->items); }
}
final class Result
{
    public static int $made = 0;
    public function __construct(public readonly string $id, public readonly string $toolName, public readonly array $result)
    {
        self::$made++;
    }
    public function __clone() { throw new LogicException('__clone ran'); }
    public function retry(): void { $this->result = []; }
}
class Base
{
    public function __construct(private string $origin = 'base') {}
    public function origin(): string { return $this->origin; }
}
final class Msg extends Base
{
    public static int $made = 0;
    public ?string $note = 'default';
    public function __construct(public string $role, public ?string $content, public Items $toolCalls, public Items $toolResults)
    {
        parent::__construct('msg');
        self::$made++;
    }
    public function __clone() { throw new LogicException('__clone ran'); }
}
$big = str_repeat('z', 150);
$old = new Msg('tool', 'raw', new Items(), new Items([new Result('a1', 'read', ['text' => $big])]));
unset($old->note);
$alias = &$old->role;
$history = new Items([
    $old,
    new Msg('tool', 'raw', new Items(), new Items([new Result('a1', 'read', ['text' => 'new'])])),
]);
$before = serialize($history);
Msg::$made = Result::$made = 0;
$out = toolcompact_compact($history);
echo 'constructors run: ', Msg::$made + Result::$made, "\n";
$copy = $out->items[0];
$result = $copy->toolResults->items[0];
echo get_class($copy), ' ', $copy === $old ? 'same' : 'new', ', ', get_class($result), "\n";
echo $result->id, ' ', $result->toolName, ' ', $result->result['text'], "\n";
try {
    $result->retry();
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo $copy->origin(), "\n";
var_dump(property_exists($copy, 'note'), isset($copy->note), array_key_exists('note', get_object_vars($copy)));
$alias = 'changed';
echo $old->role, ' ', $copy->role, "\n";
$alias = 'tool';
var_dump(serialize($history) === $before);
echo $out->items[1] === $history->items[1] ? "same\n" : "new\n";
?>
--EXPECT--
constructors run: 0
Msg new, Result
a1 read [omitted]
Error: Cannot modify readonly property Result::$result
msg
bool(true)
bool(false)
bool(false)
changed tool
bool(true)
same
