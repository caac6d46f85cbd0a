<?php

declare(strict_types=1);

/**
 * Turns a plain-array adachsoft history (role, content, toolCalls,
 * toolResults with array arguments and results, as transcripts() gives)
 * into the same conversation in a provider format of SPEC Part 4, so that
 * the formats can be compared with the adachsoft shape call by call.
 *
 * - `openai`: an assistant message with `tool_calls` (arguments as a JSON
 *   text); one `tool` message per result, its content the result's JSON text.
 * - `openai-responses`: a `message` item for each string content, a
 *   `function_call` item per call, a `function_call_output` item per result.
 * - `anthropic`: `text` and `tool_use` blocks in an assistant message, the
 *   results as `tool_result` blocks (content the result's JSON text) of one
 *   user message; a message without calls or results keeps its content.
 * - `gemini`: `model` / `user` contents with `text`, `functionCall` and
 *   `functionResponse` parts (`args` and `response` as arrays).
 *
 * System messages keep their role in every format. A tool message's own
 * content is dropped in every format: there the result is the content.
 */

namespace ToolCompact\Tests;

/**
 * @param string $format  openai, openai-responses, anthropic or gemini
 * @param array  $options `jsonFlags` (int, json_encode() flags of the JSON
 *                        texts), `geminiIds` (bool, default true: write the
 *                        call ids into functionCall / functionResponse),
 *                        `textLists` (bool, default false: every string
 *                        content becomes a list of one text part in
 *                        `openai`, `anthropic` and `openai-responses`:
 *                        `text` parts and blocks, `input_text` / `output_text`)
 * @param array|null $origins receives, for each converted entry, the key of
 *                        the adachsoft message it came from
 */
function convert_history(array $adachsoft, string $format, array $options = [], ?array &$origins = null): array
{
    $flags = $options['jsonFlags'] ?? 0;
    $geminiIds = $options['geminiIds'] ?? true;
    $textLists = $options['textLists'] ?? false;
    // The arguments and results are JSON objects, also when empty.
    $jsonText = fn (array $value): string => json_encode((object) $value, $flags | JSON_THROW_ON_ERROR);

    $history = [];
    $origins = [];
    foreach ($adachsoft as $key => $message) {
        $role = $message['role'];
        $content = $message['content'] ?? null;
        $calls = $message['toolCalls'] ?? [];
        $results = $message['toolResults'] ?? [];
        $entries = [];
        $listed = $content;
        if ($textLists && is_string($content)) {
            $type = $format !== 'openai-responses' ? 'text' : ($role === 'assistant' ? 'output_text' : 'input_text');
            $listed = [['type' => $type, 'text' => $content]];
        }

        switch ($format) {
            case 'openai':
                if ($calls !== []) {
                    $toolCalls = [];
                    foreach ($calls as $call) {
                        $toolCalls[] = ['id' => $call['id'], 'type' => 'function',
                            'function' => ['name' => $call['toolName'], 'arguments' => $jsonText($call['arguments'])]];
                    }
                    $entries[] = ['role' => $role, 'content' => $listed, 'tool_calls' => $toolCalls];
                } elseif ($results === []) {
                    $entries[] = ['role' => $role, 'content' => $listed];
                }
                foreach ($results as $result) {
                    $entries[] = ['role' => 'tool', 'tool_call_id' => $result['id'], 'content' => $jsonText($result['result'])];
                }
                break;

            case 'openai-responses':
                if (is_string($content) && $results === []) {
                    $entries[] = ['type' => 'message', 'role' => $role, 'content' => $listed];
                }
                foreach ($calls as $call) {
                    $entries[] = ['type' => 'function_call', 'call_id' => $call['id'], 'name' => $call['toolName'],
                        'arguments' => $jsonText($call['arguments'])];
                }
                foreach ($results as $result) {
                    $entries[] = ['type' => 'function_call_output', 'call_id' => $result['id'],
                        'output' => $jsonText($result['result'])];
                }
                break;

            case 'anthropic':
                if ($calls === [] && $results === []) {
                    $entries[] = ['role' => $role, 'content' => $listed];
                    break;
                }
                $blocks = [];
                if (is_string($content) && $content !== '' && $results === []) {
                    $blocks[] = ['type' => 'text', 'text' => $content];
                }
                foreach ($calls as $call) {
                    $blocks[] = ['type' => 'tool_use', 'id' => $call['id'], 'name' => $call['toolName'], 'input' => $call['arguments']];
                }
                if ($blocks !== []) {
                    $entries[] = ['role' => 'assistant', 'content' => $blocks];
                }
                $blocks = [];
                foreach ($results as $result) {
                    $blocks[] = ['type' => 'tool_result', 'tool_use_id' => $result['id'], 'content' => $jsonText($result['result'])];
                }
                if ($blocks !== []) {
                    $entries[] = ['role' => 'user', 'content' => $blocks];
                }
                break;

            case 'gemini':
                $parts = [];
                if (is_string($content) && $content !== '' && $results === []) {
                    $parts[] = ['text' => $content];
                }
                foreach ($calls as $call) {
                    $functionCall = ['name' => $call['toolName'], 'args' => $call['arguments']];
                    $parts[] = ['functionCall' => $geminiIds ? ['id' => $call['id']] + $functionCall : $functionCall];
                }
                if ($parts !== [] || $results === []) {
                    $entries[] = ['role' => $role === 'assistant' ? 'model' : $role, 'parts' => $parts];
                }
                $parts = [];
                foreach ($results as $result) {
                    $response = ['name' => $result['toolName'], 'response' => $result['result']];
                    $parts[] = ['functionResponse' => $geminiIds ? ['id' => $result['id']] + $response : $response];
                }
                if ($parts !== []) {
                    $entries[] = ['role' => 'user', 'parts' => $parts];
                }
                break;

            default:
                throw new \InvalidArgumentException("unknown format $format");
        }

        foreach ($entries as $entry) {
            $history[] = $entry;
            $origins[] = $key;
        }
    }
    return $history;
}

/**
 * An anthropic history of plain arrays with its tool_use, tool_result and
 * text blocks (and the text blocks inside a tool_result's content) turned
 * into objects of the official SDK (ToolUseBlockParam, ToolResultBlockParam,
 * TextBlockParam). The history is returned as it is when the SDK is not
 * loaded.
 */
function convert_history_sdk(array $anthropicArrays): array
{
    if (!class_exists(\Anthropic\Messages\ToolUseBlockParam::class)) {
        return $anthropicArrays;
    }
    $toObject = function (mixed $block) use (&$toObject): mixed {
        if (!is_array($block)) {
            return $block;
        }
        switch ($block['type'] ?? null) {
            case 'tool_use':
                return \Anthropic\Messages\ToolUseBlockParam::with(id: $block['id'], input: $block['input'], name: $block['name']);
            case 'tool_result':
                $content = $block['content'] ?? null;
                if (is_array($content)) {
                    $content = array_map($toObject, $content);
                }
                return \Anthropic\Messages\ToolResultBlockParam::with(toolUseID: $block['tool_use_id'], content: $content);
            case 'text':
                return \Anthropic\Messages\TextBlockParam::with(text: $block['text']);
        }
        return $block;
    };
    $history = [];
    foreach ($anthropicArrays as $key => $message) {
        if (is_array($message) && is_array($message['content'] ?? null)) {
            $message['content'] = array_map($toObject, $message['content']);
        }
        $history[$key] = $message;
    }
    return $history;
}
