<?php

declare(strict_types=1);

/**
 * Userland reference of docs/SPEC.md Part 4, the provider formats.
 *
 * Written from the contract only, independently of the C extension. Each
 * entry of a provider history is turned into one message of the walk, a
 * plain-array `adachsoft` message (the "view"): its calls and results with
 * their ids, tool names and payloads as the walk sees them. The
 * ReferenceCompactor of reference.php runs over the views unchanged; every
 * payload it changed is then written back into a copy of the provider entry
 * as Part 4 says.
 *
 * Entry points: reference_detect_format(), reference_compact_format() and
 * reference_restore_format().
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/reference.php';
require_once __DIR__ . '/window.php';
require_once __DIR__ . '/formats_json.php';

/** The formats a history can be read in (Part 4 "Choosing the format"). */
const FORMATS = ['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'];

/**
 * Part 4 "Choosing the format", for `auto`.
 *
 * @return array{format: ?string, reason: ?string} the format, or null with
 *         the reason `mixedFormats` or `formatUnknown`
 */
function reference_detect_format(array $history): array
{
    if (holds_unreadable($history)) {
        return ['format' => null, 'reason' => 'unreadable'];
    }
    $format = null;
    foreach ($history as $entry) {
        $told = format_told_by($entry);
        if ($told === null) {
            continue;
        }
        if ($format === null) {
            $format = $told;
        } elseif ($told !== $format) {
            return ['format' => null, 'reason' => 'mixedFormats'];
        }
    }
    if ($format !== null) {
        return ['format' => $format, 'reason' => null];
    }
    foreach ($history as $entry) {
        if (is_array($entry) && !is_string($entry['role'] ?? null)) {
            return ['format' => null, 'reason' => 'formatUnknown'];
        }
    }
    return ['format' => 'adachsoft', 'reason' => null];
}

/** Part 4 "A history it cannot read": an Anthropic SDK object as a message of an array history. */
function holds_unreadable(array $history): bool
{
    foreach ($history as $entry) {
        if (is_object($entry) && str_starts_with(strtolower(get_class($entry)), 'anthropic\\')) {
            return true;
        }
    }
    return false;
}

/**
 * Part 4 "Choosing the format", a named one: it fits when an entry has its
 * shape (its own rule of the table applies), or when no entry tells another.
 */
function format_fits(array $history, string $format): bool
{
    $other = false;
    foreach ($history as $entry) {
        if (format_told_by($entry, $format) === $format) {
            return true;
        }
        $other = $other || format_told_by($entry) !== null;
    }
    return !$other;
}

/**
 * The format one entry tells, by the first rule of the table that applies,
 * or null; with $only, $only when its own rule applies, else null.
 */
function format_told_by(mixed $entry, ?string $only = null): ?string
{
    $asked = static fn (string $format): bool => $only === null || $only === $format;
    if (is_object($entry)) {
        return $asked('adachsoft') ? 'adachsoft' : null;
    }
    if (!is_array($entry)) {
        return null;
    }
    if ($asked('adachsoft') && (array_key_exists('toolCalls', $entry) || array_key_exists('toolResults', $entry))) {
        return 'adachsoft';
    }
    if ($asked('openai-responses')
        && (in_array($entry['type'] ?? null, ['function_call', 'function_call_output', 'message', 'reasoning'], true)
            || array_key_exists('call_id', $entry))) {
        return 'openai-responses';
    }
    if ($asked('gemini') && (array_key_exists('parts', $entry) || ($entry['role'] ?? null) === 'model')) {
        return 'gemini';
    }
    if ($asked('openai') && (array_key_exists('tool_calls', $entry) || array_key_exists('tool_call_id', $entry))) {
        return 'openai';
    }
    if ($asked('anthropic') && is_array($entry['content'] ?? null)) {
        foreach ($entry['content'] as $block) {
            if (is_object($block) && str_starts_with(get_class($block), 'Anthropic\\')) {
                return 'anthropic';
            }
            if (is_array($block)
                && in_array($block['type'] ?? null, ['tool_use', 'tool_result', 'thinking', 'redacted_thinking'], true)) {
                return 'anthropic';
            }
        }
    }
    return null;
}

/**
 * toolcompact_compact() for every format (Parts 1 to 4) on plain arrays.
 *
 * `$params['format']` chooses the format (`auto` by default). The report is
 * the one of Part 3 with the key `format` added.
 */
function reference_compact_format(array $history, array $params = [], ?array &$report = null): array
{
    $wantReport = func_num_args() >= 3;
    if (json_objects_wanted($history)) {
        $arrays = json_objects_history_as_arrays($history);
        $output = $wantReport ? reference_compact_format($arrays, $params, $report) : reference_compact_format($arrays, $params);
        return json_objects_back($output, $history, $arrays);
    }
    $output = ReferenceCompactor::resolve($params)['targetTokens'] === null
        ? reference_pass_format($history, $params, $wantReport, $report, $format)
        : reference_target($history, $params, $wantReport, $report, $format);
    return reference_window($output, $format, $params, $wantReport, $report);
}

/**
 * The pass of Parts 1 to 4 in the history's format; $format receives the
 * format used (null: none could be).
 */
function reference_pass_format(array $history, array $params, bool $wantReport, ?array &$report, ?string &$format): array
{
    $format = $params['format'] ?? 'auto';
    if (!in_array($format, FORMATS, true)) {
        $format = 'auto';
    }
    if ($format !== 'auto') {
        $reason = holds_unreadable($history) ? 'unreadable' : (format_fits($history, $format) ? null : 'formatMismatch');
        $detected = ['format' => $reason === null ? $format : null, 'reason' => $reason];
    } else {
        $detected = reference_detect_format($history);
    }
    if ($detected['format'] === null) {
        $format = null;
        if ($wantReport) {
            $report = unchanged_report($detected['reason'], $params);
            if (ReferenceCompactor::resolve($params)['keepThinkingTurns'] !== null) {
                $report['thinkingBlocksRemoved'] = 0;
            }
        }
        return $history;
    }
    $format = $detected['format'];
    $keepThinking = ReferenceCompactor::resolve($params)['keepThinkingTurns'];
    $removed = 0;
    if ($format === 'adachsoft') {
        $output = (new ReferenceCompactor($params))->compact($history, $wantReport, $report);
    } elseif ($format === 'anthropic' && $keepThinking !== null) {
        $output = (new FormatPass($format, $params))->compact($history, true, $report);
        if ($report['applied']) {
            $output = clear_thinking($history, $output, $keepThinking, $report, $removed, $params);
        }
    } else {
        $output = (new FormatPass($format, $params))->compact($history, $wantReport, $report);
    }
    if ($wantReport) {
        $report['format'] = $format;
        if ($keepThinking !== null) {
            $report['thinkingBlocksRemoved'] = $removed;
        }
    }
    return $output;
}

/**
 * keepThinkingTurns (Part 4 "Thinking blocks"): $output (the pass's output
 * for $history) without the thinking and redacted_thinking blocks of the
 * assistant turns older than the newest $keep, never those of a last turn
 * still inside a tool-use loop, nor a message's last blocks. A turn starts
 * at a user message that holds more than tool results. The removed blocks'
 * thinking texts, as the estimate counts them, leave bytesAfter and
 * tokensAfter and join savedBytes.
 */
