<?php

declare(strict_types=1);

/**
 * Userland reference implementation of the `tool_compaction` strategy
 * (shared/SPEC.md Part 1, with the choices written down in the README's "Behaviour details")
 * on the plain-array history shape.
 *
 * It is written from the contract only, independently of the C extension, so
 * that the differential test can hold the two against each other. It is also
 * the userland baseline for benchmarks: straightforward PHP, no tricks.
 *
 * Entry points: reference_compact() and reference_resolve().
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/preview.php';

/**
 * Compacts old tool payloads of a plain-array history (SPEC Parts 1 and 2).
 *
 * Same contract as toolcompact_compact(): same keys, same order, same count;
 * the input is never modified; nothing throws but the tokenCounter and
 * onOmit callbacks; json_last_error() is the same after the call as before.
 *
 * @param array $messages The history, oldest message first.
 * @param array $params   The strategy parameters (invalid values fall back).
 * @param array|null $report Receives the report of the pass when passed.
 */
function reference_compact(array $messages, array $params = [], ?array &$report = null): array
{
    return (new ReferenceCompactor($params))->compact($messages, func_num_args() >= 3, $report);
}

/**
 * Resolves the strategy parameters (SPEC Part 1 "Parameters").
 *
 * Same contract as ToolCompact\ToolCompactionStrategyParams::resolve().
 */
function reference_resolve(array $params): array
{
    return ReferenceCompactor::resolve($params);
}

/**
 * One compaction pass with fixed parameters.
 *
 * The pass has three steps, as in the SPEC: build the call index (call id =>
 * group), walk the history from the newest item to the oldest deciding which
 * calls and results are compacted, then build the output, rebuilding only the
 * messages, calls and results whose payload actually changed.
 */
final class ReferenceCompactor
{
    public const META_KEY = '_tool_compaction';
    public const OMITTED = '[omitted]';
    public const DEFAULT_TRIM_BYTES = 100;
    /** The Composer package's parameters: any other key of resolve() (or retrievalTool, placeholder) is an option of ours */
    private const PACKAGE_PARAMS = ['inputTrimBytes', 'outputTrimBytes', 'excludedTools', 'toolIdentifierFields'];
    /** json_encode()'s default depth, also the identifier nesting limit. */
    public const MAX_DEPTH = 512;

    private int $inputTrimBytes;
    private int $outputTrimBytes;
    private int $keepLatestPerGroup;
    private int $keepRecentMessages;
    /** Part 2, windows of our own: 0 / null is none */
    private int $keepRecentToolUses;
    private int $keepRecentTurns;
    private ?int $keepRecentTokens;
    /** @var bool|list<string> true, false, or the tools whose arguments are compacted */
    private bool|array $compactInputs;
    private bool $compactOutputs;
    /** @var array{tokens?: int, messages?: int, turns?: int, toolUses?: int, fraction?: float, mode?: string} */
    private array $trigger;
    private ?int $contextWindow;
    private int $minSavedBytes;
    /** SPEC Part 6: the bytes a preview keeps at each end */
    private int $previewBytes;
    private int $previewTail;
    private bool $collapseWhitespace;
    /** @var callable|null */
    private $tokenCounter;
    /** @var callable|null */
    private $onOmit;
    /** @var array<string, true> excluded tool names as a set */
    private array $excludedTools = [];
    /** @var array<array-key, list<string>> tool name => identifier argument names */
    private array $toolIdentifierFields;
    /** @var array<array-key, array<array-key, true>> tool name => identifier names as a set */
    private array $identifierSets = [];
    /** Counter for the private groups of calls whose identifiers match nothing. */
    private int $uniqueGroups = 0;
    /** @var callable|null formats.php: fn(array $message): list<mixed>, the values the estimate encodes */
    private $estimateValues = null;
    /** @var callable|null formats.php: fn(int $position, array $message, array $new): array, a changed message as written back */
    private $rewrite = null;
    /** @var callable|null (item, field, new payload): is the payload written shorter than it was? */
    private $pays = null;
    /** Part 4: an option of ours is given (not null): a payload is then never made larger */
    private bool $optionsOfOurs;

    public function __construct(array $params = [])
    {
        $resolved = self::resolve($params);
        $ours = array_diff([...array_keys($resolved), 'retrievalTool', 'placeholder'], self::PACKAGE_PARAMS);
        $this->optionsOfOurs = array_filter($ours, fn (string $key): bool => ($params[$key] ?? null) !== null) !== [];
        $this->inputTrimBytes = $resolved['inputTrimBytes'];
        $this->outputTrimBytes = $resolved['outputTrimBytes'];
        foreach ($resolved['excludedTools'] as $tool) {
            $this->excludedTools[$tool] = true;
        }
        $this->toolIdentifierFields = $resolved['toolIdentifierFields'];
        $this->keepLatestPerGroup = $resolved['keepLatestPerGroup'];
        $this->keepRecentMessages = $resolved['keepRecentMessages'];
        $this->keepRecentToolUses = $resolved['keepRecentToolUses'];
        $this->keepRecentTurns = $resolved['keepRecentTurns'];
        $this->keepRecentTokens = $resolved['keepRecentTokens'];
        $this->contextWindow = $resolved['contextWindow'];
        $this->compactInputs = $resolved['compactInputs'];
        $this->compactOutputs = $resolved['compactOutputs'];
        $this->trigger = $resolved['trigger'];
        $this->minSavedBytes = $resolved['minSavedBytes'];
        $this->previewBytes = $resolved['previewBytes'];
        $this->previewTail = $resolved['previewTail'];
        $this->collapseWhitespace = $resolved['collapseWhitespace'];
        $this->tokenCounter = $resolved['tokenCounter'];
        $this->onOmit = $resolved['onOmit'];
        foreach ($this->toolIdentifierFields as $tool => $fields) {
            $set = [];
            foreach ($fields as $field) {
                $set[$field] = true; // "0" becomes key 0, as array access does
            }
            $this->identifierSets[$tool] = $set;
        }
    }

