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

/**
 * Compacts old tool payloads of a plain-array history (SPEC Part 1).
 *
 * Same contract as toolcompact_compact(): same keys, same order, same count;
 * the input is never modified; nothing throws; json_last_error() is the same
 * after the call as before it.
 *
 * @param array $messages The history, oldest message first.
 * @param array $params   inputTrimBytes, outputTrimBytes, excludedTools,
 *                        toolIdentifierFields (invalid values fall back).
 */
function reference_compact(array $messages, array $params = []): array
{
    return (new ReferenceCompactor($params))->compact($messages);
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
    /** json_encode()'s default depth, also the identifier nesting limit. */
    public const MAX_DEPTH = 512;

    private int $inputTrimBytes;
    private int $outputTrimBytes;
    /** @var array<string, true> excluded tool names as a set */
    private array $excludedTools = [];
    /** @var array<array-key, list<string>> tool name => identifier argument names */
    private array $toolIdentifierFields;
    /** @var array<array-key, array<array-key, true>> tool name => identifier names as a set */
    private array $identifierSets = [];
    /** Counter for the private groups of calls whose identifiers match nothing. */
    private int $uniqueGroups = 0;

    public function __construct(array $params = [])
    {
        $resolved = self::resolve($params);
        $this->inputTrimBytes = $resolved['inputTrimBytes'];
        $this->outputTrimBytes = $resolved['outputTrimBytes'];
        foreach ($resolved['excludedTools'] as $tool) {
            $this->excludedTools[$tool] = true;
        }
        $this->toolIdentifierFields = $resolved['toolIdentifierFields'];
        foreach ($this->toolIdentifierFields as $tool => $fields) {
            $set = [];
            foreach ($fields as $field) {
                $set[$field] = true; // "0" becomes key 0, as array access does
            }
            $this->identifierSets[$tool] = $set;
        }
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

        return [
            'inputTrimBytes' => self::resolveThreshold($params['inputTrimBytes'] ?? null),
            'outputTrimBytes' => self::resolveThreshold($params['outputTrimBytes'] ?? null),
            'excludedTools' => $excluded,
            'toolIdentifierFields' => $identifiers,
        ];
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
     * "Compacting a payload", "Tool message content", "Guarantees").
     */
    public function compact(array $messages): array
    {
        $jsonError = json_last_error();

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
        //    last to first. It only records which items are compacted.
        $seenGroups = [];
        $protectedCallIds = [];
        $compactedResults = []; // message key => result key => true
        $compactedCalls = [];   // message key => call key => true
        $messageKeys = array_keys($messages);
        for ($m = count($messageKeys) - 1; $m >= 0; $m--) {
            $messageKey = $messageKeys[$m];
            $message = $messages[$messageKey];
            if (!is_array($message)) {
                continue;
            }

            foreach (array_reverse(self::listOf($message, 'toolResults'), true) as $resultKey => $result) {
                if (!self::takesPart($result) || isset($this->excludedTools[$result['toolName']])) {
                    continue;
                }
                $group = $callIndex[$result['id']] ?? $this->groupKey($result['toolName'], null);
                if (isset($seenGroups[$group])) {
                    $compactedResults[$messageKey][$resultKey] = true;
                } else {
                    $seenGroups[$group] = true;
                    $protectedCallIds[$result['id']] = true;
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
                if (isset($seenGroups[$group])) {
                    $compactedCalls[$messageKey][$callKey] = true;
                } else {
                    $seenGroups[$group] = true;
                    $protectedCallIds[$call['id']] = true;
                }
            }
        }

        // 3. The output: untouched messages are passed through as they are.
        $output = [];
        foreach ($messages as $messageKey => $message) {
            if (isset($compactedCalls[$messageKey]) || isset($compactedResults[$messageKey])) {
                $message = $this->compactMessage(
                    $message,
                    $compactedCalls[$messageKey] ?? [],
                    $compactedResults[$messageKey] ?? []
                );
            }
            $output[$messageKey] = $message;
        }

        self::restoreJsonError($jsonError);

        return $output;
    }

    /**
     * Applies the walk's decisions to one message: compacts the chosen calls'
     * arguments and results' payloads, and writes the tool-message placeholder
     * (SPEC "Tool message content"). Returns the message itself when nothing
     * changed; otherwise a new array with the same keys in the same order
     * (`content` appended at the end when it was missing).
     *
     * @param array<array-key, true> $callKeys   calls to compact
     * @param array<array-key, true> $resultKeys results to compact
     */
    private function compactMessage(array $message, array $callKeys, array $resultKeys): array
    {
        $replace = [];

        if ($callKeys !== []) {
            $calls = [];
            $changed = false;
            foreach (self::listOf($message, 'toolCalls') as $callKey => $call) {
                if (isset($callKeys[$callKey]) && is_array($call['arguments'] ?? null)) {
                    $arguments = $this->compactPayload(
                        $call['arguments'],
                        $this->inputTrimBytes,
                        $this->identifierSets[$call['toolName']] ?? []
                    );
                    if ($arguments !== null) {
                        $call = self::withKey($call, 'arguments', $arguments);
                        $changed = true;
                    }
                }
                $calls[$callKey] = $call;
            }
            if ($changed) {
                $replace['toolCalls'] = $calls;
            }
        }

        if ($resultKeys !== []) {
            $results = [];
            $firstCompacted = null;
            foreach (self::listOf($message, 'toolResults') as $resultKey => $result) {
                if (isset($resultKeys[$resultKey]) && is_array($result['result'] ?? null)) {
                    $payload = $this->compactPayload($result['result'], $this->outputTrimBytes, []);
                    if ($payload !== null) {
                        $result = self::withKey($result, 'result', $payload);
                        $firstCompacted ??= $result;
                    }
                }
                $results[$resultKey] = $result;
            }
            if ($firstCompacted !== null) {
                $replace['toolResults'] = $results;
                if (($message['role'] ?? null) === 'tool') {
                    $replace['content'] = sprintf(
                        '[tool_compaction] Tool result compacted for tool=%s, callId=%s. Large fields omitted.',
                        $firstCompacted['toolName'],
                        $firstCompacted['id']
                    );
                }
            }
        }

        if ($replace === []) {
            return $message;
        }
        foreach ($replace as $key => $value) {
            $message = self::withKey($message, $key, $value);
        }
        return $message;
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
    private function compactPayload(array $payload, int $threshold, array $protectedKeys): ?array
    {
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
        }

        if ($omitted === []) {
            return null;
        }

        $compacted = [];
        foreach ($payload as $key => $value) {
            if ($key === self::META_KEY) {
                continue;
            }
            $compacted[$key] = isset($omitted[$key]) ? self::OMITTED : $value;
        }
        $compacted[self::META_KEY] = $metaIsValid
            ? self::mergeMeta($meta, $threshold, $omitted)
            : ['thresholdBytes' => $threshold, 'omittedFields' => $omitted];

        return $compacted;
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
     * Returns a copy of $array with $key set to $value: in place when the key
     * exists, appended otherwise. The copy is built element by element, so a
     * PHP reference in the input is read, never written through.
     */
    private static function withKey(array $array, string $key, mixed $value): array
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
    private static function restoreJsonError(int $code): void
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