function clear_thinking(array $history, array $output, int $keep, array &$report, int &$removed, array $params = []): array
{
    $counter = ReferenceCompactor::resolve($params)['tokenCounter'];
    $saved = ['bytes' => 0, 'tokens' => 0];
    $isType = fn (mixed $block, string ...$types): bool => in_array(block_get($block, 'type'), $types, true);
    $onlyResults = fn (mixed $content): bool => is_array($content) && $content !== []
        && array_filter($content, fn ($b) => !$isType($b, 'tool_result')) === [];
    $role = fn (mixed $entry): ?string => is_array($entry) && is_string($entry['role'] ?? null) ? $entry['role'] : null;
    $turn = 0;
    $turns = [];
    $assistantTurns = [];
    $inLoop = false;
    foreach ($history as $key => $entry) {
        $content = is_array($entry) ? ($entry['content'] ?? null) : null;
        if ($role($entry) === 'user' && !$onlyResults($content)) {
            $turn++;
        }
        $turns[$key] = $turn;
        if ($role($entry) === 'assistant') {
            $assistantTurns[$turn] = true;
        }
        $inLoop = ($role($entry) === 'assistant' && is_array($content) && array_filter($content, fn ($b) => $isType($b, 'tool_use')) !== [])
            || ($role($entry) === 'user' && $onlyResults($content));
    }
    // the turns below the (keep + 1)-th newest assistant turn, that one included
    $ids = array_keys($assistantTurns);
    $clearBelow = $keep < count($ids) ? $ids[count($ids) - $keep - 1] + 1 : 0;
    $position = 0;
    foreach ($history as $key => $entry) {
        $at = $position++;
        if ($turns[$key] >= $clearBelow || ($inLoop && $turns[$key] === $turn) || $role($entry) !== 'assistant'
                || !is_array($output[$key] ?? null) || !is_array($output[$key]['content'] ?? null)) {
            continue;
        }
        $content = $output[$key]['content'];
        $left = [];
        $texts = [];
        foreach ($content as $k => $block) {
            if (!$isType($block, 'thinking', 'redacted_thinking')) {
                $left[$k] = $block; // a value: a PHP reference is replaced
            } elseif (is_string($text = block_get($block, 'thinking'))) {
                $texts[] = $text;
            }
        }
        if (count($left) === count($content) || $left === []) {
            continue;
        }
        foreach ($texts as $text) {
            if (($json = json_encode($text)) !== false) {
                $counted = $counter !== null ? $counter($json) : null;
                $saved['bytes'] += strlen($json);
                $saved['tokens'] += is_int($counted) ? max(0, $counted) : intdiv(strlen($json) + 3, 4);
            }
        }
        $removed += count($content) - count($left);
        if ($output[$key] === $entry || serialize($output[$key]) === serialize($entry)) {
            $report['messagesChanged']++;
        }
        if ($report['firstChangedIndex'] === null || $report['firstChangedIndex'] > $at) {
            $report['firstChangedIndex'] = $at;
        }
        $output[$key] = with_key($output[$key], 'content', array_is_list($content) ? array_values($left) : $left);
    }
    $report['bytesAfter'] = max(0, $report['bytesAfter'] - $saved['bytes']);
    $report['tokensAfter'] = max(0, $report['tokensAfter'] - $saved['tokens']);
    $report['savedBytes'] += $saved['bytes'];
    return $output;
}

/**
 * toolcompact_restore() for every format (Part 3 "Restoring", Part 4
 * "Restoring") on plain arrays, the format chosen as `auto` does.
 *
 * @param callable(string $sha256): mixed $lookup
 */
function reference_restore_format(array $history, callable $lookup, array $params = []): array
{
    if (json_objects_wanted($history)) {
        $arrays = json_objects_history_as_arrays($history);
        return json_objects_back(reference_restore_format($arrays, $lookup, $params), $history, $arrays);
    }
    $format = reference_detect_format($history)['format'];
    if ($format === null) {
        return $history;
    }
    $jsonError = json_last_error();
    try {
        $restorer = new FormatRestorer($lookup, is_string($params['placeholder'] ?? null) ? $params['placeholder'] : null);
        return $format === 'adachsoft'
            ? $restorer->restoreAdachsoft($history)
            : $restorer->restoreFormat($history, $format);
    } finally {
        ReferenceCompactor::restoreJsonError($jsonError);
    }
}

/** The report of a history returned unchanged because no format could be used. */
function unchanged_report(string $reason, array $params = []): array
{
    $resolved = ReferenceCompactor::resolve($params);
    return [
        'triggered' => false, 'applied' => false, 'reason' => $reason,
        'messagesChanged' => 0, 'callsCompacted' => 0, 'resultsCompacted' => 0, 'fieldsOmitted' => 0,
    ] + ($resolved['previewBytes'] > 0 || $resolved['previewTail'] > 0 ? ['fieldsPreviewed' => 0] : [])
      + ($resolved['collapseWhitespace'] ? ['fieldsCollapsed' => 0] : []) + [
        'bytesBefore' => 0, 'bytesAfter' => 0, 'tokensBefore' => 0, 'tokensAfter' => 0,
        'savedBytes' => 0, 'firstChangedIndex' => null, 'format' => null,
    ];
}

// ----------------------------------------------------------------------
// Reading a provider entry
// ----------------------------------------------------------------------

/**
 * The calls and results of one provider entry in the entry's order, as they
 * stand in it (Part 4 "Calls, results and payloads in each format"):
 * `kind` (call or result), `id` and `name` (null when the format has none or
 * the value is missing), `path` (the keys from the entry to the payload),
 * `payload` (the payload's value, null when missing) and `part` (the 0-based
 * position of the block or part in its list, for gemini's synthetic ids).
 *
 * @return list<array{kind: string, id: mixed, name: mixed, path: list<array-key>, payload: mixed, part: int}>
 */
function entry_items(array $entry, string $format): array
{
    $items = [];
    switch ($format) {
        case 'openai':
            if (($entry['role'] ?? null) === 'assistant' && is_array($entry['tool_calls'] ?? null)) {
                $position = 0;
                foreach ($entry['tool_calls'] as $key => $call) {
                    $function = is_array($call) ? ($call['function'] ?? null) : null;
                    if (is_array($function)) {
                        $items[] = ['kind' => 'call', 'id' => $call['id'] ?? null, 'name' => $function['name'] ?? null,
                            'path' => ['tool_calls', $key, 'function', 'arguments'],
                            'payload' => $function['arguments'] ?? null, 'part' => $position];
                    }
                    $position++;
                }
            }
            if (($entry['role'] ?? null) === 'tool') {
                $items[] = ['kind' => 'result', 'id' => $entry['tool_call_id'] ?? null, 'name' => null,
                    'path' => ['content'], 'payload' => $entry['content'] ?? null, 'part' => 0];
            }
            break;

        case 'openai-responses':
            $type = $entry['type'] ?? null;
            if ($type === 'function_call') {
                $items[] = ['kind' => 'call', 'id' => $entry['call_id'] ?? null, 'name' => $entry['name'] ?? null,
                    'path' => ['arguments'], 'payload' => $entry['arguments'] ?? null, 'part' => 0];
            } elseif ($type === 'custom_tool_call') {
                $items[] = ['kind' => 'call', 'id' => $entry['call_id'] ?? null, 'name' => $entry['name'] ?? null,
                    'path' => ['input'], 'payload' => $entry['input'] ?? null, 'part' => 0];
            } elseif ($type === 'computer_call') {
                $items[] = ['kind' => 'call', 'id' => $entry['call_id'] ?? null, 'name' => 'computer_use_preview',
                    'path' => [], 'payload' => null, 'part' => 0];
            } elseif (in_array($type, ['function_call_output', 'custom_tool_call_output', 'computer_call_output'], true)) {
                $items[] = ['kind' => 'result', 'id' => $entry['call_id'] ?? null, 'name' => null,
                    'path' => ['output'], 'payload' => $entry['output'] ?? null, 'part' => 0];
            }
            break;

        case 'anthropic':
            if (is_array($entry['content'] ?? null)) {
                $position = 0;
                foreach ($entry['content'] as $key => $block) {
                    $type = block_get($block, 'type');
                    if ($type === 'tool_use') {
                        $items[] = ['kind' => 'call', 'id' => block_get($block, 'id'), 'name' => block_get($block, 'name'),
                            'path' => ['content', $key, 'input'], 'payload' => block_get($block, 'input'), 'part' => $position];
                    } elseif ($type === 'tool_result') {
                        $items[] = ['kind' => 'result', 'id' => block_get($block, 'tool_use_id'), 'name' => null,
                            'path' => ['content', $key, 'content'], 'payload' => block_get($block, 'content'), 'part' => $position];
                    }
                    $position++;
                }
            }
            break;

        case 'gemini':
            if (is_array($entry['parts'] ?? null)) {
                $position = 0;
                foreach ($entry['parts'] as $key => $part) {
                    [$callKey, $call] = gemini_function($part, 'functionCall', 'function_call');
                    if ($call !== null) {
                        $items[] = ['kind' => 'call', 'id' => $call['id'] ?? null, 'name' => $call['name'] ?? null,
                            'path' => ['parts', $key, $callKey, 'args'], 'payload' => $call['args'] ?? null, 'part' => $position];
                    }
                    [$responseKey, $response] = gemini_function($part, 'functionResponse', 'function_response');
                    if ($response !== null) {
                        $items[] = ['kind' => 'result', 'id' => $response['id'] ?? null, 'name' => $response['name'] ?? null,
                            'path' => ['parts', $key, $responseKey, 'response'], 'payload' => $response['response'] ?? null,
                            'part' => $position, 'media' => []];
                        $answering = count($items) - 1;
                    } elseif (isset($answering) && is_int($key) && media_part_type($part, 'gemini') !== null) {
                        // Part 4 "Media parts": it belongs to the response before it
                        $items[$answering]['media'][$key] = $part;
                    }
                    $position++;
                }
            }
            break;
    }
    return $items;
}