    /**
     * Hooks for tests/lib/formats.php, which runs this pass over "views" of a
     * provider history (SPEC Part 4). $estimateValues gives the values the
     * estimate of a message encodes (instead of its string content and its
     * array payloads); $rewrite is called with each message the pass changed
     * and returns it as written back, before it is estimated. Without hooks
     * the pass is the one of Parts 1 to 3.
     */
    public function withViewHooks(callable $estimateValues, callable $rewrite, ?callable $pays = null): self
    {
        $this->estimateValues = $estimateValues;
        $this->rewrite = $rewrite;
        $this->pays = $pays;
        return $this;
    }

    // ------------------------------------------------------------------
    // Parameters
    // ------------------------------------------------------------------

    /**
     * SPEC "Parameters": a threshold that is not an int >= 0 (bool is not an
     * int) becomes 100; a list that is not an array becomes []; non-string
     * entries are skipped and lists are re-indexed; a tool whose field list is
     * not an array is dropped (unconfigured), a tool with an empty list is
     * kept; unknown keys are left out. Keys come back in a fixed order.
     */
    public static function resolve(array $params): array
    {
        $excluded = [];
        $rawExcluded = $params['excludedTools'] ?? null;
        if (is_array($rawExcluded)) {
            foreach ($rawExcluded as $tool) {
                if (is_string($tool)) {
                    $excluded[] = $tool;
                }
            }
        }

        $identifiers = [];
        $rawIdentifiers = $params['toolIdentifierFields'] ?? null;
        if (is_array($rawIdentifiers)) {
            foreach ($rawIdentifiers as $tool => $fields) {
                if (!is_array($fields)) {
                    continue;
                }
                $list = [];
                foreach ($fields as $field) {
                    if (is_string($field)) {
                        $list[] = $field;
                    }
                }
                $identifiers[$tool] = $list;
            }
        }

        $trigger = [];
        $rawTrigger = $params['trigger'] ?? null;
        foreach (['tokens', 'messages', 'turns', 'toolUses'] as $key) {
            if (is_array($rawTrigger) && is_int($rawTrigger[$key] ?? null) && $rawTrigger[$key] >= 0) {
                $trigger[$key] = $rawTrigger[$key];
            }
        }
        $contextWindow = self::resolveInt($params['contextWindow'] ?? null, 1, null);
        $fraction = is_array($rawTrigger) ? ($rawTrigger['fraction'] ?? null) : null;
        if ((is_int($fraction) || is_float($fraction)) && $fraction > 0 && $fraction <= 1 && $contextWindow !== null) {
            $trigger['fraction'] = (float) $fraction;
        }
        if ($trigger !== [] && ($rawTrigger['mode'] ?? null) === 'all') {
            $trigger['mode'] = 'all';
        }
        $inputs = $params['compactInputs'] ?? null;
        if (is_array($inputs)) {
            $inputs = array_values(array_filter($inputs, 'is_string'));
            $inputs = $inputs === [] ? false : $inputs;
        } else {
            $inputs = $inputs !== false;
        }

        return [
            'inputTrimBytes' => self::resolveThreshold($params['inputTrimBytes'] ?? null),
            'outputTrimBytes' => self::resolveThreshold($params['outputTrimBytes'] ?? null),
            'excludedTools' => $excluded,
            'toolIdentifierFields' => $identifiers,
            // SPEC Part 2
            'keepLatestPerGroup' => self::resolveInt($params['keepLatestPerGroup'] ?? null, 0, 1),
            'keepRecentMessages' => self::resolveInt($params['keepRecentMessages'] ?? null, 0, 0),
            'compactInputs' => $inputs,
            'compactOutputs' => ($params['compactOutputs'] ?? null) !== false,
            'trigger' => $trigger,
            'minSavedBytes' => self::resolveInt($params['minSavedBytes'] ?? null, 0, 0),
            'tokenCounter' => is_callable($params['tokenCounter'] ?? null) ? $params['tokenCounter'] : null,
            'onOmit' => is_callable($params['onOmit'] ?? null) ? $params['onOmit'] : null,
            // SPEC Part 4
            'format' => in_array($params['format'] ?? null, ['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'], true)
                ? $params['format'] : 'auto',
            // SPEC Part 6
            'maxMessages' => self::resolveInt($params['maxMessages'] ?? null, 1, null),
            'maxTokensWindow' => self::resolveInt($params['maxTokensWindow'] ?? null, 1, null),
            'keepSystem' => ($params['keepSystem'] ?? null) !== false,
            'keepFirstUser' => ($params['keepFirstUser'] ?? null) === true,
            'summarize' => is_callable($params['summarize'] ?? null) ? $params['summarize'] : null,
            'targetTokens' => self::resolveInt($params['targetTokens'] ?? null, 1, null),
            'previewBytes' => self::resolveInt($params['previewBytes'] ?? null, 0, 0),
            'previewTail' => self::resolveInt($params['previewTail'] ?? null, 0, 0),
            'collapseWhitespace' => ($params['collapseWhitespace'] ?? null) === true,
            // Part 2, windows of our own
            'keepRecentToolUses' => self::resolveInt($params['keepRecentToolUses'] ?? null, 0, 0),
            'keepRecentTurns' => self::resolveInt($params['keepRecentTurns'] ?? null, 0, 0),
            'keepRecentTokens' => self::resolveInt($params['keepRecentTokens'] ?? null, 1, null),
            'contextWindow' => $contextWindow,
            // SPEC Part 4, thinking blocks
            'keepThinkingTurns' => self::resolveInt($params['keepThinkingTurns'] ?? null, 0, null),
            // SPEC Part 4, a text: the template of an omitted text result
            'placeholder' => is_string($params['placeholder'] ?? null) ? $params['placeholder'] : null,
        ];
    }

    /** SPEC Part 2: an int >= $min, anything else $default. */
    private static function resolveInt(mixed $value, int $min, ?int $default): ?int
    {
        return is_int($value) && $value >= $min ? $value : $default;
    }

