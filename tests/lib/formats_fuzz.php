<?php

declare(strict_types=1);

/**
 * Broken provider histories for the fail-open checks and the differential
 * fuzzer of the formats (SPEC Part 4): converted transcripts with a few
 * values replaced anywhere by junk, or by a key that tells another format,
 * and random parameters. Deterministic per seed.
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/convert.php';

/** The histories the cases start from: the first 30 messages of the first four histories in every format (and as SDK objects when $sdk), and the first with repeated ids. */
function formats_fuzz_bases(array $histories, bool $sdk): array
{
    $bases = [];
    foreach (array_slice($histories, 0, 4) as $history) {
        $history = array_slice($history, 0, 30);
        foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
            $bases[] = convert_history($history, $format);
            $bases[] = convert_history($history, $format, ['jsonFlags' => JSON_PRETTY_PRINT, 'geminiIds' => false]);
        }
        if ($sdk) {
            $bases[] = convert_history_sdk(convert_history($history, 'anthropic'));
        }
    }
    // ids repeated on every turn, as local models write them (call_0, call_1 ...)
    $repeated = formats_fuzz_repeat_ids(array_slice(array_values($histories)[0] ?? [], 0, 30));
    foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
        $bases[] = convert_history($repeated, $format);
    }
    // gemini parts in the REST API's snake_case: every one, and every other one
    foreach (array_values(array_slice($histories, 0, 2)) as $n => $history) {
        $bases[] = formats_fuzz_snake_case(convert_history(array_slice($history, 0, 30), 'gemini'), $n + 1);
    }
    return $bases;
}

/** A gemini history whose functionCall / functionResponse parts are function_call / function_response, one part in $every. */
function formats_fuzz_snake_case(array $history, int $every): array
{
    $at = 0;
    foreach ($history as $key => $content) {
        foreach ($content['parts'] as $i => $part) {
            foreach (['functionCall' => 'function_call', 'functionResponse' => 'function_response'] as $camel => $snake) {
                if (isset($part[$camel]) && $at++ % $every === 0) {
                    $history[$key]['parts'][$i] = [$snake => $part[$camel]];
                }
            }
        }
    }
    return $history;
}

/** $value as json_decode() without true gives it: every array that is not a list a stdClass, inside too. */
function formats_fuzz_objects(mixed $value): mixed
{
    if (!is_array($value)) {
        return $value;
    }
    $value = array_map(__NAMESPACE__ . '\\formats_fuzz_objects', $value);
    return array_is_list($value) ? $value : (object) $value;
}

/** An adachsoft history whose calls are renamed call_{their place in their message}, their results alike. */
function formats_fuzz_repeat_ids(array $history): array
{
    $renamed = [];
    foreach ($history as $key => $message) {
        foreach ($message['toolCalls'] ?? [] as $j => $call) {
            $renamed[$call['id']] = "call_$j";
            $history[$key]['toolCalls'][$j]['id'] = "call_$j";
        }
        foreach ($message['toolResults'] ?? [] as $j => $result) {
            $history[$key]['toolResults'][$j]['id'] = $renamed[$result['id']] ?? $result['id'];
        }
    }
    return $history;
}