/**
 * A Gemini part's call or response: [key, array] under the camelCase key, or
 * under the REST API's snake_case key when the camelCase one holds no array;
 * [null, null] when neither does.
 */
function gemini_function(mixed $part, string $camel, string $snake): array
{
    foreach ([$camel, $snake] as $key) {
        if (is_array($part) && is_array($part[$key] ?? null)) {
            return [$key, $part[$key]];
        }
    }
    return [null, null];
}

/**
 * What kind of payload a value is (Part 4 "A payload is one of"): `object`
 * (an array input, args or response), `json` (a JSON text, its decoded array
 * handed back through $decoded), `text` (another string result payload),
 * `parts` (a result's list of parts), or null (not a payload: left as it is).
 */
function payload_kind(string $format, string $kind, mixed $payload, ?array &$decoded = null): ?string
{
    $decoded = is_string($payload) ? json_text_decode($payload) : null;
    if ($kind === 'call') {
        if ($format === 'openai' || $format === 'openai-responses') {
            return $decoded !== null ? 'json' : null;
        }
        return is_array($payload) ? 'object' : null;
    }
    if (is_string($payload)) {
        return $decoded !== null ? 'json' : 'text';
    }
    if (is_array($payload)) {
        return $format === 'gemini' ? 'object' : 'parts';
    }
    return null;
}

/** The `type` of a text part in a result's list of parts, by format. */
function text_part_type(string $format): string
{
    return $format === 'openai-responses' ? 'input_text' : 'text';
}

/**
 * The fields of a list of parts by position: the text of each part whose
 * `type` is the format's text type and whose `text` is a string, and each
 * media part with inline data (media_part_type()) itself.
 *
 * @return array<int, mixed>
 */
function part_texts(array $parts, string $format): array
{
    $texts = [];
    $position = 0;
    foreach ($parts as $key => $part) {
        $text = block_get($part, 'text');
        if (is_int($key) && media_part_type($part, $format) !== null) {
            $texts[$position] = $part;
        } elseif (block_get($part, 'type') === text_part_type($format) && is_string($text)) {
            $texts[$position] = $text;
        }
        $position++;
    }
    return $texts;
}

/**
 * The media type of a part that carries its data inline (Part 4 "Media
 * parts"), or null when it is no such part: anthropic image and document
 * blocks with a base64 source, openai image_url parts with a data: URL and
 * file parts with file_data, openai-responses input_image parts with a data:
 * URL and input_file parts with file_data, gemini parts with inlineData (or
 * inline_data) holding a string data.
 */
function media_part_type(mixed $part, string $format): ?string
{
    $type = block_get($part, 'type');
    $dataUrl = fn (mixed $url): bool => is_string($url) && strncasecmp($url, 'data:', 5) === 0;
    $ofUrl = fn (string $url): string => media_type_or_default(preg_split('/[;,]/', substr($url, 5))[0]);
    $ofFile = fn (string $data): string => $dataUrl($data) ? $ofUrl($data) : 'application/octet-stream';
    switch ($format) {
        case 'anthropic':
            $source = block_get($part, 'source');
            if (($type !== 'image' && $type !== 'document') || block_get($source, 'type') !== 'base64'
                    || !is_string(block_get($source, 'data'))) {
                return null;
            }
            $media = is_object($source) ? block_get($source, 'mediaType') : block_get($source, 'media_type');
            return is_string($media) ? media_type_or_default($media) : 'application/octet-stream';
        case 'openai':
            if (!is_array($part)) {
                return null;
            }
            if ($type === 'image_url' && is_array($part['image_url'] ?? null) && $dataUrl($part['image_url']['url'] ?? null)) {
                return $ofUrl($part['image_url']['url']);
            }
            if ($type === 'file' && is_array($part['file'] ?? null) && is_string($part['file']['file_data'] ?? null)) {
                return $ofFile($part['file']['file_data']);
            }
            return null;
        case 'openai-responses':
            if (!is_array($part)) {
                return null;
            }
            if ($type === 'input_image' && $dataUrl($part['image_url'] ?? null)) {
                return $ofUrl($part['image_url']);
            }
            if ($type === 'input_file' && is_string($part['file_data'] ?? null)) {
                return $ofFile($part['file_data']);
            }
            return null;
        case 'gemini':
            // a part holding a call or a response is none
            if (!is_array($part) || array_key_exists('functionCall', $part) || array_key_exists('function_call', $part)
                    || array_key_exists('functionResponse', $part) || array_key_exists('function_response', $part)) {
                return null;
            }
            [$camel, $blob] = is_array($part['inlineData'] ?? null) ? [true, $part['inlineData']]
                : (is_array($part['inline_data'] ?? null) ? [false, $part['inline_data']] : [null, null]);
            if ($blob === null || !is_string($blob['data'] ?? null)) {
                return null;
            }
            $media = $blob[$camel ? 'mimeType' : 'mime_type'] ?? null;
            return is_string($media) ? media_type_or_default($media) : 'application/octet-stream';
    }
    return null;
}

/** A media type that is exactly type/subtype of token characters, else application/octet-stream. */
function media_type_or_default(string $type): string
{
    return preg_match('~^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+$~D', $type) ? $type : 'application/octet-stream';
}

/** The text that takes the place of an omitted media part (Part 4 "Media parts"). */
function media_placeholder(string $type, int $bytes, string $sha256): string
{
    return '[omitted ' . $type . ', ' . $bytes . ' bytes, sha256=' . $sha256 . ']';
}

/** The sha256 a text that is exactly a media placeholder names, else null. */
function media_placeholder_sha256(mixed $text): ?string
{
    if (is_string($text) && preg_match('~^\[omitted [A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+, \d+ bytes, sha256=([0-9a-f]{64})\]$~D', $text, $match)) {
        return $match[1];
    }
    return null;
}

/**
 * A field of an anthropic block or part: an array's key, or an SDK object's
 * public property (`tool_use_id` is the property `toolUseID`); an
 * uninitialised typed property, like a missing key, is null.
 */
function block_get(mixed $block, string $key): mixed
{
    if (is_array($block)) {
        return $block[$key] ?? null;
    }
    if (!is_object($block) || !str_starts_with(get_class($block), 'Anthropic\\')) {
        return null;
    }
    $property = $key === 'tool_use_id' ? 'toolUseID' : $key;
    if (!property_exists($block, $property)) {
        return null;
    }
    $reflection = new \ReflectionProperty($block, $property);
    if (!$reflection->isPublic() || $reflection->isStatic() || !$reflection->isInitialized($block)) {
        return null;
    }
    return $reflection->getValue($block);
}

/**
 * A copy of $container with the value at $path replaced: arrays are copied
 * key by key (so a PHP reference is replaced, never written through), objects
 * are cloned (every property, no constructor) and the property set.
 *
 * @param list<array-key> $path
 */
function with_path(mixed $container, array $path, mixed $value): mixed
{
    if ($path === []) {
        return $value;
    }
    $key = array_shift($path);
    if (is_object($container)) {
        $copy = clone $container;
        $copy->{$key} = with_path($container->{$key}, $path, $value);
        return $copy;
    }
    return with_key($container, $key, with_path($container[$key], $path, $value));
}

/** A copy of $array with $key set to $value (in place, or appended when missing). */
function with_key(array $array, int|string $key, mixed $value): array
{
    return ReferenceCompactor::withKey($array, $key, $value);
}

/** A copy of $array without $key. */
function without_key(array $array, int|string $key): array
{
    $copy = [];
    foreach ($array as $k => $v) {
        if ($k !== $key) {
            $copy[$k] = $v;
        }
    }
    return $copy;
}

// ----------------------------------------------------------------------
// JSON texts and placeholders
// ----------------------------------------------------------------------