    /** SPEC "Parameters": a non-int or negative threshold falls back to 100. */
    private static function resolveThreshold(mixed $value): int
    {
        return is_int($value) && $value >= 0 ? $value : self::DEFAULT_TRIM_BYTES;
    }

    // ------------------------------------------------------------------
    // The pass
    // ------------------------------------------------------------------

    /**
     * Runs the pass over a whole history (SPEC "Which calls stay intact",
     * "Compacting a payload", "Tool message content", "Guarantees", and
     * Part 2: trigger, keep-K, recent messages, switches, gate, onOmit,
     * report).
     */
    public function compact(array $messages, bool $wantReport = false, ?array &$report = null): array
    {
        $jsonError = json_last_error();
        try {
            return $this->pass($messages, $wantReport, $report);
        } finally {
            self::restoreJsonError($jsonError);
        }
    }

    private function pass(array $messages, bool $wantReport, ?array &$report): array
    {
        // 0. Part 2: the estimate of the whole history (report, trigger.tokens)
        //    and the trigger.
        $total = ['bytes' => 0, 'tokens' => 0];
        $estimates = []; // position => tokens
        if ($wantReport || isset($this->trigger['tokens']) || isset($this->trigger['fraction']) || $this->keepRecentTokens !== null) {
            foreach ($messages as $message) {
                $own = ['bytes' => 0, 'tokens' => 0];
                $this->estimate($message, true, $own);
                $estimates[] = $own['tokens'];
                $total['bytes'] += $own['bytes'];
                $total['tokens'] += $own['tokens'];
            }
        }
        $stats = ['messagesChanged' => 0, 'callsCompacted' => 0, 'resultsCompacted' => 0,
            'fieldsOmitted' => 0, 'fieldsPreviewed' => 0, 'fieldsCollapsed' => 0, 'savedBytes' => 0, 'savedTokens' => 0, 'firstChangedIndex' => null];
        if (!$this->triggered($messages, $total)) {
            $report = $wantReport ? $this->report(false, 'trigger', $stats, $total) : $report;
            return $messages;
        }

        // 1. Call index. Each call's group is computed once here and reused
        //    by the walk, so a call whose identifiers match nothing keeps the
        //    same private group in the index and in the walk.
        $callGroups = []; // message key => call key => group
        $callIndex = [];  // call id => group of the last call with that id
        foreach ($messages as $messageKey => $message) {
            if (!is_array($message)) {
                continue;
            }
            foreach (self::listOf($message, 'toolCalls') as $callKey => $call) {
                if (!self::takesPart($call)) {
                    continue;
                }
                $group = $this->groupKey($call['toolName'], $call['arguments'] ?? null);
                $callGroups[$messageKey][$callKey] = $group;
                $callIndex[$call['id']] = $group;
            }
        }

        // 2. The walk, newest to oldest: results last to first, then calls
        //    last to first. It only records which items are compacted. The
        //    first keepLatestPerGroup occurrences of a group stay intact; the
        //    last keepRecentMessages messages are walked but never changed.
        $kept = [];
        $protectedCallIds = [];
        $compactedResults = []; // message key => result key => true
        $compactedCalls = [];   // message key => call key => true
        $messageKeys = array_keys($messages);
        $count = count($messageKeys);
        $recent = max($this->keepRecentMessages, $this->recentWindow($messages, $estimates));
        $recentCallIds = $this->recentCallIds($messages);
        for ($m = $count - 1; $m >= 0; $m--) {
            $messageKey = $messageKeys[$m];
            $message = $messages[$messageKey];
            if (!is_array($message)) {
                continue;
            }
            $frozen = $m >= $count - $recent;

            foreach (array_reverse(self::listOf($message, 'toolResults'), true) as $resultKey => $result) {
                if (!self::takesPart($result) || isset($this->excludedTools[$result['toolName']])) {
                    continue;
                }
                if ($this->rewrite !== null && !isset($callIndex[$result['id']])) {
                    // Part 4: a provider format's result whose call is not in
                    // the history is old by definition, no group protects it
                    if (!$frozen && $this->compactOutputs) {
                        $compactedResults[$messageKey][$resultKey] = true;
                    }
                    continue;
                }
                $group = $callIndex[$result['id']] ?? $this->groupKey($result['toolName'], null);
                if (($kept[$group] ?? 0) < $this->keepLatestPerGroup) {
                    $kept[$group] = ($kept[$group] ?? 0) + 1;
                    $protectedCallIds[$result['id']] = true;
                } elseif (!$frozen && $this->compactOutputs && !(isset($callIndex[$result['id']]) && isset($recentCallIds[$result['id']]))) {
                    $compactedResults[$messageKey][$resultKey] = true;
                }
            }

            foreach (array_reverse(self::listOf($message, 'toolCalls'), true) as $callKey => $call) {
                if (!self::takesPart($call) || isset($this->excludedTools[$call['toolName']])) {
                    continue;
                }
                if (isset($protectedCallIds[$call['id']])) {
                    continue;
                }
                $group = $callGroups[$messageKey][$callKey];
                if (($kept[$group] ?? 0) < $this->keepLatestPerGroup) {
                    $kept[$group] = ($kept[$group] ?? 0) + 1;
                    $protectedCallIds[$call['id']] = true;
                } elseif (!$frozen && !isset($recentCallIds[$call['id']])
                    && ($this->compactInputs === true || (is_array($this->compactInputs) && in_array($call['toolName'], $this->compactInputs, true)))) {
                    $compactedCalls[$messageKey][$callKey] = true;
                }
            }
        }

        // 3. The output: untouched messages are passed through as they are.
        //    Values for onOmit are queued in walk order (newest message
        //    first; in a message its results, then its calls, each last to
        //    first, then its content).
        $output = [];
        $queues = [];
        foreach ($messageKeys as $position => $messageKey) {
            $message = $messages[$messageKey];
            if (isset($compactedCalls[$messageKey]) || isset($compactedResults[$messageKey])) {
                $new = $this->compactMessage(
                    $message,
                    $compactedCalls[$messageKey] ?? [],
                    $compactedResults[$messageKey] ?? [],
                    $position,
                    $stats,
                    $queue
                );
                if ($new !== $message) {
                    if ($this->rewrite !== null) {
                        $new = ($this->rewrite)($position, $message, $new);
                    }
                    $stats['messagesChanged']++;
                    $stats['firstChangedIndex'] ??= $position;
                    $queues[$position] = $queue;
                    if ($wantReport || $this->minSavedBytes > 0) {
                        $before = $after = ['bytes' => 0, 'tokens' => 0];
                        $this->estimate($message, $wantReport, $before);
                        $this->estimate($new, $wantReport, $after);
                        $stats['savedBytes'] += $before['bytes'] - $after['bytes'];
                        $stats['savedTokens'] += $before['tokens'] - $after['tokens'];
                    }
                }
                $message = $new;
            }
            $output[$messageKey] = $message;
        }

        // 4. Part 2: the gate, then onOmit.
        if ($this->minSavedBytes > 0 && $stats['savedBytes'] < $this->minSavedBytes) {
            $report = $wantReport ? $this->report(true, 'minSavedBytes', $stats, $total) : $report;
            return $messages;
        }
        if ($this->onOmit !== null) {
            self::offerAll($this->onOmit, $queues);
        }
        $report = $wantReport ? $this->report(true, null, $stats, $total) : $report;
        return $output;
    }

