<?php
/*
 * The same DTOs with collections whose constructor is variadic
 * (new Collection(...$items)), the other collection style the extension
 * must rebuild.
 */
namespace Spi\Variadic;

abstract class VariadicCollection implements \IteratorAggregate
{
    private readonly array $items;

    public function __construct(object ...$items)
    {
        foreach ($items as $item) {
            if (!$item instanceof (static::ITEM)) {
                throw new \InvalidArgumentException(static::class . ' takes ' . static::ITEM . ' only');
            }
        }
        $this->items = $items;
    }

    public function getIterator(): \Iterator
    {
        yield from $this->items;
    }
}

final class Call
{
    public function __construct(public readonly string $id, public readonly string $toolName, public readonly array $arguments)
    {
    }
}

final class Result
{
    public function __construct(public readonly string $id, public readonly string $toolName, public readonly array $result)
    {
    }
}

final class Calls extends VariadicCollection
{
    public const ITEM = Call::class;
}

final class Results extends VariadicCollection
{
    public const ITEM = Result::class;
}

final class Message
{
    public function __construct(
        public readonly string $role,
        public readonly ?string $content,
        public readonly Calls $toolCalls,
        public readonly Results $toolResults,
    ) {
    }
}

final class Messages extends VariadicCollection
{
    public const ITEM = Message::class;
}