/** [history, params] of case $seed (params without callbacks). */
function formats_fuzz_case(int $seed, array $bases): array
{
    $long = str_repeat('x', 300);
    $junk = [
        null, 1, -1.5, NAN, true, '', '{}', '[1]', "\xff\xfe", [], ['x'], new \stdClass(), 'tool', 'user', 'model',
        'function_call', 'function_call_output', 'tool_use', 'tool_result', 'call_1', 'text', 'input_text',
        '{"a":"' . $long . '","a":1}', '{"_tool_compaction":{"omittedFields":[]},"b":"' . $long . '"}',
        '{"_tool_compaction":7,"b":"' . $long . '"}', $long, '[omitted] 3 bytes, sha256=' . str_repeat('a', 64),
        ['type' => 'text', 'text' => $long], [['type' => 'text', 'text' => $long], ['type' => 'image']],
        [['type' => 'input_text', 'text' => $long]], ['functionCall' => ['name' => 'bash', 'args' => ['a' => $long]]],
        ['functionResponse' => ['name' => 'bash', 'response' => ['a' => $long]]], ['path' => $long, '_tool_compaction' => []],
        ['function_call' => ['name' => 'bash', 'args' => ['a' => $long]]], ['function_response' => ['name' => 'bash', 'response' => ['a' => $long]]],
        // texts the estimate counts beside text parts (SPEC Part 4, "Estimate")
        'reasoning', ['type' => 'thinking', 'thinking' => $long, 'signature' => 's'], ['type' => 'refusal', 'refusal' => $long],
        [['type' => 'thinking', 'thinking' => $long], ['type' => 'redacted_thinking', 'data' => $long]],
        [['type' => 'summary_text', 'text' => $long]],
        'custom_tool_call', 'custom_tool_call_output', 'computer_call', 'computer_call_output', 'unknown',
        ['type' => 'custom_tool_call', 'call_id' => 'call_1', 'name' => 'bash', 'input' => '{"a":"' . $long . '"}'],
        ['type' => 'custom_tool_call_output', 'call_id' => 'call_1', 'output' => $long],
        ['type' => 'computer_call', 'call_id' => 'call_1', 'action' => ['type' => 'screenshot']],
        ['type' => 'computer_call_output', 'call_id' => 'call_1', 'output' => [['type' => 'input_text', 'text' => $long]]],
        ['type' => 'redacted_thinking', 'data' => 'x'],
        [['type' => 'thinking', 'thinking' => 'only thinking', 'signature' => 's']], 'assistant', 'thinking',
    ];
    $data = base64_encode(str_repeat("\x89PNG", $seed % 40));
    $media = [
        ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => $data]],
        ['type' => 'document', 'source' => ['type' => 'base64', 'media_type' => 'application/pdf', 'data' => $data]],
        ['type' => 'image', 'source' => ['type' => 'url', 'url' => 'https://example.com/a.png']],
        ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'bad type]', 'data' => $data]],
        ['type' => 'image_url', 'image_url' => ['url' => 'data:image/jpeg;base64,' . $data]],
        ['type' => 'image_url', 'image_url' => ['url' => 'https://example.com/a.png']],
        ['type' => 'file', 'file' => ['file_data' => 'data:application/pdf;base64,' . $data, 'filename' => 'a.pdf']],
        ['type' => 'file', 'file' => ['file_id' => 'file-1']],
        ['type' => 'input_image', 'image_url' => 'DATA:image/webp;base64,' . $data, 'detail' => 'auto'],
        ['type' => 'input_file', 'file_data' => $data, 'filename' => 'a.bin'],
        ['type' => 'input_file', 'file_id' => 'file-2'],
        ['type' => 'text', 'text' => '[omitted image/png, 3 bytes, sha256=' . str_repeat('b', 64) . ']'],
        ['inlineData' => ['mimeType' => 'image/png', 'data' => $data]],
        ['inline_data' => ['mime_type' => 'application/pdf', 'data' => $data]],
        ['inlineData' => ['data' => $data]],
        ['fileData' => ['mimeType' => 'image/png', 'fileUri' => 'gs://bucket/a.png']],
        ['text' => '[omitted image/png, 3 bytes, sha256=' . str_repeat('c', 64) . ']'],
    ];
    $junk = array_merge($junk, $media, [$media]);
    $keys = ['role', 'type', 'id', 'content', 'call_id', 'name', 'parts', 'tool_calls', 'tool_call_id', 'arguments', 'output', 'input',
        'refusal', 'summary'];
    $random = new \Random\Randomizer(new \Random\Engine\Mt19937($seed));
    $history = $bases[$random->getInt(0, count($bases) - 1)];
    if ($random->getInt(0, 1) === 0) {
        $history = formats_with_media($history, $random, $media);
    }
    if ($random->getInt(0, 3) !== 0) {
        $history = formats_with_thinking($history, $random);
    }
    // a caller's own trimming: entries dropped from the start, so that results lose their calls
    if (count($history) > 1 && $random->getInt(0, 3) === 0) {
        $history = array_slice($history, $random->getInt(1, min(8, count($history) - 1)));
    }
    for ($n = $random->getInt(1, 6); $n > 0; $n--) {
        $key = $random->getInt(0, count($history) - 1);
        $history[$key] = formats_break_somewhere($history[$key], $random, $junk, $keys);
    }
    // one case in four: the history as json_decode() without true gives it (stdClass entries)
    if ($random->getInt(0, 3) === 0) {
        $history = array_map(__NAMESPACE__ . '\\formats_fuzz_objects', $history);
    }
    $params = [
        ['format' => ['auto', 'openai', 'openai-responses', 'anthropic', 'gemini', 'adachsoft', 'auto'][$random->getInt(0, 6)]],
        ['outputTrimBytes' => $random->getInt(0, 50), 'inputTrimBytes' => 0],
        ['keepLatestPerGroup' => 2, 'trigger' => ['turns' => 1], 'minSavedBytes' => 10],
        // the peers' windows (issue 71): clearing by age across tools, turns, tokens, AND triggers
        ['keepLatestPerGroup' => 0, 'keepRecentToolUses' => $random->getInt(0, 4), 'compactInputs' => ['bash'],
            'trigger' => ['toolUses' => $random->getInt(0, 3), 'fraction' => 0.001, 'mode' => 'all'], 'contextWindow' => 1000],
        ['keepLatestPerGroup' => 0, 'keepRecentTurns' => $random->getInt(0, 2), 'keepRecentTokens' => $random->getInt(1, 300),
            'outputTrimBytes' => 10],
    ][$random->getInt(0, 4)];
    // SPEC Part 6 on a third of the cases: previews and whitespace, the budget, the window
    $params += [
        [],
        ['previewBytes' => $random->getInt(0, 40), 'previewTail' => $random->getInt(0, 40), 'collapseWhitespace' => true],
        ['targetTokens' => $random->getInt(1, 20000), 'maxTokensWindow' => $random->getInt(1, 8000), 'keepSystem' => false],
        ['maxMessages' => $random->getInt(1, 40), 'keepFirstUser' => true],
        [],
        [],
    ][$random->getInt(0, 5)];
    // one case in four: a placeholder template (issue 71), with and without {sha256}
    if ($random->getInt(0, 3) === 0) {
        $params['placeholder'] = ['<{tool}: {bytes} bytes, {sha256}>', '[{tool} output cleared]', '{bytes}{sha256}',
            '{sha256}', 'omitted {bytes} of {tool}', '{bytes}'][$random->getInt(0, 5)];
    }
    // SPEC Part 4, thinking blocks, on half of the cases
    if ($random->getInt(0, 1) === 0) {
        $params['keepThinkingTurns'] = [0, 1, 2, 0, 1, null][$random->getInt(0, 5)];
    }
    return [$history, $params];
}