    /**
     * SPEC Part 2 "trigger": with mode any, at least one configured threshold
     * reached; with all, every one; always when none is configured. fraction
     * is reached at fraction x contextWindow tokens, rounded up.
     */
    private function triggered(array $messages, array $total): bool
    {
        $reached = [];
        if (isset($this->trigger['tokens'])) {
            $reached[] = $total['tokens'] >= $this->trigger['tokens'];
        }
        if (isset($this->trigger['fraction'])) {
            $reached[] = $total['tokens'] >= min(PHP_INT_MAX, ceil($this->trigger['fraction'] * $this->contextWindow));
        }
        if (isset($this->trigger['messages'])) {
            $reached[] = count($messages) >= $this->trigger['messages'];
        }
        if (isset($this->trigger['turns'])) {
            $turns = 0;
            foreach ($messages as $message) {
                $turns += (int) (is_array($message) && ($message['role'] ?? null) === 'user');
            }
            $reached[] = $turns >= $this->trigger['turns'];
        }
        if (isset($this->trigger['toolUses'])) {
            $uses = 0;
            foreach ($messages as $message) {
                foreach (is_array($message) ? self::listOf($message, 'toolCalls') : [] as $call) {
                    $uses += (int) self::takesPart($call);
                }
            }
            $reached[] = $uses >= $this->trigger['toolUses'];
        }
        if ($reached === []) {
            return true;
        }
        return ($this->trigger['mode'] ?? 'any') === 'all' ? !in_array(false, $reached, true) : in_array(true, $reached, true);
    }

    /**
     * SPEC Part 2 keepRecentTurns and keepRecentTokens: how many of the last
     * messages are never changed. Turns: from the N-th newest turn start on
     * (every message when there are fewer); tokens: the newest messages whose
     * estimates add up to at most N, up to the first that does not fit.
     */
    private function recentWindow(array $messages, array $estimates): int
    {
        $count = count($messages);
        $byTurns = $byTokens = 0;
        if ($this->keepRecentTurns > 0) {
            $byTurns = $count;
            $turns = 0;
            $list = array_values($messages);
            for ($i = $count - 1; $i >= 0; $i--) {
                if ($this->turnStart($list[$i]) && ++$turns === $this->keepRecentTurns) {
                    $byTurns = $count - $i;
                    break;
                }
            }
        }
        if ($this->keepRecentTokens !== null) {
            $sum = 0;
            for ($i = $count - 1; $i >= 0; $i--) {
                $sum += $estimates[$i];
                if ($sum > $this->keepRecentTokens) {
                    break;
                }
            }
            $byTokens = $count - 1 - $i;
        }
        return max($byTurns, $byTokens);
    }

    /**
     * A turn start (keepRecentTurns): a user message that holds more than
     * results. A view (tests/lib/formats.php) says it in `turnStart`; in
     * adachsoft, a user message with no result that takes part, or with a
     * non-empty string content.
     */
    private function turnStart(mixed $message): bool
    {
        if (!is_array($message)) {
            return false;
        }
        if ($this->estimateValues !== null) {
            return $message['turnStart'] ?? false;
        }
        if (($message['role'] ?? null) !== 'user') {
            return false;
        }
        if (is_string($message['content'] ?? null) && $message['content'] !== '') {
            return true;
        }
        foreach (self::listOf($message, 'toolResults') as $result) {
            if (self::takesPart($result)) {
                return false;
            }
        }
        return true;
    }

    /**
     * SPEC Part 2 keepRecentToolUses: the ids of the N newest calls that take
     * part (excluded tools' too), newest first; those calls and their
     * results are never compacted.
     *
     * @return array<string, true>
     */
    private function recentCallIds(array $messages): array
    {
        $ids = [];
        $left = $this->keepRecentToolUses;
        foreach (array_reverse($messages) as $message) {
            foreach (is_array($message) && $left > 0 ? array_reverse(self::listOf($message, 'toolCalls')) : [] as $call) {
                if ($left > 0 && self::takesPart($call)) {
                    $ids[$call['id']] = true;
                    $left--;
                }
            }
        }
        return $ids;
    }

