<?php
// The SPI interface as a double: an id method and a compaction method.
namespace AdachSoft\AiAgent\Spi\Conversation;

use AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDtoCollection;

interface ConversationContextStrategyInterface
{
    public function getId(): string;

    /** @param array<string, mixed> $params */
    public function apply(ConversationMessageDtoCollection $history, array $params): ConversationMessageDtoCollection;
}
