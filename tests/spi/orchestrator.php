<?php
/*
 * A minimal agent in the manner of adachsoft/ai-agent: strategies are
 * registered on the builder, the config names one by id, and before every
 * LLM call the history is passed through it. The agent keeps its own full
 * history; only what the LLM receives is compacted.
 */
namespace Spi\Agent;

use AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface;
use AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDto;
use AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDtoCollection;
use AdachSoft\AiAgent\Spi\Conversation\Dto\ToolCallDtoCollection;
use AdachSoft\AiAgent\Spi\Conversation\Dto\ToolCallResultDto;
use AdachSoft\AiAgent\Spi\Conversation\Dto\ToolCallResultDtoCollection;

final class AgentConfigDto
{
    public function __construct(
        public string $conversationContextStrategyId,
        public array $conversationContextStrategyParams = [],
    ) {
    }
}

final class AiAgentBuilder
{
    /** @var list<ConversationContextStrategyInterface> */
    private array $strategies = [];

    public function withSpiConversationContextStrategy(ConversationContextStrategyInterface $strategy): self
    {
        $this->strategies[] = $strategy;
        return $this;
    }

    public function build(AgentConfigDto $config): Agent
    {
        foreach ($this->strategies as $strategy) {
            if ($strategy->getId() === $config->conversationContextStrategyId) {
                return new Agent($strategy, $config->conversationContextStrategyParams);
            }
        }
        throw new \RuntimeException("no strategy with id {$config->conversationContextStrategyId}");
    }
}

final class Agent
{
    /** @var list<ConversationMessageDto> */
    public array $history = [];

    /** What the strategy was given last, and its serialization at that time. */
    public ?ConversationMessageDtoCollection $lastInput = null;
    public string $lastInputSerialized = '';

    public function __construct(
        private readonly ConversationContextStrategyInterface $strategy,
        private readonly array $params,
    ) {
    }

    /**
     * @param callable(ConversationMessageDtoCollection, int): ConversationMessageDto $llm
     * @param callable(string, array): array $tools tool name, arguments => result
     */
    public function run(string $system, string $task, callable $llm, callable $tools, int $turns): void
    {
        $this->history = [
            new ConversationMessageDto('system', $system),
            new ConversationMessageDto('user', $task),
        ];
        for ($turn = 1; $turn <= $turns; $turn++) {
            $this->lastInput = new ConversationMessageDtoCollection($this->history);
            $this->lastInputSerialized = serialize($this->lastInput);
            $context = $this->strategy->apply($this->lastInput, $this->params);
            $reply = $llm($context, $turn);
            $this->history[] = $reply;
            foreach ($reply->toolCalls as $call) {
                $result = $tools($call->toolName, $call->arguments);
                $this->history[] = new ConversationMessageDto(
                    'tool',
                    json_encode($result),
                    new ToolCallDtoCollection(),
                    new ToolCallResultDtoCollection([new ToolCallResultDto($call->id, $call->toolName, $result)]),
                );
            }
        }
    }
}