    /**
     * SPEC Part 2 token estimate of one message, added to $total: the JSON of
     * its string content and of every array arguments / result payload of
     * its array calls and results (a value that cannot be encoded counts 0);
     * tokens by the tokenCounter when it returns an int (negative: 0), else
     * bytes / 4 rounded up.
     */
    private function estimate(mixed $message, bool $tokens, array &$total): void
    {
        if (!is_array($message)) {
            return;
        }
        $values = [];
        if ($this->estimateValues !== null) {
            $values = ($this->estimateValues)($message);
        } else {
            if (is_string($message['content'] ?? null)) {
                $values[] = $message['content'];
            }
            foreach (['toolCalls' => 'arguments', 'toolResults' => 'result'] as $list => $field) {
                foreach (self::listOf($message, $list) as $item) {
                    if (is_array($item) && is_array($item[$field] ?? null)) {
                        $values[] = $item[$field];
                    }
                }
            }
        }
        foreach ($values as $value) {
            $json = $this->encode($value);
            if ($json === null) {
                continue;
            }
            $total['bytes'] += strlen($json);
            if ($tokens) {
                $counted = $this->tokenCounter !== null ? ($this->tokenCounter)($json) : null;
                $total['tokens'] += is_int($counted) ? max(0, $counted) : intdiv(strlen($json) + 3, 4);
            }
        }
    }

    /** README "Report": the keys of the report, in order (fieldsPreviewed with previews on, SPEC Part 6). */
    private function report(bool $triggered, ?string $reason, array $stats, array $total): array
    {
        $applied = $reason === null;
        $report = [
            'triggered' => $triggered,
            'applied' => $applied,
            'reason' => $reason,
            'messagesChanged' => $applied ? $stats['messagesChanged'] : 0,
            'callsCompacted' => $applied ? $stats['callsCompacted'] : 0,
            'resultsCompacted' => $applied ? $stats['resultsCompacted'] : 0,
            'fieldsOmitted' => $applied ? $stats['fieldsOmitted'] : 0,
            'bytesBefore' => $total['bytes'],
            'bytesAfter' => $total['bytes'] - ($applied ? $stats['savedBytes'] : 0),
            'tokensBefore' => $total['tokens'],
            'tokensAfter' => $total['tokens'] - ($applied ? $stats['savedTokens'] : 0),
            'savedBytes' => $stats['savedBytes'],
            'firstChangedIndex' => $applied ? $stats['firstChangedIndex'] : null,
            'format' => 'adachsoft',
        ];
        $added = [];
        if ($this->previewBytes > 0 || $this->previewTail > 0) {
            $added['fieldsPreviewed'] = $applied ? $stats['fieldsPreviewed'] : 0;
        }
        if ($this->collapseWhitespace) {
            $added['fieldsCollapsed'] = $applied ? $stats['fieldsCollapsed'] : 0;
        }
        return array_slice($report, 0, 7, true) + $added + array_slice($report, 7, null, true);
    }

    /**
     * Part 4, with an option of ours: is $payload, the new form of $item's
     * $field, shorter in JSON (JSON_PARTIAL_OUTPUT_ON_ERROR) than it was?
     * Not when a JsonSerializable inside throws, nor nested too deep or
     * recursive (the native measure does not encode those).
     */
    private static function shorter(array $item, string $field, array $payload): bool
    {
        $bytes = function (mixed $value): ?int {
            try {
                $json = json_encode($value, JSON_PARTIAL_OUTPUT_ON_ERROR);
            } catch (\Throwable) {
                return null;
            }
            return $json === false || in_array(json_last_error(), [JSON_ERROR_DEPTH, JSON_ERROR_RECURSION], true) ? null : strlen($json);
        };
        $now = $bytes($payload);
        $was = $now === null ? null : $bytes($item[$field]);
        return $was !== null && $now < $was;
    }

    /** Of the fields omitted into $payload ($jsons: key => JSON), those that became previews. */
    private static function previewed(array $payload, array $jsons): int
    {
        return count(array_filter(array_intersect_key($payload, $jsons), fn (mixed $value): bool => $value !== self::OMITTED));
    }

    /**
     * Applies the walk's decisions to one message: compacts the chosen calls'
     * arguments and results' payloads, and writes the tool-message placeholder
     * (SPEC "Tool message content"). Returns the message itself when nothing
     * changed; otherwise a new array with the same keys in the same order
     * (`content` appended at the end when it was missing). Counts into
     * $stats; with onOmit, $queue receives the message's omitted values
     * ([sha256, json, where] in walk order).
     *
     * @param array<array-key, true> $callKeys   calls to compact
     * @param array<array-key, true> $resultKeys results to compact
     */
    private function compactMessage(array $message, array $callKeys, array $resultKeys, int $position, array &$stats, ?array &$queue): array
    {
        $replace = [];
        $callQueues = $resultQueues = [];
        $pays = $this->pays ?? ($this->optionsOfOurs ? self::shorter(...) : null);

        if ($callKeys !== []) {
            $calls = [];
            $changed = false;
            foreach (self::listOf($message, 'toolCalls') as $callKey => $call) {
                if (isset($callKeys[$callKey]) && is_array($call['arguments'] ?? null)) {
                    $arguments = $this->compactPayload(
                        $call['arguments'],
                        $this->inputTrimBytes,
                        $this->identifierSets[$call['toolName']] ?? [],
                        $jsons,
                        $collapsed,
                        $whole
                    );
                    if ($arguments !== null && $pays !== null && !$pays($call, 'arguments', $arguments)) {
                        $arguments = null; // it would not be smaller: left as it is
                    }
                    if ($arguments !== null) {
                        $call = self::withKey($call, 'arguments', $arguments);
                        $changed = true;
                        $stats['callsCompacted']++;
                        $stats['fieldsOmitted'] += count($jsons);
                        $stats['fieldsPreviewed'] += self::previewed($arguments, $jsons);
                        $stats['fieldsCollapsed'] += $collapsed;
                        if ($jsons !== []) {
                            $callQueues[] = $this->queued($jsons, $whole, $arguments, $position, $call, 'arguments');
                        }
                    }
                }
                $calls[$callKey] = $call;
            }
            if ($changed) {
                $replace['toolCalls'] = $calls;
            }
        }

        $contentQueue = [];
        if ($resultKeys !== []) {
            $results = [];
            $firstKey = null;
            $resultsChanged = false;
            foreach (self::listOf($message, 'toolResults') as $resultKey => $result) {
                if (isset($resultKeys[$resultKey]) && is_array($result['result'] ?? null)) {
                    $payload = $this->compactPayload($result['result'], $this->outputTrimBytes, [], $jsons, $collapsed, $whole);
                    if ($payload !== null && $pays !== null && !$pays($result, 'result', $payload)) {
                        $payload = null; // it would not be smaller: left as it is
                    }
                    if ($payload !== null) {
                        $result = self::withKey($result, 'result', $payload);
                        $resultsChanged = true;
                        $stats['resultsCompacted']++;
                        $stats['fieldsOmitted'] += count($jsons);
                        $stats['fieldsPreviewed'] += self::previewed($payload, $jsons);
                        $stats['fieldsCollapsed'] += $collapsed;
                        if ($jsons !== []) {
                            // the placeholder names a result whose fields were omitted
                            $firstKey ??= $resultKey;
                            $resultQueues[] = $this->queued($jsons, $whole, $payload, $position, $result, 'result');
                        }
                    }
                }
                $results[$resultKey] = $result;
            }
            if ($firstKey !== null) {
                $first = $results[$firstKey];
                if (($message['role'] ?? null) === 'tool') {
                    if ($this->onOmit !== null) {
                        $contentQueue = $this->recordContent($message, $results[$firstKey], $position);
                    }
                    $replace['content'] = sprintf(
                        '[tool_compaction] Tool result compacted for tool=%s, callId=%s. Large fields omitted.',
                        $first['toolName'],
                        $first['id']
                    );
                }
            }
            if ($resultsChanged) {
                $replace['toolResults'] = $results;
            }
        }

        $queue = array_merge(...array_reverse($resultQueues), ...array_reverse($callQueues), ...[$contentQueue]);
        if ($replace === []) {
            return $message;
        }
        foreach ($replace as $key => $value) {
            $message = self::withKey($message, $key, $value);
        }
        return $message;
    }