/** $value with one place somewhere inside it replaced by junk (arrays only are entered). */
function formats_break_somewhere(mixed $value, \Random\Randomizer $random, array $junk, array $keys): mixed
{
    if (!is_array($value) || $value === [] || $random->getInt(0, 4) === 0) {
        return $junk[$random->getInt(0, count($junk) - 1)];
    }
    if ($random->getInt(0, 5) === 0) {
        $value[$keys[$random->getInt(0, count($keys) - 1)]] = $junk[$random->getInt(0, count($junk) - 1)];
        return $value;
    }
    $key = array_keys($value)[$random->getInt(0, count($value) - 1)];
    $value[$key] = formats_break_somewhere($value[$key], $random, $junk, $keys);
    return $value;
}

/**
 * $history with media parts (of every format, inline or not) added to some
 * results' lists of parts, a string result becoming a text part and them,
 * and to some Gemini contents' parts (SPEC Part 4, "Media parts").
 */
function formats_with_media(array $history, \Random\Randomizer $random, array $media): array
{
    $add = static function (mixed $payload, string $textType) use ($random, $media): mixed {
        if ($random->getInt(0, 2) === 0) {
            return $payload;
        }
        if (is_string($payload)) {
            $payload = [['type' => $textType, 'text' => $payload]];
        }
        if (is_array($payload) && array_is_list($payload)) {
            for ($n = $random->getInt(1, 2); $n > 0; $n--) {
                array_splice($payload, $random->getInt(0, count($payload)), 0, [$media[$random->getInt(0, count($media) - 1)]]);
            }
        }
        return $payload;
    };
    foreach ($history as $i => $entry) {
        if (!is_array($entry)) {
            continue;
        }
        if (($entry['role'] ?? null) === 'tool' && array_key_exists('content', $entry)) {
            $history[$i]['content'] = $add($entry['content'], 'text');
        } elseif (($entry['type'] ?? null) === 'function_call_output' && array_key_exists('output', $entry)) {
            $history[$i]['output'] = $add($entry['output'], 'input_text');
        } elseif (is_array($entry['parts'] ?? null) && array_is_list($entry['parts']) && $random->getInt(0, 1) === 0) {
            // after a response part: they belong to it
            $parts = $entry['parts'];
            $gemini = array_values(array_filter($media, fn (array $part): bool => !isset($part['type'])));
            $responses = array_keys(array_filter($parts, fn (mixed $part): bool => is_array($part)
                && (isset($part['functionResponse']) || isset($part['function_response']))));
            for ($n = $responses === [] ? 0 : $random->getInt(1, 2); $n > 0; $n--) {
                array_splice($parts, $responses[$random->getInt(0, count($responses) - 1)] + 1, 0,
                    [$gemini[$random->getInt(0, count($gemini) - 1)]]);
            }
            $history[$i]['parts'] = $parts;
        } elseif (is_array($entry['content'] ?? null)) {
            foreach ($entry['content'] as $k => $block) {
                if (is_array($block) && ($block['type'] ?? null) === 'tool_result' && array_key_exists('content', $block)) {
                    $history[$i]['content'][$k]['content'] = $add($block['content'], 'text');
                }
            }
        }
    }
    return $history;
}

