<?php
/*
 * Test doubles of the adachsoft/ai-agent SPI DTOs, as documented: readonly
 * message / tool-call / result DTOs with public properties, and immutable
 * typed collections that are IteratorAggregate. The namespace is this
 * double's own choice; the extension never names it.
 */
namespace AdachSoft\AiAgent\Spi\Conversation\Dto;

abstract class ImmutableCollection implements \IteratorAggregate, \Countable
{
    /** @var list<object> */
    private readonly array $items;

    /** @param iterable<object> $items */
    public function __construct(iterable $items = [])
    {
        $list = [];
        foreach ($items as $item) {
            if (!$item instanceof (static::ITEM)) {
                throw new \InvalidArgumentException(static::class . ' takes ' . static::ITEM . ' only');
            }
            $list[] = $item;
        }
        $this->items = $list;
    }

    public function getIterator(): \ArrayIterator
    {
        return new \ArrayIterator($this->items);
    }

    public function count(): int
    {
        return \count($this->items);
    }
}

final class ToolCallDto
{
    public function __construct(
        public readonly string $id,
        public readonly string $toolName,
        public readonly array $arguments,
    ) {
    }
}

final class ToolCallResultDto
{
    public function __construct(
        public readonly string $id,
        public readonly string $toolName,
        public readonly array $result,
    ) {
    }
}

final class ToolCallDtoCollection extends ImmutableCollection
{
    public const ITEM = ToolCallDto::class;
}

final class ToolCallResultDtoCollection extends ImmutableCollection
{
    public const ITEM = ToolCallResultDto::class;
}

final class ConversationMessageDto
{
    public function __construct(
        public readonly string $role,
        public readonly ?string $content,
        public readonly ToolCallDtoCollection $toolCalls = new ToolCallDtoCollection(),
        public readonly ToolCallResultDtoCollection $toolResults = new ToolCallResultDtoCollection(),
    ) {
    }
}

final class ConversationMessageDtoCollection extends ImmutableCollection
{
    public const ITEM = ConversationMessageDto::class;
}