    /**
     * SPEC Part 2 onOmit: the values a compacted payload omitted, as
     * [sha256, json, where] in payload order, then the whole payload when
     * its meta records it ($whole, field null).
     */
    private function queued(?array $jsons, ?string $whole, array $payload, int $position, array $item, string $kind): array
    {
        $queue = [];
        if ($this->onOmit === null) {
            return $queue;
        }
        $where = static fn (int|string|null $field) => [
            'messageIndex' => $position, 'callId' => $item['id'], 'tool' => $item['toolName'],
            'field' => $field, 'payload' => $kind,
        ];
        foreach ($jsons as $field => $json) {
            $queue[] = [$payload[self::META_KEY]['omittedFields'][$field]['sha256'], $json, $where($field)];
        }
        if ($whole !== null) {
            $queue[] = [$payload[self::META_KEY]['text']['sha256'], $whole, $where(null)];
        }
        return $queue;
    }

    /**
     * README "onOmit": the original content of a tool message that gets the
     * placeholder is recorded as content => [bytes, sha256] in the meta of
     * the result the placeholder names (changing $result), and queued.
     */
    private function recordContent(array $message, array &$result, int $position): array
    {
        $content = $message['content'] ?? null;
        if (!is_string($content) || str_starts_with($content, '[tool_compaction] Tool result compacted for tool=')) {
            return [];
        }
        $json = $this->encode($content);
        if ($json === null) {
            return [];
        }
        $sha256 = hash('sha256', $json);
        $payload = $result['result'];
        $payload[self::META_KEY]['content'] = ['bytes' => strlen($content), 'sha256' => $sha256];
        $result = self::withKey($result, 'result', $payload);
        return [[$sha256, $json, [
            'messageIndex' => $position, 'callId' => $result['id'], 'tool' => $result['toolName'],
            'field' => 'content', 'payload' => 'content',
        ]]];
    }

    // ------------------------------------------------------------------
    // Payloads
    // ------------------------------------------------------------------

    /**
     * SPEC "Compacting a payload" for one arguments or result array.
     *
     * Every top-level key except `_tool_compaction`, the protected identifier
     * keys and the keys a valid existing meta already lists is measured; a
     * field is omitted when its size is > threshold and > 0 and it can be
     * JSON encoded. Returns null when nothing was omitted (the payload is
     * then left exactly as it was, invalid meta included), else the rebuilt
     * payload: the other keys in order, omitted ones as "[omitted]", then the
     * meta as the last key (a valid meta merged, an invalid one replaced).
     *
     * @param array<array-key, true> $protectedKeys identifier fields (arguments only)
     */
    private function compactPayload(array $payload, int $threshold, array $protectedKeys, ?array &$jsons = null, ?int &$collapsed = null, ?string &$whole = null): ?array
    {
        $jsons = [];
        $collapsed = 0;
        $whole = null;
        $meta = $payload[self::META_KEY] ?? null;
        $metaIsValid = is_array($meta) && is_array($meta['omittedFields'] ?? null);
        $alreadyOmitted = $metaIsValid ? $meta['omittedFields'] : [];

        $omitted = [];
        foreach ($payload as $key => $value) {
            if ($key === self::META_KEY
                || isset($protectedKeys[$key])
                || array_key_exists($key, $alreadyOmitted)) {
                continue;
            }
            $json = null;
            $size = $this->measure($value, $json);
            if ($size <= $threshold || $size <= 0) {
                continue;
            }
            $json ??= $this->encode($value);
            if ($json === null) {
                continue;
            }
            $omitted[$key] = ['bytes' => $size, 'sha256' => hash('sha256', $json)];
            $jsons[$key] = $json;
        }

        // SPEC Part 6: the kept strings of the payload with their whitespace collapsed
        $shorter = [];
        if ($this->collapseWhitespace) {
            foreach ($payload as $key => $value) {
                if ($key !== self::META_KEY && !isset($protectedKeys[$key]) && !array_key_exists($key, $alreadyOmitted)
                        && !isset($omitted[$key]) && is_string($value) && reference_collapse($value) !== $value) {
                    $shorter[$key] = reference_collapse($value);
                }
            }
        }
        $collapsed = count($shorter);
        if ($omitted === [] && $shorter === []) {
            return null;
        }
        if ($omitted === []) {
            return array_replace($payload, $shorter); // the meta, if any, stays where it is
        }

        $compacted = [];
        foreach ($payload as $key => $value) {
            if ($key === self::META_KEY) {
                continue;
            }
            $compacted[$key] = isset($omitted[$key]) ? $this->omittedValue($value, $omitted[$key]['sha256']) : ($shorter[$key] ?? $value);
        }
        $compacted[self::META_KEY] = $metaIsValid
            ? self::mergeMeta($meta, $threshold, $omitted)
            : ['thresholdBytes' => $threshold, 'omittedFields' => $omitted];

        // SPEC Part 4 "Restoring": with onOmit, a _tool_compaction member the
        // pass replaced or merged into (not a valid meta, or one listing no
        // field) goes back with the whole payload
        if ($this->onOmit !== null && array_key_exists(self::META_KEY, $payload) && $alreadyOmitted === []) {
            $whole = $this->encode($payload);
            if ($whole !== null) {
                $compacted[self::META_KEY]['text'] = ['bytes' => strlen($whole), 'sha256' => hash('sha256', $whole)];
            }
        }

        return $compacted;
    }