/**
 * The decoded array of a JSON text: a string whose first non-whitespace byte
 * is `{` and that json_decode($s, true) decodes to an array; null otherwise.
 */
function json_text_decode(string $text): ?array
{
    if (!str_starts_with(ltrim($text, " \t\n\r"), '{')) {
        return null;
    }
    $decoded = json_decode($text, true);
    return is_array($decoded) ? $decoded : null;
}

/**
 * The top-level members of a JSON text (one json_text_decode() accepts), in
 * text order: each member's key as PHP decodes it ("0" is 0), the byte
 * offsets of its key token and of its value ([start, end)). Null when two
 * members have the same key.
 *
 * @return list<array{key: array-key, keyStart: int, valueStart: int, valueEnd: int}>|null
 */
function json_members(string $text): ?array
{
    $length = strlen($text);
    $i = strspn($text, " \t\n\r") + 1; // after the opening brace
    $members = [];
    $seen = [];
    while (true) {
        $i += strspn($text, " \t\n\r", $i);
        if ($text[$i] === '}') {
            break;
        }
        $keyStart = $i;
        $i = json_skip_string($text, $i);
        $key = key_as_php(json_decode(substr($text, $keyStart, $i - $keyStart)));
        if (isset($seen[$key])) {
            return null;
        }
        $seen[$key] = true;
        $i += strspn($text, " \t\n\r", $i);
        $i++; // the colon
        $i += strspn($text, " \t\n\r", $i);
        $valueStart = $i;
        $i = json_skip_value($text, $i, $length);
        $members[] = ['key' => $key, 'keyStart' => $keyStart, 'valueStart' => $valueStart, 'valueEnd' => $i];
        $i += strspn($text, " \t\n\r", $i);
        if ($text[$i] === ',') {
            $i++;
        }
    }
    return $members;
}

/** A decoded key as a PHP array key: "0" becomes 0, as json_decode() does. */
function key_as_php(string $key): int|string
{
    return array_key_first([$key => true]);
}

/** The offset just after the JSON string token that starts at $i. */
function json_skip_string(string $text, int $i): int
{
    $i++;
    while (true) {
        $i += strcspn($text, '"\\', $i);
        if ($text[$i] === '\\') {
            $i += 2;
            continue;
        }
        return $i + 1;
    }
}

/** The offset just after the JSON value (of a valid text) that starts at $i. */
function json_skip_value(string $text, int $i, int $length): int
{
    $first = $text[$i];
    if ($first === '"') {
        return json_skip_string($text, $i);
    }
    if ($first !== '{' && $first !== '[') {
        return $i + strcspn($text, ",}] \t\n\r", $i); // number, true, false, null
    }
    $depth = 0;
    while ($i < $length) {
        $i += strcspn($text, '"{}[]', $i); // the next string or bracket
        $char = $text[$i];
        if ($char === '"') {
            $i = json_skip_string($text, $i);
            continue;
        }
        $depth += $char === '{' || $char === '[' ? 1 : -1;
        $i++;
        if ($depth === 0) {
            return $i;
        }
    }
    return $i;
}

/**
 * Replaces byte ranges of a text: $edits is a list of [start, end, text],
 * ranges that do not overlap.
 *
 * @param list<array{int, int, string}> $edits
 */
function edit_text(string $text, array $edits): string
{
    usort($edits, fn (array $a, array $b): int => $b[0] <=> $a[0]);
    foreach ($edits as [$start, $end, $replacement]) {
        $text = substr($text, 0, $start) . $replacement . substr($text, $end);
    }
    return $text;
}

/**
 * The placeholder of an omitted text or part (Part 4 "a text") of a result
 * of $tool: the default one, or the `placeholder` template substituted.
 */
function text_placeholder(int $bytes, string $sha256, ?string $template = null, mixed $tool = null): string
{
    if ($template === null) {
        return '[omitted] ' . $bytes . ' bytes, sha256=' . $sha256;
    }
    return preg_replace_callback('/\{[A-Za-z0-9_]*\}/', fn (array $m): string => match ($m[0]) {
        '{tool}' => (string) $tool, '{bytes}' => (string) $bytes, '{sha256}' => $sha256, default => $m[0],
    }, $template);
}

/**
 * Is $text exactly a placeholder: the default one, or one $template (null:
 * none) writes for a result of $tool? $sha256 receives its sha256 (null for
 * a template without {sha256}). {bytes} is 1+ digits, {sha256} 64
 * lowercase hex digits, {tool} the tool name exactly.
 */
function placeholder_matches(mixed $text, ?string $template, mixed $tool, ?string &$sha256 = null): bool
{
    $sha256 = placeholder_sha256($text);
    if ($sha256 !== null) {
        return true;
    }
    if ($template === null || !is_string($text)) {
        return false;
    }
    $regex = '';
    foreach (preg_split('/(\{[A-Za-z0-9_]*\})/', $template, -1, PREG_SPLIT_DELIM_CAPTURE) as $i => $piece) {
        $regex .= $i % 2 === 0 ? preg_quote($piece, '/') : match ($piece) {
            '{tool}' => is_string($tool) ? preg_quote($tool, '/') : '(*FAIL)',
            '{bytes}' => '[0-9]+',
            '{sha256}' => '(?<sha>[0-9a-f]{64})',
            default => preg_quote($piece, '/'),
        };
    }
    if (!preg_match('/^' . $regex . '$/Ds', $text, $match)) {
        return false;
    }
    $sha256 = $match['sha'] ?? null;
    return true;
}

/** The sha256 a text that is exactly a placeholder names, else null. */
function placeholder_sha256(mixed $text): ?string
{
    if (is_string($text) && preg_match('/^\[omitted\] \d+ bytes, sha256=([0-9a-f]{64})$/D', $text, $match)) {
        return $match[1];
    }
    return null;
}

/** A `_tool_compaction` value is valid when it is an array whose omittedFields is an array. */
function meta_is_valid(mixed $meta): bool
{
    return is_array($meta) && is_array($meta['omittedFields'] ?? null);
}

// ----------------------------------------------------------------------
// The pass over a provider history
// ----------------------------------------------------------------------

/**
 * One compaction pass over a history in a provider format.
 *
 * A view is a plain-array adachsoft message: `role` (`user` for a user turn,
 * else null, so that the walk never writes Part 1's tool message content),
 * `content` (null), `texts` (the entry's texts the estimate counts),
 * `toolCalls` and `toolResults` ({id, toolName, arguments|result} plus what
 * writing back needs: `payloadKind`, `path`, `source` and the payload as the
 * estimate sees it, `estimate`), the provider `entry` itself and the onOmit
 * `queue` (null until the entry is written back).
 *
 * In a view's payload, the fields that are already omitted without a meta
 * (a text or part that is a placeholder; every member of a JSON text that is
 * never edited) are listed in a meta of the view, so that the walk leaves
 * them alone.
 */
final class FormatPass
{
    private const META = ReferenceCompactor::META_KEY;

    /** @var callable|null */
    private $onOmit;
    private array $compactorParams;
    private ?string $placeholder;

    public function __construct(private string $format, array $params)
    {
        $this->placeholder = is_string($params['placeholder'] ?? null) ? $params['placeholder'] : null;
        $this->onOmit = ReferenceCompactor::resolve($params)['onOmit'];
        unset($params['onOmit']);
        $this->compactorParams = $params;
    }

    public function compact(array $history, bool $wantReport, ?array &$report): array
    {
        $jsonError = json_last_error();
        try {
            $views = $this->views($history);
            $compactor = (new ReferenceCompactor($this->compactorParams))->withViewHooks(
                fn (array $view): array => $this->estimateValues($view),
                fn (int $position, array $before, array $after): array => $this->writeBack($position, $before, $after),
                fn (array $item, string $field, array $payload): bool => $this->pays($item, $field, $payload)
            );
            $compacted = $compactor->compact($views, $wantReport, $report);

            // The entries written back; none when the trigger or the gate held
            // the pass back or nothing changed: the history as it is.
            $output = [];
            $queues = [];
            $position = 0;
            foreach ($history as $key => $entry) {
                $view = $compacted[$key];
                if (is_array($view) && $view['queue'] !== null) {
                    $entry = $view['entry'];
                    $queues[$position] = $view['queue'];
                }
                $output[$key] = $entry;
                $position++;
            }
            if ($queues === []) {
                return $history;
            }
            if ($this->onOmit !== null) {
                ReferenceCompactor::offerAll($this->onOmit, $queues);
            }
            return $output;
        } finally {
            ReferenceCompactor::restoreJsonError($jsonError);
        }
    }