/**
 * $history with thinking and redacted_thinking blocks (SPEC Part 4,
 * "Thinking blocks") put into some assistant messages' content lists, a
 * string content becoming a text block and them.
 */
function formats_with_thinking(array $history, \Random\Randomizer $random): array
{
    // an Anthropic history gets new user turns before some assistant messages
    if (array_filter($history, fn ($e) => is_array($e) && is_array($e['content'] ?? null)
            && array_filter($e['content'], fn ($b) => is_array($b) && ($b['type'] ?? null) === 'tool_use') !== []) !== []) {
        $turns = [];
        foreach ($history as $entry) {
            // after a user message only, so that no call is parted from its result
            $previous = end($turns);
            if (is_array($entry) && ($entry['role'] ?? null) === 'assistant' && is_array($previous)
                    && ($previous['role'] ?? null) === 'user' && $random->getInt(0, 1) === 0) {
                $turns[] = ['role' => 'user', 'content' => [['type' => 'text', 'text' => 'and now? (' . count($turns) . ')']]];
            }
            $turns[] = $entry;
        }
        $history = $turns;
    }
    foreach ($history as $i => $entry) {
        if (!is_array($entry) || ($entry['role'] ?? null) !== 'assistant' || $random->getInt(0, 3) === 0) {
            continue;
        }
        $content = $entry['content'] ?? null;
        if (is_string($content)) {
            $content = [['type' => 'text', 'text' => $content]];
        }
        if (!is_array($content)) {
            continue;
        }
        $block = $random->getInt(0, 3) === 0 ? ['type' => 'redacted_thinking', 'data' => 'EmwKAhgB' . $i]
            : ['type' => 'thinking', 'thinking' => str_repeat('Let me think. ', $random->getInt(1, 20)), 'signature' => 'sig' . $i];
        if (array_is_list($content)) {
            array_splice($content, $random->getInt(0, 1) === 0 ? 0 : $random->getInt(0, count($content)), 0, [$block]);
        } else {
            $content['thinking'] = $block;
        }
        $history[$i]['content'] = $content;
    }
    return $history;
}