    /** SPEC Part 6: an omitted string's preview when previews are on, else "[omitted]". */
    private function omittedValue(mixed $value, string $sha256): string
    {
        $preview = null;
        if (is_string($value) && ($this->previewBytes > 0 || $this->previewTail > 0)) {
            $preview = reference_preview($value, $sha256, $this->previewBytes, $this->previewTail);
        }
        return $preview ?? self::OMITTED;
    }

    /**
     * README "Behaviour details", "Payloads": a valid meta keeps its other keys in place,
     * gets thresholdBytes set to the current threshold (in place, or appended
     * when missing) and the new entries appended to its omittedFields.
     */
    private static function mergeMeta(array $meta, int $threshold, array $omitted): array
    {
        $merged = [];
        foreach ($meta as $key => $value) {
            if ($key === 'thresholdBytes') {
                $merged[$key] = $threshold;
            } elseif ($key === 'omittedFields') {
                $fields = [];
                foreach ($value as $field => $entry) {
                    $fields[$field] = $entry;
                }
                foreach ($omitted as $field => $entry) {
                    $fields[$field] = $entry;
                }
                $merged[$key] = $fields;
            } else {
                $merged[$key] = $value;
            }
        }
        if (!array_key_exists('thresholdBytes', $merged)) {
            $merged['thresholdBytes'] = $threshold;
        }
        return $merged;
    }

    /**
     * SPEC "Compacting a payload", size: string → byte length; null, bool,
     * int, float → byte length of its (string) form; array → byte length of
     * its JSON encoding (0 when encoding fails); anything else → 0.
     * The JSON of an array is handed back through $json for the hash.
     */
    private function measure(mixed $value, ?string &$json): int
    {
        if (is_string($value)) {
            return strlen($value);
        }
        if (is_float($value) && !is_finite($value)) {
            // (string) gives "NAN", "INF", "-INF"; PHP 8.5 warns on NAN
            return is_nan($value) ? 3 : ($value > 0 ? 3 : 4);
        }
        if ($value === null || is_bool($value) || is_int($value) || is_float($value)) {
            return strlen((string) $value);
        }
        if (is_array($value)) {
            $json = $this->encode($value);
            return $json === null ? 0 : strlen($json);
        }
        return 0;
    }

    /**
     * json_encode() with default flags that never throws: an array or object
     * nested deeper than 512 levels (or recursive) is a failure without being
     * encoded, an exception from a JsonSerializable is a failure. Returns null
     * on failure. (The caller restores json_last_error() at the end.)
     */
    private function encode(mixed $value): ?string
    {
        if ((is_array($value) || is_object($value)) && !self::withinJsonDepth($value, 1, [])) {
            return null;
        }
        try {
            $json = json_encode($value);
        } catch (\Throwable) {
            return null;
        }
        return $json === false ? null : $json;
    }

