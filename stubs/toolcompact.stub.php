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
     *        any format: an array of message arrays (role, content,
     *        toolCalls of [id, toolName, arguments], toolResults of [id,
     *        toolName, result]), or a Traversable collection of message
     *        objects with those public properties (the SPI DTOs of
     *        adachsoft/ai-agent), whose lists are collections too; or the
     *        messages of OpenAI Chat, the input items of OpenAI Responses,
     *        the messages of Anthropic (blocks may be its SDK's objects), the
     *        contents of Gemini. Never modified.
     * @param array $params
     *        inputTrimBytes, outputTrimBytes, excludedTools, toolIdentifierFields,
     *        keepLatestPerGroup, keepRecentMessages, compactInputs, compactOutputs,
     *        trigger, minSavedBytes, tokenCounter, onOmit, format, maxMessages,
     *        maxTokensWindow, keepSystem, keepFirstUser, summarize, targetTokens,
     *        previewBytes, previewTail, collapseWhitespace (see
     *        ToolCompact\ToolCompactionStrategyParams::resolve()); invalid values
     *        fall back to their defaults, unknown keys are ignored.
     * @param mixed $report Receives (by reference, whatever it held) a
     *        description of the pass, an array: triggered,
     *        applied, reason, messagesChanged, callsCompacted, resultsCompacted,
     *        fieldsOmitted, bytesBefore, bytesAfter, tokensBefore, tokensAfter,
     *        savedBytes, firstChangedIndex, format; with previews on,
     *        fieldsPreviewed (after fieldsOmitted); with collapseWhitespace,
     *        fieldsCollapsed (after those); with targetTokens set,
     *        targetMet; with a window limit set,
     *        also messagesDropped, droppedFrom, droppedTo, windowMet,
     *        summaryUsed, summaryFailed.
     * @return array|object The compacted history in the format it was given:
     *         same messages, same order, same count unless a window limit
     *         drops the oldest (a collection is rebuilt
     *         through its own class's constructor). Messages, calls and
     *         results that did not change are the very same values (or
     *         objects) as in the input.
     * @throws \Throwable Whatever the tokenCounter or onOmit callback throws
     *         (what summarize throws is caught: the window drops without it);
     *         the input is untouched and nothing is returned.
     */
    function toolcompact_compact(array|object $messages, array $params = [], &$report = null): array|object {}

    /**
     * Compacts the history inside a provider's JSON request body, as it
     * goes on the wire, and gives the body back.
     *
     * The history member is the first of "contents" (Gemini generateContent:
     * format gemini), "input" when it is an array (OpenAI Responses:
     * openai-responses) and "messages" (OpenAI Chat Completions or Anthropic
     * Messages, told from the entries) whose value is an array; the "format"
     * option, when given, names the format instead. It is json_decode()d as
     * objects and compacted by toolcompact_compact() with $params. Only its
     * bytes are rewritten: every other member (instructions, system,
     * systemInstruction, tools, 1.0, {}) keeps its bytes, an entry the pass
     * left unchanged keeps its bytes, and a changed or new entry is written
     * with JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE |
     * JSON_PRESERVE_ZERO_FRACTION ({} stays {}, 1.0 stays 1.0).
     *
     * @param string $body The request body.
     * @param array $params What toolcompact_compact() takes, and
     *        retrievalTool: the name of the read-back tool
     *        (toolcompact_retrieval_tool()); its calls and results are never
     *        compacted, and when the pass omitted anything the body's "tools"
     *        get its definition in the body's format appended (a "tools"
     *        member is added last when there is none), unless a tool of that
     *        name is there.
     * @param mixed $report Receives (by reference) toolcompact_compact()'s
     *        report, then requestBytesBefore, requestBytesAfter (the body's
     *        length in bytes) and retrievalToolOffered (bool). A body that is
     *        not JSON, not an object, has a top-level key twice or no history
     *        is returned as it is, with applied false, format null and reason
     *        notJson, notAnObject, duplicateKey or noHistory; a compacted
     *        history that cannot be encoded (a summary json_encode() refuses)
     *        gives the body as it is with reason notEncodable.
     * @return string The body with its history compacted.
     * @throws \Throwable As toolcompact_compact(): a wrong option of ours
     *         (retrievalTool: TypeError for a non-string, ValueError for a
     *         name toolcompact_retrieval_tool() refuses), and whatever the
     *         tokenCounter or onOmit callback throws; nothing is returned.
     */
    function toolcompact_compact_request(string $body, array $params = [], &$report = null): string {}

    /**
     * Puts omitted fields back (the inverse of a pass whose omitted values an
     * onOmit callback stored).
     *
     * For each field a valid "_tool_compaction" meta lists whose value is
     * still "[omitted]", $lookup receives the field's sha256 and returns the
     * stored JSON (or null); JSON whose SHA-256 matches is decoded back in
     * place and its meta entry removed (the meta goes when none is left).
     * The original content of a tool message is restored the same way when
     * a meta recorded it. Everything else stays as it is.
     *
     * In a provider's format a text that is exactly a placeholder gets its
     * stored string back: the default placeholder always, one written with
     * a "placeholder" template when $params names that template. A
     * placeholder without a sha256 (a template without {sha256}) is never
     * restored.
     *
     * @param array|object $messages A history in either shape; never modified.
     * @param callable $lookup function(string $sha256): ?string
     * @param array $params Only "placeholder" is read (null: none; checked as
     *        toolcompact_compact() checks it); other keys are ignored.
     * @return array|object The history with what could be restored put back,
     *         in the shape given; unchanged messages are the same values.
     * @throws \TypeError|\ValueError A wrong "placeholder".
     * @throws \Throwable Whatever $lookup throws; nothing is returned.
     */
    function toolcompact_restore(array|object $messages, callable $lookup, array $params = []): array|object {}

    /**
     * What the memo of this request holds. The memo keeps, across calls,
     * what a pass learned of each message array it met (toolcompact.memo_entries
     * bounds it; README "The memo"); it never changes an output.
     *
     * @return array{entries: int, bound: int, groups: int, hits: int, misses: int}
     *         entries: messages held now; bound: toolcompact.memo_entries;
     *         groups: group numbers handed out since the memo was last
     *         emptied; hits, misses: lookups since the request began.
     */
    function toolcompact_memo_info(): array {}

    /**
     * The format of a history as toolcompact_compact() tells it with
     * format "auto": "adachsoft", "openai", "openai-responses", "anthropic"
     * or "gemini"; null when its entries tell different formats or none
     * can be told, and when the pass would not read it (notAList,
     * unreadable): an object that is no collection, a collection holding a
     * provider message. A collection is iterated as the pass iterates it.
     *
     * @param array|object $messages A history; never modified.
     */
    function toolcompact_format(array|object $messages): ?string {}

    /**
     * The definition of a tool that lets the model read an omitted payload
     * back by its sha256, as one element of the request's tools list in a
     * provider's format: "openai" (Chat Completions), "openai-responses",
     * "anthropic" (Messages) or "gemini" (a tool of one function
     * declaration). Its one parameter is the string "sha256"; run a call of
     * it with toolcompact_retrieve().
     *
     * @param string $format The provider's format.
     * @param string $name The tool's name: 1 to 64 letters, digits,
     *        underscores or dashes, starting with a letter or an underscore.
     * @throws \ValueError For another format or such a name.
     */
    function toolcompact_retrieval_tool(string $format = "openai", string $name = "read_omitted"): array {}

    /**
     * The JSON stored for an omitted payload, for a call of the retrieval
     * tool: $lookup receives the sha256 (64 lower-case hex digits) and
     * returns what onOmit stored under it; that is returned when its
     * SHA-256 is the one asked for. Null when $sha256 is not 64 hex digits
     * (any case, whitespace around ignored; $lookup is then not called),
     * when $lookup returns anything but a string, or when the string does
     * not match.
     *
     * @param string $sha256 The sha256 the model asked for.
     * @param callable $lookup function(string $sha256): ?string
     * @throws \Throwable Whatever $lookup throws.
     */
    function toolcompact_retrieve(string $sha256, callable $lookup): ?string {}

    /**
     * One read-back round on the wire: when the model turn of $response
     * calls the read-back tool, the request to send next, with that turn and
     * the stored payloads it asked for appended to the history.
     *
     * The turn is appended as the provider expects it back: OpenAI Chat's
     * assistant message with its read-back tool_calls, then a "tool"
     * message per call; Responses' reasoning, message and read-back
     * function_call items, then a function_call_output per call (with
     * previous_response_id set, the input becomes those outputs alone and
     * the id the response's); Anthropic's assistant content, then one user
     * message of tool_result blocks; Gemini's model content, then one user
     * content of functionResponse parts ({"output": ...}). Calls of other
     * tools in the same turn are left out: the model asks for them again
     * once it has read. Each answer is what toolcompact_retrieve() returns,
     * or "No omitted payload is stored under this sha256.". Everything
     * else in $request keeps its bytes.
     *
     * @param string $request The JSON request body that was answered, as
     *        its caller wrote it (its history not compacted).
     * @param string $response The provider's JSON answer to it (not a stream).
     * @param callable $lookup function(string $sha256): ?string
     * @param string $name The read-back tool's name (toolcompact_retrieval_tool()).
     * @return string|null The next request body; null when the turn calls
     *         no read-back tool or either text is not such JSON.
     * @throws \ValueError For a name toolcompact_retrieval_tool() refuses.
     * @throws \Throwable Whatever $lookup throws.
     */
    function toolcompact_readback_next(string $request, string $response, callable $lookup, string $name = "read_omitted"): ?string {}
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
         * Parameter key: how many newest occurrences of each group stay intact (default 1).
         * @var string
         */
        public const KEEP_LATEST_PER_GROUP = 'keepLatestPerGroup';
        /**
         * Parameter key: the last N messages are never changed (default 0).
         * @var string
         */
        public const KEEP_RECENT_MESSAGES = 'keepRecentMessages';
        /**
         * Parameter key: false leaves call arguments alone (default true).
         * @var string
         */
        public const COMPACT_INPUTS = 'compactInputs';
        /**
         * Parameter key: false leaves tool results alone (default true).
         * @var string
         */
        public const COMPACT_OUTPUTS = 'compactOutputs';
        /**
         * Parameter key: compact only once tokens, messages or turns reach a threshold.
         * @var string
         */
        public const TRIGGER = 'trigger';
        /**
         * Parameter key: apply only when the pass removes at least this many bytes (0: always).
         * @var string
         */
        public const MIN_SAVED_BYTES = 'minSavedBytes';
        /**
         * Parameter key: callable(string $json): int, the token estimate of a JSON text.
         * @var string
         */
        public const TOKEN_COUNTER = 'tokenCounter';
        /**
         * Parameter key: callable(string $sha256, string $json, array $where), called for every omitted value.
         * @var string
         */
        public const ON_OMIT = 'onOmit';
        /**
         * Parameter key: the format of the history, "auto" (default), "adachsoft", "openai",
         * "openai-responses", "anthropic" or "gemini".
         * @var string
         */
        public const FORMAT = 'format';
        /**
         * Parameter key: int >= 1, the most messages the window keeps (SPEC Part 6).
         * @var string
         */
        public const MAX_MESSAGES = 'maxMessages';
        /**
         * Parameter key: int >= 1, the most estimated tokens the window keeps.
         * @var string
         */
        public const MAX_TOKENS_WINDOW = 'maxTokensWindow';
        /**
         * Parameter key: bool (default true), the window never drops system and developer messages.
         * @var string
         */
        public const KEEP_SYSTEM = 'keepSystem';
        /**
         * Parameter key: bool (default false), the window never drops the first user turn.
         * @var string
         */
        public const KEEP_FIRST_USER = 'keepFirstUser';
        /**
         * Parameter key: callable(array $dropped): string|array, the message that takes the place
         * of the messages the window drops.
         * @var string
         */
        public const SUMMARIZE = 'summarize';
        /**
         * Parameter key: int >= 1, the estimated tokens the pass compacts down to, from the
         * oldest message on (SPEC Part 6).
         * @var string
         */
        public const TARGET_TOKENS = 'targetTokens';
        /**
         * Parameter key: int >= 0, the bytes an omitted string keeps from its start (SPEC Part 6).
         * @var string
         */
        public const PREVIEW_BYTES = 'previewBytes';
        /**
         * Parameter key: int >= 0, the bytes an omitted string keeps from its end.
         * @var string
         */
        public const PREVIEW_TAIL = 'previewTail';
        /**
         * Parameter key: bool (default false), the kept strings of compacted payloads lose runs of
         * spaces and blank lines (SPEC Part 6).
         * @var string
         */
        public const COLLAPSE_WHITESPACE = 'collapseWhitespace';
        /**
         * Parameter key: int >= 0 (default 0, none), the newest tool calls across all tools that,
         * with their results, are never compacted (SPEC Part 2).
         * @var string
         */
        public const KEEP_RECENT_TOOL_USES = 'keepRecentToolUses';
        /**
         * Parameter key: int >= 0 (default 0, none), the last user turns that are never changed.
         * @var string
         */
        public const KEEP_RECENT_TURNS = 'keepRecentTurns';
        /**
         * Parameter key: int >= 1 or null (none), the newest messages whose estimates add up to at
         * most this many tokens are never changed.
         * @var string
         */
        public const KEEP_RECENT_TOKENS = 'keepRecentTokens';
        /**
         * Parameter key: int >= 1 or null (none), the model's context window in tokens, for
         * trigger.fraction.
         * @var string
         */
        public const CONTEXT_WINDOW = 'contextWindow';

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
         * dropped, a tool whose field list is not an array is dropped;
         * keepLatestPerGroup that is not an int >= 1 becomes 1, keepRecentMessages
         * and minSavedBytes that are not an int >= 0 become 0, compactInputs and
         * compactOutputs that are not false become true, trigger keeps only its
         * tokens, messages and turns entries that are ints >= 0, tokenCounter
         * and onOmit that are not callable become null; maxMessages and
         * maxTokensWindow that are not an int >= 1 become null, keepSystem that
         * is not false becomes true, keepFirstUser that is not true becomes
         * false, summarize that is not callable becomes null, targetTokens that
         * is not an int >= 1 becomes null, previewBytes and previewTail that
         * are not an int >= 0 become 0, collapseWhitespace that is not true
         * becomes false; unknown keys are left out.
         *
         * @param array $params The strategy parameters, as configured.
         * @return array inputTrimBytes (int), outputTrimBytes (int),
         *         excludedTools (list of string), toolIdentifierFields
         *         (tool name => list of argument names), keepLatestPerGroup
         *         (int), keepRecentMessages (int), compactInputs (bool),
         *         compactOutputs (bool), trigger (array), minSavedBytes (int),
         *         tokenCounter (callable|null), onOmit (callable|null), format
         *         (string), maxMessages (int|null), maxTokensWindow (int|null),
         *         keepSystem (bool), keepFirstUser (bool), summarize
         *         (callable|null), targetTokens (int|null), previewBytes (int),
         *         previewTail (int), collapseWhitespace (bool).
         */
        public static function resolve(array $params): array {}
    }
}
