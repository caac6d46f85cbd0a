<?php
/*
 * A 30-turn agent loop on the SPI doubles with a scripted LLM. At every turn
 * it checks what the LLM receives against the array path, that the input
 * history is untouched and that untouched messages are the same objects.
 */
require __DIR__ . '/autoload.php';
spi_autoload();

use AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface;
use AdachSoft\AiAgent\Spi\Conversation\Dto as D;
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy;
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams;
use Spi\Agent\AgentConfigDto;
use Spi\Agent\AiAgentBuilder;

/** A strategy that changes nothing, registered as a decoy. */
final class PassThrough implements ConversationContextStrategyInterface
{
    public function getId(): string
    {
        return 'pass_through';
    }

    public function apply(D\ConversationMessageDtoCollection $history, array $params): D\ConversationMessageDtoCollection
    {
        return $history;
    }
}

$params = [
    'inputTrimBytes' => 200,
    'outputTrimBytes' => 300,
    'toolIdentifierFields' => ['read_file' => ['path'], 'write_file' => ['path']],
];
$config = new AgentConfigDto(ToolCompactionStrategyParams::STRATEGY_ID, $params);
$agent = (new AiAgentBuilder())
    ->withSpiConversationContextStrategy(new PassThrough())
    ->withSpiConversationContextStrategy(new ToolCompactionConversationContextStrategy())
    ->build($config);

$files = ['src/a.php', 'src/b.php', 'README.md', 'tests/a_test.php'];
$failures = [];
$changedTurns = 0;
$llm = function (D\ConversationMessageDtoCollection $context, int $turn) use ($agent, $params, $files, &$failures, &$changedTurns): D\ConversationMessageDto {
    $input = $agent->lastInput;
    $received = spi_to_arrays($context);
    $expected = toolcompact_compact(spi_to_arrays($input), $params);
    if (serialize($received) !== serialize($expected)) {
        $failures[] = "turn $turn: the LLM did not receive what the array path gives";
    }
    if (serialize($input) !== $agent->lastInputSerialized) {
        $failures[] = "turn $turn: the input history changed";
    }
    $in = iterator_to_array($input);
    foreach (iterator_to_array($context) as $i => $message) {
        if ($expected[$i] === spi_to_arrays([$in[$i]])[0] && $message !== $in[$i]) {
            $failures[] = "turn $turn: untouched message $i is not the same object";
        }
    }
    $changedTurns += $expected !== spi_to_arrays($input);

    // The script: reads, commands and writes, sometimes in parallel, sometimes none.
    $calls = [];
    $n = 0;
    $call = function (string $tool, array $args) use (&$calls, &$n, $turn) {
        $calls[] = new D\ToolCallDto("call_{$turn}_" . ++$n, $tool, $args);
    };
    switch ($turn % 5) {
        case 0:
            $call('read_file', ['path' => $files[$turn % 4]]);
            $call('read_file', ['path' => $files[($turn + 1) % 4]]);
            break;
        case 1:
            $call('bash', ['command' => 'grep -rn needle src/ | head -n ' . (10 + $turn)]);
            break;
        case 2:
            $call('write_file', ['path' => $files[$turn % 2], 'content' => str_repeat("<?php // turn $turn\n", 20)]);
            break;
        case 3:
            $call('read_file', ['path' => $files[$turn % 4]]);
            break;
    }
    return new D\ConversationMessageDto('assistant', "Turn $turn.", new D\ToolCallDtoCollection($calls));
};
$tools = fn (string $tool, array $args): array => match ($tool) {
    'read_file' => ['content' => str_repeat("line of {$args['path']}\n", 40 + strlen($args['path']))],
    'bash' => ['output' => str_repeat("src/x.php:1: needle\n", 30), 'exitCode' => 0],
    'write_file' => ['status' => 'ok', 'bytes' => strlen($args['content'])],
};

$agent->run('You are a coding agent.', 'Find the needle.', $llm, $tools, 30);

echo count($agent->history), " messages after 30 turns\n";
echo $failures ? implode("\n", $failures) : 'every turn: the array path result, input untouched, untouched messages shared', "\n";
var_dump($changedTurns > 20);