    /**
     * Bounded walk deciding whether json_encode() can encode $value without
     * exceeding its 512-level depth: arrays and plain objects (public
     * properties) count one level each; a JsonSerializable is not called.
     * A cycle (through a PHP reference or an object) fails at once, so the
     * walk stays linear even on self-referencing structures.
     *
     * @param array<string, true> $path references and objects on the current path
     */
    private static function withinJsonDepth(mixed $value, int $level, array $path): bool
    {
        if (is_object($value)) {
            if ($value instanceof \JsonSerializable) {
                return true;
            }
            $objectKey = 'o' . spl_object_id($value);
            if (isset($path[$objectKey])) {
                return false;
            }
            $path[$objectKey] = true;
            $value = get_object_vars($value);
        }
        if ($level > self::MAX_DEPTH) {
            return false;
        }
        foreach ($value as $key => $child) {
            if (!is_array($child) && !is_object($child)) {
                continue;
            }
            $childPath = $path;
            if (is_array($child)) {
                $reference = \ReflectionReference::fromArrayElement($value, $key);
                if ($reference !== null) {
                    $referenceKey = 'r' . $reference->getId();
                    if (isset($path[$referenceKey])) {
                        return false;
                    }
                    $childPath[$referenceKey] = true;
                }
            }
            if (!self::withinJsonDepth($child, $level + 1, $childPath)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------
    // Groups
    // ------------------------------------------------------------------

    /**
     * SPEC "Group key": the tool name plus the values of its configured
     * identifier fields in the configured order (missing = null). $arguments
     * null (or not an array) gives every field null, which is also the group
     * of a result whose call is not in the history.
     *
     * The key is a type-tagged canonical string, so two keys are equal
     * exactly when the values are `===`. When a value cannot be compared that
     * way (NAN inside, nesting over 512 levels, recursion) the call gets a
     * fresh private group that matches nothing else.
     */
    private function groupKey(string $toolName, mixed $arguments): string
    {
        $key = 'g' . strlen($toolName) . ':' . $toolName;
        foreach ($this->toolIdentifierFields[$toolName] ?? [] as $field) {
            $value = is_array($arguments) ? ($arguments[$field] ?? null) : null;
            $valueKey = self::identityKey($value, 0, []);
            if ($valueKey === null) {
                return 'u' . (++$this->uniqueGroups);
            }
            $key .= '|' . $valueKey;
        }
        return $key;
    }

    /**
     * Canonical, type-tagged encoding of a value under `===`: ints and floats
     * differ (1 vs 1.0), 0.0 and -0.0 are the same, strings are length
     * prefixed, arrays keep key types and order, objects and resources are
     * their own instance. Returns null when the value matches nothing: NAN
     * anywhere inside, an array nested more than 512 levels, or a cycle.
     *
     * @param array<int, true> $path ids of the PHP references on the current path
     */
    private static function identityKey(mixed $value, int $level, array $path): ?string
    {
        if ($value === null) {
            return 'n';
        }
        if (is_bool($value)) {
            return $value ? 't' : 'f';
        }
        if (is_int($value)) {
            return 'i' . $value . ';';
        }
        if (is_float($value)) {
            if (is_nan($value)) {
                return null;
            }
            if ($value == 0.0) {
                $value = 0.0; // -0.0 === 0.0
            }
            return 'd' . bin2hex(pack('E', $value)) . ';';
        }
        if (is_string($value)) {
            return 's' . strlen($value) . ':' . $value;
        }
        if (is_object($value)) {
            return 'o' . spl_object_id($value) . ';';
        }
        if (is_resource($value) || gettype($value) === 'resource (closed)') {
            return 'r' . get_resource_id($value) . ';';
        }
        if (!is_array($value)) {
            return null; // not reachable with PHP's types; match nothing
        }

        $level++;
        if ($level > self::MAX_DEPTH) {
            return null;
        }
        $key = 'a' . count($value) . '{';
        foreach ($value as $childKey => $child) {
            $key .= is_int($childKey) ? 'i' . $childKey . ';' : 's' . strlen($childKey) . ':' . $childKey;
            $childPath = $path;
            if (is_array($child)) {
                $reference = \ReflectionReference::fromArrayElement($value, $childKey);
                if ($reference !== null) {
                    if (isset($path[$reference->getId()])) {
                        return null;
                    }
                    $childPath[$reference->getId()] = true;
                }
            }
            $childKeyString = self::identityKey($child, $level, $childPath);
            if ($childKeyString === null) {
                return null;
            }
            $key .= $childKeyString;
        }
        return $key . '}';
    }

    // ------------------------------------------------------------------
    // Helpers
    // ------------------------------------------------------------------

    /**
     * README "Behaviour details", "The history": a call or result takes part only when it
     * is an array whose id and toolName are both strings.
     */
    private static function takesPart(mixed $item): bool
    {
        return is_array($item)
            && is_string($item['id'] ?? null)
            && is_string($item['toolName'] ?? null);
    }

    /**
     * README "Behaviour details", "The history": toolCalls / toolResults that are
     * missing or not arrays count as empty lists.
     */
    private static function listOf(array $message, string $key): array
    {
        $list = $message[$key] ?? null;
        return is_array($list) ? $list : [];
    }

    /**
     * Hands the queued omitted values to onOmit, newest message first
     * ($queues: message position => its [sha256, json, where] records).
     */
    public static function offerAll(callable $onOmit, array $queues): void
    {
        krsort($queues);
        foreach ($queues as $queue) {
            foreach ($queue as [$sha256, $json, $where]) {
                $onOmit($sha256, $json, $where);
            }
        }
    }

    /**
     * Returns a copy of $array with $key set to $value: in place when the key
     * exists, appended otherwise. The copy is built element by element, so a
     * PHP reference in the input is read, never written through.
     */
    public static function withKey(array $array, int|string $key, mixed $value): array
    {
        $copy = [];
        foreach ($array as $k => $v) {
            $copy[$k] = $k === $key ? $value : $v;
        }
        if (!array_key_exists($key, $copy)) {
            $copy[$key] = $value;
        }
        return $copy;
    }

    /**
     * SPEC "Guarantees": json_last_error() is the same after the call as
     * before it. json_encode() resets or sets the error state, so the pass
     * ends by repeating a harmless operation that leaves the saved code.
     */
    public static function restoreJsonError(int $code): void
    {
        if (json_last_error() === $code) {
            return;
        }
        switch ($code) {
            case JSON_ERROR_NONE:
                json_decode('0');
                break;
            case JSON_ERROR_DEPTH:
                json_decode('[[0]]', false, 1);
                break;
            case JSON_ERROR_STATE_MISMATCH:
                json_decode('[0}');
                break;
            case JSON_ERROR_CTRL_CHAR:
                json_decode("\"\x01\"");
                break;
            case JSON_ERROR_SYNTAX:
                json_decode('{');
                break;
            case JSON_ERROR_UTF8:
                json_decode("\"\xff\"");
                break;
            case JSON_ERROR_RECURSION:
                $object = new \stdClass();
                $object->self = $object;
                json_encode($object);
                $object->self = null;
                break;
            case JSON_ERROR_INF_OR_NAN:
                json_encode(NAN);
                break;
            case JSON_ERROR_UNSUPPORTED_TYPE:
                $handle = fopen('php://memory', 'r');
                json_encode($handle);
                fclose($handle);
                break;
            case JSON_ERROR_INVALID_PROPERTY_NAME:
                json_decode('{"\u0000a":0}');
                break;
            case JSON_ERROR_UTF16:
                json_decode('"\ud800"');
                break;
        }
    }
}
