<?php

declare(strict_types=1);

/**
 * Histories for tests/peers/: a conversation written once in the adachsoft
 * shape and converted into every provider format (convert.php), and what a
 * compaction omits from it, told the same way in every format (onOmit's
 * callId and payload).
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/convert.php';

const PEERS_FORMATS = ['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'];

/**
 * An agent conversation: for each turn, a user message, then one assistant
 * call and its result per [id, tool] of the turn (arguments and result each
 * one field of $bytes bytes), then the assistant's answer.
 *
 * @param list<list<array{string, string}>> $turns
 */
function peers_history(array $turns, int $bytes = 300): array
{
    $history = [];
    foreach ($turns as $n => $calls) {
        $history[] = ['role' => 'user', 'content' => 'question ' . ($n + 1), 'toolCalls' => [], 'toolResults' => []];
        foreach ($calls as [$id, $tool]) {
            $history[] = ['role' => 'assistant', 'content' => null, 'toolResults' => [],
                'toolCalls' => [['id' => $id, 'toolName' => $tool, 'arguments' => ['query' => str_repeat('q', $bytes)]]]];
            $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
                'toolResults' => [['id' => $id, 'toolName' => $tool, 'result' => ['output' => str_repeat('o', $bytes)]]]];
        }
        $history[] = ['role' => 'assistant', 'content' => 'answer ' . ($n + 1), 'toolCalls' => [], 'toolResults' => []];
    }
    return $history;
}

/**
 * What toolcompact_compact($history converted to each format, $params)
 * omits: "{callId} input" / "{callId} output" for each call and result
 * whose payload lost a field, oldest first; "-" for none. One line when
 * every format gives the same, else a line per format.
 */
function peers_omitted(array $history, array $params): string
{
    $lines = [];
    foreach (PEERS_FORMATS as $format) {
        $omitted = [];
        $params['onOmit'] = function (string $sha256, string $json, array $where) use (&$omitted): void {
            if ($where['payload'] !== 'content') {
                $what = $where['callId'] . ($where['payload'] === 'result' ? ' output' : ' input');
                $omitted[$where['messageIndex']][$what] = $what;
            }
        };
        $converted = $format === 'adachsoft' ? $history : convert_history($history, $format);
        toolcompact_compact($converted, $params);
        ksort($omitted);
        $lines[$format] = $omitted === [] ? '-' : implode(', ', array_merge(...array_values($omitted)));
    }
    if (count(array_unique($lines)) === 1) {
        return 'every format: ' . reset($lines);
    }
    $out = [];
    foreach ($lines as $format => $line) {
        $out[] = "$format: $line";
    }
    return implode("\n", $out);
}
