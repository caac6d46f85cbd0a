<?php
// Another version of the interface: other method names, other signatures.
namespace AdachSoft\AiAgent\Spi\Conversation;

interface ConversationContextStrategyInterface
{
    public function prepareContext(iterable $conversation, ?array $strategyParams = null, int $budget = 0): iterable;

    public function strategyName(): string;
}