    // ------------------------------------------------------------------
    // Views
    // ------------------------------------------------------------------

    /**
     * The items of every entry (entry_items()), keys kept, with the ids and
     * tool names the walk uses: a result's name from its call, gemini's ids
     * paired.
     */
    public function walkItems(array $history): array
    {
        $items = [];
        $position = 0;
        foreach ($history as $key => $entry) {
            $items[$key] = is_array($entry) ? entry_items($entry, $this->format) : [];
            foreach ($items[$key] as $i => $item) {
                $items[$key][$i]['position'] = $position;
            }
            $position++;
        }
        return $this->format === 'gemini' ? $this->pairGemini($items) : $this->nameResults($items);
    }

    /** One view per entry (null for an entry that is not an array), keys kept. */
    private function views(array $history): array
    {
        $items = $this->walkItems($history);

        $views = [];
        foreach ($history as $key => $entry) {
            $views[$key] = is_array($entry) ? $this->view($entry, $items[$key]) : null;
        }
        return $views;
    }

    /**
     * Part 4: a result answers the nearest call before it with its id: its
     * tool name, where the format has none, is that call's (with none, it has
     * none and takes no part), its walk id that call's. A call that takes part
     * and gives an id an earlier one gave gets a walk id of its own
     * (`gemini:{entry}:{part}` in gemini); 'given' keeps the id it gives.
     */
    private function nameResults(array $items, bool $named = true): array
    {
        $nearest = []; // given id => [walk id, tool name] of the nearest call
        foreach ($items as $key => $entryItems) {
            foreach ($entryItems as $i => $item) {
                $given = $item['id'];
                $items[$key][$i]['given'] = $given;
                if (!is_string($given)) {
                    continue;
                }
                if ($item['kind'] === 'call') {
                    if (is_string($item['name'])) {
                        $id = isset($nearest[$given]) ? ($named ? "$given\0{$item['position']}:$i" : 'gemini:' . $item['position'] . ':' . $item['part']) : $given;
                        $items[$key][$i]['id'] = $id;
                        $nearest[$given] = [$id, $item['name']];
                    }
                    continue;
                }
                // Part 4: a result whose call is not in the history is named
                // unknown, with a walk id no call has
                $items[$key][$i]['id'] = $nearest[$given][0] ?? ($named ? "$given\0{$item['position']}:$i" : $given);
                if ($named) {
                    $items[$key][$i]['name'] = $nearest[$given][1] ?? 'unknown';
                }
            }
        }
        return $items;
    }

    /**
     * Part 4, gemini: ids given pair as nameResults() says; a call without a
     * string id gets `gemini:{entry}:{part}`; a response without one answers
     * the oldest call before it with the same name that no response answers
     * yet (by id or by this rule), else it gets its own id the same way.
     */
    private function pairGemini(array $items): array
    {
        $items = $this->nameResults($items, false);
        $open = []; // calls not answered yet, oldest first: [id, name]
        foreach ($items as $key => $entryItems) {
            foreach ($entryItems as $i => $item) {
                $synthetic = 'gemini:' . $item['position'] . ':' . $item['part'];
                if ($item['kind'] === 'call') {
                    $id = is_string($item['given']) ? $item['id'] : $synthetic;
                    $items[$key][$i]['id'] = $id;
                    if (is_string($item['name'])) {
                        $open[] = [$id, $item['name']];
                    }
                    continue;
                }
                if (is_string($item['given'])) {
                    $open = array_values(array_filter($open, fn (array $call): bool => $call[0] !== $item['id']));
                    continue;
                }
                $id = $synthetic;
                foreach ($open as $o => [$callId, $name]) {
                    if ($name === $item['name']) {
                        $id = $callId;
                        unset($open[$o]);
                        $open = array_values($open);
                        break;
                    }
                }
                $items[$key][$i]['id'] = $id;
            }
        }
        return $items;
    }

    /** The view of one entry, from its items (ids and names resolved). */
    private function view(array $entry, array $items): array
    {
        $holdsResult = false;
        $view = ['role' => null, 'content' => null, 'toolCalls' => [], 'toolResults' => [], 'entry' => $entry, 'queue' => null];
        foreach ($items as $item) {
            $kind = payload_kind($this->format, $item['kind'], $item['payload'], $decoded);
            $field = $item['kind'] === 'call' ? 'arguments' : 'result';
            [$walk, $estimate] = $this->walkPayload($kind, $item['payload'], $decoded, $item['name']);
            $media = [];
            if ($kind === 'object' && ($item['media'] ?? []) !== []) {
                // Part 4 "Media parts": gemini's of the response, under their
                // keys in parts, where the response has no such member
                $media = array_diff_key($item['media'], $item['payload']);
                $walk += $media;
                $estimate += $media;
            }
            $view[$item['kind'] === 'call' ? 'toolCalls' : 'toolResults'][] = [
                'id' => $item['id'],
                'given' => $item['given'],
                'toolName' => $item['name'],
                $field => $walk,
                'payloadKind' => $kind,
                'path' => $item['path'],
                'source' => $item['payload'],
                'estimate' => $estimate,
                'media' => $media,
            ];
            $holdsResult = $holdsResult || $item['kind'] === 'result';
        }
        if (($entry['role'] ?? null) === 'user' && !$holdsResult) {
            $view['role'] = 'user';
        }
        $view['texts'] = $this->texts($entry);
        // keepRecentTurns: a user entry that holds more than results (none, or a text beside them)
        $view['turnStart'] = ($entry['role'] ?? null) === 'user' && (!$holdsResult || $this->hasText($entry));
        return $view;
    }

