<?php
// An interface with a method the extension cannot implement.
namespace AdachSoft\AiAgent\Spi\Conversation;

use AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDtoCollection;

interface ConversationContextStrategyInterface
{
    public function getId(): string;

    public function apply(ConversationMessageDtoCollection $history, array $params): ConversationMessageDtoCollection;

    public function reset(): void;
}
