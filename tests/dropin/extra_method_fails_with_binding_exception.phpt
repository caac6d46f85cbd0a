--TEST--
drop-in: an SPI interface with a method of neither shape fails at first use with ToolCompact\BindingException naming that method, not at startup; the native class stays usable
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload('extra_method');
echo "started\n";
for ($i = 0; $i < 2; $i++) {
    try {
        new AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy();
        echo "no exception\n";
    } catch (ToolCompact\BindingException $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(ToolCompact\BindingException::class, is_subclass_of(ToolCompact\BindingException::class, LogicException::class));
echo (new ToolCompact\ToolCompactionConversationContextStrategy())->getId(), "\n";
?>
--EXPECT--
started
ToolCompact\BindingException: toolcompact cannot implement AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface::reset() for AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy: it is neither the strategy id (no required parameter, returns string) nor the compaction (its first parameter takes the history)
ToolCompact\BindingException: toolcompact cannot implement AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface::reset() for AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy: it is neither the strategy id (no required parameter, returns string) nor the compaction (its first parameter takes the history)
string(28) "ToolCompact\BindingException"
bool(true)
tool_compaction