    /**
     * Part 4: does an anthropic or gemini entry hold a text beside its items
     * (a block other than tool_use / tool_result, or any part, with a string
     * `text`)?
     */
    private function hasText(array $entry): bool
    {
        if ($this->format !== 'anthropic' && $this->format !== 'gemini') {
            return false;
        }
        $list = $entry[$this->format === 'gemini' ? 'parts' : 'content'] ?? null;
        foreach (is_array($list) ? $list : [] as $element) {
            if ($this->format === 'gemini') {
                if (is_array($element) && is_string($element['text'] ?? null) && media_placeholder_sha256($element['text']) === null) {
                    return true;
                }
            } elseif (!in_array(block_get($element, 'type'), ['tool_use', 'tool_result'], true) && is_string(block_get($element, 'text'))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Part 4 "Estimate": the texts a model reads in an entry beside its
     * payloads: its string content, or the texts of its content list
     * (arrays, or anthropic SDK blocks; gemini: of its parts); its string
     * `refusal`; a responses reasoning item's summary texts. None when its
     * content is a result's payload (an openai tool message).
     */
    private function texts(array $entry): array
    {
        if ($this->format === 'openai' && ($entry['role'] ?? null) === 'tool') {
            return [];
        }
        $content = $entry[$this->format === 'gemini' ? 'parts' : 'content'] ?? null;
        $texts = is_string($content) ? [$content] : self::listTexts($content, $this->format === 'anthropic');
        if ($this->format === 'gemini') {
            // the text naming an omitted media part is none (Part 4 "Media parts")
            $texts = array_values(array_filter($texts, fn (string $text): bool => media_placeholder_sha256($text) === null));
        }
        if (is_string($entry['refusal'] ?? null)) {
            $texts[] = $entry['refusal'];
        }
        if ($this->format === 'openai-responses' && ($entry['type'] ?? null) === 'reasoning') {
            $texts = [...$texts, ...self::listTexts($entry['summary'] ?? null, false)];
        }
        return $texts;
    }

    /**
     * The string text of each element of $list that is an array (or any
     * element with $objects: anthropic SDK blocks): its `text`, a thinking
     * block's `thinking`, a refusal part's `refusal`.
     */
    private static function listTexts(mixed $list, bool $objects): array
    {
        $texts = [];
        foreach (is_array($list) ? $list : [] as $element) {
            if (!is_array($element) && !$objects) {
                continue;
            }
            $type = block_get($element, 'type');
            $text = block_get($element, $type === 'thinking' || $type === 'refusal' ? $type : 'text');
            if (is_string($text)) {
                $texts[] = $text;
            }
        }
        return $texts;
    }

    /**
     * A payload as the walk sees it and as the estimate sees it.
     *
     * @param array|null $decoded the decoded array of a JSON text
     * @return array{?array, ?array} [walk payload, estimate payload]
     */
    private function walkPayload(?string $kind, mixed $payload, ?array $decoded, mixed $tool): array
    {
        switch ($kind) {
            case 'object':
                return [$payload, $payload];
            case 'json':
                // A text with a duplicate member, or whose valid meta could not
                // be written again (1e999 decodes to INF), is never edited;
                // the estimate counts its decoded array, as of any JSON text.
                $meta = $decoded[self::META] ?? null;
                if (json_members($payload) === null || meta_is_valid($meta) && json_encode($meta) === false) {
                    $keys = array_keys(without_key($decoded, self::META));
                    return [self::withOmitted(without_key($decoded, self::META), $keys), $decoded];
                }
                return [$decoded, $decoded];
            case 'text':
                $texts = [0 => $payload];
                // a placeholder is no field: the estimate sees []
                // a placeholder or a preview (Part 6) is no field
                $placeholder = $this->noField($payload, $tool);
                return [self::withOmitted($texts, $placeholder ? [0] : []), $placeholder ? [] : $texts];
            case 'parts':
                $texts = part_texts($payload, $this->format);
                $placeholders = array_keys(array_filter($texts, fn (mixed $text): bool => is_string($text)
                    && ($this->noField($text, $tool) || media_placeholder_sha256($text) !== null)));
                return [self::withOmitted($texts, $placeholders), array_diff_key($texts, array_flip($placeholders))];
        }
        return [null, null];
    }

    /** Is a text of a result of $tool a placeholder (ours or the default) or a preview? */
    private function noField(string $text, mixed $tool): bool
    {
        return placeholder_matches($text, $this->placeholder, $tool) || preview_sha256($text) !== null;
    }

    /** $payload with a view meta listing $keys as already omitted (none: $payload itself). */
    private static function withOmitted(array $payload, array $keys): array
    {
        if ($keys === []) {
            return $payload;
        }
        $payload[self::META] = ['omittedFields' => array_fill_keys($keys, true)];
        return $payload;
    }

    /** Part 4 "Estimate": the entry's texts and each payload as the walk sees it. */
    private function estimateValues(array $view): array
    {
        $values = $view['texts'];
        foreach (['toolCalls', 'toolResults'] as $list) {
            foreach ($view[$list] as $item) {
                if ($item['estimate'] !== null) {
                    $values[] = $item['estimate'];
                }
            }
        }
        return $values;
    }

    // ------------------------------------------------------------------
    // Writing back
    // ------------------------------------------------------------------

    /**
     * The hook the ReferenceCompactor calls with each view it changed:
     * writes every changed payload back into a copy of the entry and returns
     * the view with the new entry, the payloads' new estimates and the onOmit
     * queue of the entry (its results last to first, then its calls last to
     * first, each payload's fields in payload order).
     */
    private function writeBack(int $position, array $before, array $after): array
    {
        $entry = $before['entry'];
        $queue = [];
        foreach (['toolResults' => 'result', 'toolCalls' => 'arguments'] as $list => $field) {
            foreach (array_reverse($after[$list], true) as $i => $item) {
                $old = $before[$list][$i][$field];
                if ($item[$field] === $old) {
                    continue;
                }
                [$written, $estimate, $records, $writes] = $this->written($item, $field, $old, $position) + [3 => []];
                $entry = with_path($entry, $item['path'], $written);
                foreach ($writes as [$path, $value]) {
                    $entry = with_path($entry, $path, $value); // gemini: a media part's placeholder
                }
                $after[$list][$i]['source'] = $written;
                $after[$list][$i]['estimate'] = $estimate;
                array_push($queue, ...$records);
            }
        }
        $after['entry'] = $entry;
        $after['queue'] = $queue;
        return $after;
    }

    /**
     * Part 4: a compaction never makes a payload larger. Is $payload, the
     * walk's new form of $item's, shorter written than the payload was: a
     * text or a JSON text by its bytes, an object by its JSON, a list of
     * parts by the bytes of its text parts' texts?
     */
    private function pays(array $item, string $field, array $payload): bool
    {
        $new = $item;
        $new[$field] = $payload;
        [$written, , , $writes] = $this->written($new, $field, $item[$field], 0) + [3 => []];
        if (($item['media'] ?? []) !== []) {
            // gemini: the response's JSON and its media parts' (a placeholder's text for an omitted one)
            $bytes = function (mixed $value): ?int {
                try {
                    return strlen(json_encode($value, JSON_PARTIAL_OUTPUT_ON_ERROR));
                } catch (\Throwable) {
                    return null; // a JsonSerializable threw
                }
            };
            $was = $bytes($item['source']);
            $now = $written === $item['source'] ? $was : $bytes($written);
            if ($was === null || $now === null) {
                return false;
            }
            foreach ($writes as [$path, $part]) {
                $now += strlen($part['text']) - strlen(json_encode($item[$field][$path[1]]));
            }
            return $now < $was;
        }
        $size = function (mixed $value) use ($item): ?int {
            switch ($item['payloadKind']) {
                case 'object':
                    try {
                        return strlen(json_encode($value, JSON_PARTIAL_OUTPUT_ON_ERROR));
                    } catch (\Throwable) {
                        return null; // a JsonSerializable threw
                    }
                case 'parts':
                    // a media part with inline data by its JSON (Part 4 "Media parts")
                    $bytes = 0;
                    foreach ($value as $key => $part) {
                        if (is_int($key) && media_part_type($part, $this->format) !== null) {
                            $bytes += strlen((string) json_encode($part, JSON_PARTIAL_OUTPUT_ON_ERROR));
                            continue;
                        }
                        $text = is_int($key) && block_get($part, 'type') === text_part_type($this->format) ? block_get($part, 'text') : null;
                        $bytes += is_string($text) ? strlen($text) : 0;
                    }
                    return $bytes;
                default:
                    return strlen($value);
            }
        };
        $now = $size($written);
        $was = $now === null ? null : $size($item['source']);
        return $was !== null && $now < $was;
    }

    /**
     * One changed payload written back (Part 4 "A payload is one of").
     *
     * @return array{mixed, array, list<array>} [new payload, its estimate, onOmit records]
     */
    private function written(array $item, string $field, array $oldWalk, int $position): array
    {
        $newWalk = $item[$field];
        $meta = $newWalk[self::META] ?? null;
        $before = meta_is_valid($oldWalk[self::META] ?? null) ? $oldWalk[self::META]['omittedFields'] : [];
        $newly = meta_is_valid($meta) ? array_diff_key($meta['omittedFields'], $before) : [];
        // SPEC Part 6: kept strings whose whitespace the walk collapsed
        $collapsed = [];
        foreach ($newWalk as $key => $value) {
            if ($key !== self::META && !array_key_exists($key, $newly) && is_string($value) && $value !== ($oldWalk[$key] ?? null)) {
                $collapsed[$key] = $value;
            }
        }
        $source = $item['source'];
        $where = fn (int|string|null $key): array => [
            'messageIndex' => $position, 'callId' => is_string($item['given']) ? $item['given'] : $item['id'], 'tool' => $item['toolName'],
            'field' => $key, 'payload' => $field,
        ];
        $records = [];
        foreach ($newly as $key => $entry) {
            $records[] = [$entry['sha256'], json_encode($oldWalk[$key]), $where($key)];
        }
        // Part 4 "Restoring": a _tool_compaction member the pass replaced or
        // merged into (not a valid meta, or one listing no field) goes back
        // with the whole payload
        $foreign = $this->onOmit !== null && $newly !== [] && array_key_exists(self::META, $oldWalk)
            && (!meta_is_valid($oldWalk[self::META]) || $oldWalk[self::META]['omittedFields'] === []);

        switch ($item['payloadKind']) {
            case 'object':
                if (($item['media'] ?? []) !== []) {
                    return $this->writtenWithMedia($item, $oldWalk, $newWalk, $meta, $newly, $collapsed, $records, $where);
                }
                $json = $foreign ? json_encode($source) : false;
                if ($json !== false && !array_key_exists('text', $meta)) {
                    $meta['text'] = ['bytes' => strlen($json), 'sha256' => hash('sha256', $json)];
                    $records[] = [$meta['text']['sha256'], $json, $where(null)];
                    $newWalk[self::META] = $meta;
                }
                return [$newWalk, $newWalk, $records];

            case 'json':
                $members = json_members($source);
                $edits = [];
                $exact = true;
                $metaMember = null;
                foreach ($members as $member) {
                    if ($member['key'] === self::META) {
                        $metaMember = $member;
                    } elseif (array_key_exists($member['key'], $newly)) {
                        $text = substr($source, $member['valueStart'], $member['valueEnd'] - $member['valueStart']);
                        $exact = $exact && $text === json_encode($oldWalk[$member['key']]);
                        // "[omitted]", or a preview (Part 6), as a JSON string
                        $edits[] = [$member['valueStart'], $member['valueEnd'], json_encode($newWalk[$member['key']])];
                    } elseif (array_key_exists($member['key'], $collapsed)) {
                        $edits[] = [$member['valueStart'], $member['valueEnd'], json_encode($collapsed[$member['key']])];
                    }
                }
                if ($newly === []) {
                    // only whitespace collapsed: the meta stays as it is
                    $text = edit_text($source, $edits);
                    return [$text, json_text_decode($text), $records];
                }
                if ($this->onOmit !== null && (!$exact || $foreign) && !array_key_exists('text', $meta)) {
                    $json = json_encode($source);
                    $meta['text'] = ['bytes' => strlen($source), 'sha256' => hash('sha256', $json)];
                    $records[] = [$meta['text']['sha256'], $json, $where(null)];
                }
                if ($metaMember !== null) {
                    $edits[] = [$metaMember['valueStart'], $metaMember['valueEnd'], json_encode($meta)];
                } else {
                    $end = $members[count($members) - 1]['valueEnd'];
                    $edits[] = [$end, $end, ',"' . self::META . '":' . json_encode($meta)];
                }
                $text = edit_text($source, $edits);
                return [$text, json_text_decode($text), $records];

            case 'text':
                if ($newly === []) {
                    return [$newWalk[0], [0 => $newWalk[0]], $records]; // its whitespace collapsed
                }
                // written, a placeholder or a preview is no field
                $text = $newWalk[0] === ReferenceCompactor::OMITTED
                    ? text_placeholder($newly[0]['bytes'], $newly[0]['sha256'], $this->placeholder, $item['toolName'])
                    : $newWalk[0];
                return [$text, [], $records];

            case 'parts':
                $parts = [];
                $position = 0;
                foreach ($source as $key => $part) {
                    if (isset($newly[$position]) && !is_string($oldWalk[$position])) {
                        // a media part: a text part naming it takes its place
                        $part = ['type' => text_part_type($this->format), 'text' => media_placeholder(
                            media_part_type($part, $this->format), $newly[$position]['bytes'], $newly[$position]['sha256'])];
                    } elseif (isset($newly[$position])) {
                        $placeholder = $newWalk[$position] === ReferenceCompactor::OMITTED
                            ? text_placeholder($newly[$position]['bytes'], $newly[$position]['sha256'], $this->placeholder,
                                $item['toolName'])
                            : $newWalk[$position];
                        $part = with_path($part, ['text'], $placeholder);
                    } elseif (isset($collapsed[$position])) {
                        $part = with_path($part, ['text'], $collapsed[$position]);
                    }
                    $parts[$key] = $part;
                    $position++;
                }
                $texts = part_texts($parts, $this->format);
                $fields = array_filter($texts, fn (mixed $text): bool => !is_string($text)
                    || !$this->noField($text, $item['toolName']) && media_placeholder_sha256($text) === null);
                return [$parts, $fields, $records];
        }
        throw new \LogicException('a payload the walk cannot change was changed');
    }

    /**
     * Part 4 "Media parts", gemini: a response whose view holds media parts
     * of its entry. The response is written as the walk made it without
     * them when one of its own members changed (its meta listing its own
     * members only); each media part newly omitted becomes the text part
     * naming it, written at its place in the entry's parts.
     *
     * @return array{mixed, array, list<array>, list<array>} [response, estimate, onOmit records, other writes]
     */
    private function writtenWithMedia(array $item, array $oldWalk, array $newWalk, ?array $meta, array $newly, array $collapsed,
        array $records, callable $where): array
    {
        $media = $item['media'];
        $source = $item['source'];
        $response = array_diff_key($newWalk, $media);
        $responseNewly = array_diff_key($newly, $media);
        $changed = $responseNewly !== [] || array_diff_key($collapsed, $media) !== [];
        if ($responseNewly === []) {
            // its own meta as it was
            if (array_key_exists(self::META, $oldWalk)) {
                $response[self::META] = $oldWalk[self::META];
            } else {
                unset($response[self::META]);
            }
        } else {
            $meta['omittedFields'] = array_diff_key($meta['omittedFields'], $media);
            // Part 4 "Restoring": a _tool_compaction member the pass replaced
            // or merged into goes back with the whole response
            $foreign = $this->onOmit !== null && array_key_exists(self::META, $oldWalk)
                && (!meta_is_valid($oldWalk[self::META]) || $oldWalk[self::META]['omittedFields'] === []);
            $json = $foreign ? json_encode($source) : false;
            if ($json !== false && !array_key_exists('text', $meta)) {
                $meta['text'] = ['bytes' => strlen($json), 'sha256' => hash('sha256', $json)];
                $records[] = [$meta['text']['sha256'], $json, $where(null)];
            }
            $response[self::META] = $meta;
        }
        $written = $changed ? $response : $source;
        $writes = [];
        $estimate = $written;
        foreach ($media as $key => $part) {
            if (isset($newly[$key])) {
                $writes[] = [['parts', $key], ['text' => media_placeholder(media_part_type($part, 'gemini'),
                    $newly[$key]['bytes'], $newly[$key]['sha256'])]];
            } else {
                $estimate[$key] = $part;
            }
        }
        return [$written, $estimate, $records, $writes];
    }
}

// ----------------------------------------------------------------------
// Restoring
// ----------------------------------------------------------------------

/**
 * Part 3 "Restoring" (plain arrays) and Part 4 "Restoring". A value comes
 * back when the lookup returns a string whose SHA-256 is the recorded one and
 * that json_decode() decodes.
 */
final class FormatRestorer
{
    private const META = ReferenceCompactor::META_KEY;
    private const CONTENT_PLACEHOLDER = '[tool_compaction] Tool result compacted for tool=';

    /** @var callable */
    private $lookup;

    /** @param ?string $placeholder the `placeholder` template restore() was given */
    public function __construct(callable $lookup, private ?string $placeholder = null)
    {
        $this->lookup = $lookup;
    }

    /** The adachsoft shape: payloads with a valid meta, and tool message contents. */
    public function restoreAdachsoft(array $history): array
    {
        $output = [];
        foreach ($history as $key => $message) {
            $output[$key] = is_array($message) ? $this->restoreMessage($message) : $message;
        }
        return $output;
    }

    /** A provider format: every payload of every call and result. */
    public function restoreFormat(array $history, string $format): array
    {
        $output = [];
        $named = (new FormatPass($format, []))->walkItems($history);
        foreach ($history as $key => $entry) {
            if (is_array($entry)) {
                foreach ($named[$key] as $item) {
                    $payload = $item['payload'];
                    $restored = match (payload_kind($format, $item['kind'], $payload)) {
                        'object' => $this->restoreWhole($payload) ?? $this->finishMeta(...$this->restoreFields($payload)),
                        'json' => $this->restoreJsonText($payload),
                        'text' => $this->restoreText($payload, $item['name']),
                        'parts' => $this->restoreParts($payload, $item['name']),
                        default => $payload,
                    };
                    if ($restored !== $payload) {
                        $entry = with_path($entry, $item['path'], $restored);
                    }
                }
                if ($format === 'gemini' && $named[$key] !== []) {
                    $entry = $this->restoreGeminiMedia($entry);
                }
            }
            $output[$key] = $entry;
        }
        return $output;
    }

    /**
     * The value stored for $sha256, decoded: [value, json], or null when the
     * lookup has nothing, returns a non-string, or JSON that does not match.
     */
    private function fetch(mixed $sha256): ?array
    {
        if (!is_string($sha256)) {
            return null;
        }
        $json = ($this->lookup)($sha256);
        if (!is_string($json) || hash('sha256', $json) !== $sha256) {
            return null;
        }
        $value = json_decode($json, true);
        if (json_last_error() !== JSON_ERROR_NONE) {
            return null;
        }
        return [$value, $json];
    }

    /** One adachsoft message: its calls' and results' payloads, then its content. */
    private function restoreMessage(array $message): array
    {
        $metas = [];
        foreach (['toolCalls' => 'arguments', 'toolResults' => 'result'] as $list => $field) {
            if (!is_array($message[$list] ?? null)) {
                continue;
            }
            $items = $message[$list];
            foreach ($items as $itemKey => $item) {
                if (is_array($item) && is_array($item[$field] ?? null)) {
                    [$payload, $meta] = $this->restoreFields($item[$field]);
                    $metas[$list][$itemKey] = [$payload, $meta];
                }
            }
        }

        // The content, from the first result whose meta records it, while
        // the content still is a placeholder.
        $content = $message['content'] ?? null;
        if (is_string($content) && str_starts_with($content, self::CONTENT_PLACEHOLDER)) {
            foreach ($metas['toolResults'] ?? [] as $itemKey => [$payload, $meta]) {
                if (!is_array($meta['content'] ?? null)) {
                    continue;
                }
                $stored = $this->fetch($meta['content']['sha256'] ?? null);
                if ($stored !== null && is_string($stored[0])) {
                    $message = with_key($message, 'content', $stored[0]);
                    $metas['toolResults'][$itemKey][1] = without_key($meta, 'content');
                }
                break;
            }
        }

        foreach ($metas as $list => $items) {
            $field = $list === 'toolCalls' ? 'arguments' : 'result';
            foreach ($items as $itemKey => [$payload, $meta]) {
                $payload = $this->finishMeta($payload, $meta);
                if ($payload !== $message[$list][$itemKey][$field]) {
                    $message = with_path($message, [$list, $itemKey, $field], $payload);
                }
            }
        }
        return $message;
    }

    /**
     * Puts back each field of a valid meta's omittedFields whose value still
     * is "[omitted]". Returns the payload and its meta with the restored
     * entries gone (null when the payload has no valid meta).
     *
     * @return array{array, ?array}
     */
    private function restoreFields(array $payload): array
    {
        $meta = $payload[self::META] ?? null;
        if (!meta_is_valid($meta)) {
            return [$payload, null];
        }
        foreach ($meta['omittedFields'] as $key => $entry) {
            if ($key === self::META || !omitted_still($payload[$key] ?? null, is_array($entry) ? ($entry['sha256'] ?? null) : null)) {
                continue;
            }
            $stored = $this->fetch(is_array($entry) ? ($entry['sha256'] ?? null) : null);
            if ($stored !== null) {
                $payload = with_key($payload, $key, $stored[0]);
                unset($meta['omittedFields'][$key]);
            }
        }
        return [$payload, $meta];
    }

    /**
     * Writes a payload's meta back: unchanged, in place with what is still
     * omitted, or removed when nothing is left in it (no omitted field, no
     * `content` or `text` record).
     */
    private function finishMeta(array $payload, ?array $meta): array
    {
        if ($meta === null || $meta === $payload[self::META]) {
            return $payload;
        }
        if (self::metaIsEmpty($meta)) {
            return without_key($payload, self::META);
        }
        return with_key($payload, self::META, $meta);
    }

    /** Part 4: the whole original of an object payload when its meta records it, else null. */
    private function restoreWhole(array $payload): ?array
    {
        $meta = $payload[self::META] ?? null;
        $stored = is_array($meta) && is_array($meta['text'] ?? null) ? $this->fetch($meta['text']['sha256'] ?? null) : null;
        return $stored !== null && is_array($stored[0]) ? $stored[0] : null;
    }

    private static function metaIsEmpty(array $meta): bool
    {
        return $meta['omittedFields'] === [] && !array_key_exists('content', $meta) && !array_key_exists('text', $meta);
    }

    /**
     * Part 4: the whole original text when the meta records it, else each
     * omitted member whose value still is "[omitted]" gets its stored JSON,
     * and the meta member is rewritten, or removed (with the comma before
     * it) once empty.
     */
    private function restoreJsonText(string $text): string
    {
        $decoded = json_text_decode($text);
        $members = $decoded === null ? null : json_members($text);
        $meta = $decoded[self::META] ?? null;
        if ($members === null || !meta_is_valid($meta)) {
            return $text;
        }
        if (is_array($meta['text'] ?? null)) {
            $stored = $this->fetch($meta['text']['sha256'] ?? null);
            if ($stored !== null && is_string($stored[0])) {
                return $this->restoreJsonText($stored[0]);
            }
        }

        $byKey = [];
        foreach ($members as $index => $member) {
            $byKey[$member['key']] = $index;
        }
        $edits = [];
        foreach ($meta['omittedFields'] as $key => $entry) {
            if ($key === self::META || !isset($byKey[$key])
                    || !omitted_still($decoded[$key], is_array($entry) ? ($entry['sha256'] ?? null) : null)) {
                continue;
            }
            $stored = $this->fetch(is_array($entry) ? ($entry['sha256'] ?? null) : null);
            if ($stored !== null) {
                $member = $members[$byKey[$key]];
                $edits[] = [$member['valueStart'], $member['valueEnd'], $stored[1]];
                unset($meta['omittedFields'][$key]);
            }
        }
        if ($edits === []) {
            return $text;
        }
        $index = $byKey[self::META];
        $metaMember = $members[$index];
        if (!self::metaIsEmpty($meta)) {
            $edits[] = [$metaMember['valueStart'], $metaMember['valueEnd'], json_encode($meta)];
        } elseif ($index > 0) {
            // from the comma after the previous member's value
            $comma = strrpos(substr($text, 0, $metaMember['keyStart']), ',');
            $edits[] = [$comma, $metaMember['valueEnd'], ''];
        } else {
            // the first member: up to the next member's key
            $edits[] = [$metaMember['keyStart'], $members[1]['keyStart'], ''];
        }
        return edit_text($text, $edits);
    }

    /**
     * A text of a result of $tool that is exactly a placeholder gets its
     * stored string back (none without a sha256); one that holds markers,
     * the stored string of the first marker it is a preview of.
     */
    private function restoreText(string $text, mixed $tool): string
    {
        if (placeholder_matches($text, $this->placeholder, $tool, $sha256)) {
            $stored = $this->fetch($sha256);
            return $stored !== null && is_string($stored[0]) ? $stored[0] : $text;
        }
        foreach (preview_markers($text) as $marker) {
            $stored = $this->fetch($marker[3]);
            if ($stored !== null && is_string($stored[0]) && preview_of($text, $marker, $stored[0])) {
                return $stored[0];
            }
        }
        return $text;
    }

    /**
     * Part 4 "Media parts", gemini: each part after one holding a response
     * whose text is exactly a media placeholder gets its stored part back.
     */
    private function restoreGeminiMedia(array $entry): array
    {
        $after = false;
        foreach (is_array($entry['parts'] ?? null) ? $entry['parts'] : [] as $key => $part) {
            if (!is_array($part)) {
                continue;
            }
            if (gemini_function($part, 'functionResponse', 'function_response')[1] !== null) {
                $after = true;
                continue;
            }
            $sha256 = $after && is_int($key) ? media_placeholder_sha256($part['text'] ?? null) : null;
            $stored = $sha256 !== null ? $this->fetch($sha256) : null;
            if ($stored !== null && is_array($stored[0])) {
                $entry = with_path($entry, ['parts', $key], $stored[0]);
            }
        }
        return $entry;
    }

    /** Each part whose text is exactly a placeholder gets its stored string back. */
    private function restoreParts(array $parts, mixed $tool): array
    {
        $output = [];
        foreach ($parts as $key => $part) {
            $text = block_get($part, 'text');
            $stored = media_placeholder_sha256($text) !== null ? $this->fetch(media_placeholder_sha256($text)) : null;
            if ($stored !== null && is_array($stored[0])) {
                $part = $stored[0]; // a media part comes back whole
            } elseif (is_string($text)) {
                $restored = $this->restoreText($text, $tool);
                if ($restored !== $text) {
                    $part = with_path($part, ['text'], $restored);
                }
            }
            $output[$key] = $part;
        }
        return $output;
    }
}
