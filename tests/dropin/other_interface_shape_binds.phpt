--TEST--
drop-in: an SPI interface with other method names, parameter names and types binds by shape (id: no required parameter, returns string; compaction: first parameter takes the history)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload('other_shape');

use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy as Strategy;

$strategy = new Strategy();
var_dump($strategy instanceof AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface);
var_dump($strategy instanceof ToolCompact\NativeStrategy);
echo $strategy->strategyName(), "\n";
foreach (['prepareContext', 'strategyName'] as $name) {
    $m = new ReflectionMethod(Strategy::class, $name);
    echo $name, '(', implode(', ', array_map(
        fn (ReflectionParameter $p) => $p->getType() . ' $' . $p->getName() . ($p->isOptional() ? ' [optional]' : ''),
        $m->getParameters()
    )), '): ', $m->getReturnType(), "\n";
}

$big = str_repeat('x', 50);
$history = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 'ls', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 'ls', 'result' => ['out' => $big]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 'ls', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'b', 'toolName' => 'ls', 'result' => ['out' => $big]]]],
];
// named arguments with the interface's own names; null params mean defaults
$withParams = $strategy->prepareContext(strategyParams: ['outputTrimBytes' => 10], conversation: $history);
var_dump($withParams === toolcompact_compact($history, ['outputTrimBytes' => 10]));
echo $withParams[1]['content'], "\n";
var_dump($strategy->prepareContext($history) === $history);
var_dump($strategy->prepareContext($history, null, 5) === $history);
?>
--EXPECT--
bool(true)
bool(true)
tool_compaction
prepareContext(iterable $conversation, ?array $strategyParams [optional], int $budget [optional]): iterable
strategyName(): string
bool(true)
[tool_compaction] Tool result compacted for tool=ls, callId=a. Large fields omitted.
bool(true)
bool(true)
