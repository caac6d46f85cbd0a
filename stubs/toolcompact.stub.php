<?php

/**
 * toolcompact: the tool_compaction conversation-context strategy, native.
 *
 * @generate-class-entries
 */

namespace {
    /**
     * Compacts old tool-call payloads of a conversation history.
     *
     * The newest occurrence of every logical tool call (its group: the tool
     * name plus the configured identifier arguments) stays intact; in older
     * calls and results every top-level field larger than the threshold is
     * replaced by "[omitted]" and described under the "_tool_compaction" key.
     *
     * @param array|object $messages The history, oldest message first, in
     *        either shape: an array of message arrays (role, content,
     *        toolCalls of [id, toolName, arguments], toolResults of [id,
     *        toolName, result]), or a Traversable collection of message
     *        objects with those public properties (the SPI DTOs of
     *        adachsoft/ai-agent), whose lists are collections too.
     *        Never modified.
     * @param array $params
     *        inputTrimBytes, outputTrimBytes, excludedTools, toolIdentifierFields;
     *        invalid values fall back to their defaults, unknown keys are ignored.
     * @return array|object The compacted history in the shape it was given:
     *         same messages, same order, same count (a collection is rebuilt
     *         through its own class's constructor). Messages, calls and
     *         results that did not change are the very same values (or
     *         objects) as in the input.
     */
    function toolcompact_compact(array|object $messages, array $params = []): array|object {}
}

namespace ToolCompact {
    /**
     * Implemented by every strategy class this extension provides, including
     * the one it answers with under the Composer package's class name: a
     * strategy object that is an instance of it is the native one.
     */
    interface NativeStrategy
    {
    }

    /**
     * Thrown at the first use of the Composer package's strategy class name
     * when the application's SPI interface has a method the extension cannot
     * implement (neither the strategy id nor the compaction).
     */
    final class BindingException extends \LogicException
    {
    }

    /**
     * The tool_compaction strategy, native. Always available under this name;
     * while toolcompact.override=On the extension also answers to
     * AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy,
     * which implements the application's SPI interface when it can be loaded.
     */
    final class ToolCompactionConversationContextStrategy implements NativeStrategy
    {
        /** The strategy id, 'tool_compaction'. */
        public function getId(): string {}

        /**
         * Compacts a history (either shape, see toolcompact_compact()).
         *
         * @param array|object $history The history; never modified.
         * @param array $params The strategy parameters.
         * @return array|object The compacted history, in the shape given.
         */
        public function compact(array|object $history, array $params = []): array|object {}
    }

    /**
     * The strategy's id and parameter keys, and the parameter resolver.
     *
     * Also answers to AdachSoft\AiAgentContextToolCompaction\ToolCompactionStrategyParams
     * while toolcompact.override=On.
     */
    final class ToolCompactionStrategyParams
    {
        /**
         * The id that selects the strategy in AgentConfigDto::$conversationContextStrategyId.
         * @var string
         */
        public const STRATEGY_ID = 'tool_compaction';

        /**
         * Parameter key: a call argument field larger than this many bytes is omitted.
         * @var string
         */
        public const INPUT_TRIM_BYTES = 'inputTrimBytes';
        /**
         * Parameter key: a tool result field larger than this many bytes is omitted.
         * @var string
         */
        public const OUTPUT_TRIM_BYTES = 'outputTrimBytes';
        /**
         * Parameter key: list of tool names whose calls and results are never touched.
         * @var string
         */
        public const EXCLUDED_TOOLS = 'excludedTools';
        /**
         * Parameter key: map of tool name to the argument names that identify a call.
         * @var string
         */
        public const TOOL_IDENTIFIER_FIELDS = 'toolIdentifierFields';

        /**
         * Default of inputTrimBytes.
         * @var int
         */
        public const DEFAULT_INPUT_TRIM_BYTES = 100;
        /**
         * Default of outputTrimBytes.
         * @var int
         */
        public const DEFAULT_OUTPUT_TRIM_BYTES = 100;

        /**
         * The key under which a compacted payload describes its omitted fields.
         * @var string
         */
        public const META_KEY = '_tool_compaction';
        /**
         * The value that replaces an omitted field.
         * @var string
         */
        public const OMITTED = '[omitted]';

        /**
         * Returns the parameters as the strategy will use them.
         *
         * Never throws for bad values: a threshold that is not an int >= 0 becomes
         * 100, a list that is not an array becomes [], non-string entries are
         * dropped, a tool whose field list is not an array is dropped, unknown
         * keys are left out.
         *
         * @param array $params The strategy parameters, as configured.
         * @return array inputTrimBytes (int), outputTrimBytes (int),
         *         excludedTools (list of string), toolIdentifierFields
         *         (tool name => list of argument names).
         */
        public static function resolve(array $params): array {}
    }
}
