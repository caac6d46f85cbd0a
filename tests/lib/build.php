<?php

declare(strict_types=1);

/**
 * Small hand-made histories for the PHPTs of SPEC Part 2, and a one-line
 * summary per message that names what was omitted, so that a test can state
 * its expectation compactly.
 */

namespace ToolCompact\Tests;

function call(string $id, string $tool, array $arguments): array
{
    return ['id' => $id, 'toolName' => $tool, 'arguments' => $arguments];
}

function res(string $id, string $tool, array $result): array
{
    return ['id' => $id, 'toolName' => $tool, 'result' => $result];
}

function user(string $text): array
{
    return ['role' => 'user', 'content' => $text, 'toolCalls' => [], 'toolResults' => []];
}

function asst(array ...$calls): array
{
    return ['role' => 'assistant', 'content' => null, 'toolCalls' => $calls, 'toolResults' => []];
}

function tool(array $result, string $content = 'done'): array
{
    return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => [$result]];
}

/** A read call and its result: two messages, the result $bytes long. */
function read_pair(string $id, string $path, int $bytes = 300): array
{
    return [
        asst(call($id, 'read', ['path' => $path])),
        tool(res($id, 'read', ['content' => str_repeat('x', $bytes)]), "read $path"),
    ];
}

/**
 * One line per message: its index and role, then for each call and result
 * "id(args:...)" or "id(result:...)" listing the omitted keys, or "=" when
 * nothing is omitted.
 */
function summary(array $history): string
{
    $lines = [];
    foreach (array_values($history) as $i => $message) {
        $items = [];
        foreach (['toolCalls' => 'arguments', 'toolResults' => 'result'] as $list => $field) {
            foreach ($message[$list] ?? [] as $item) {
                $omitted = array_keys($item[$field]['_tool_compaction']['omittedFields'] ?? []);
                $items[] = $item['id'] . '(' . ($omitted === [] ? '=' : implode(',', $omitted)) . ')';
            }
        }
        $lines[] = rtrim("$i {$message['role']} " . implode(' ', $items));
    }
    return implode("\n", $lines) . "\n";
}

/**
 * SPEC Part 2 estimate of one array message: [bytes, tokens] of the JSON of
 * its string content and of its calls' arguments and results' payloads;
 * tokens by $counter, or ceil(bytes / 4) of each JSON text.
 */
function estimate(array $message, ?callable $counter = null): array
{
    $values = array_merge(
        is_string($message['content'] ?? null) ? [$message['content']] : [],
        array_column($message['toolCalls'] ?? [], 'arguments'),
        array_column($message['toolResults'] ?? [], 'result')
    );
    $bytes = $tokens = 0;
    foreach ($values as $value) {
        $json = json_encode($value);
        $bytes += strlen($json);
        $tokens += $counter ? $counter($json) : intdiv(strlen($json) + 3, 4);
    }
    return [$bytes, $tokens];
}

/**
 * The real transcripts: the one shipped in examples/ and every one in
 * ../shared/data/trajectories/ when that folder is beside the repository.
 *
 * @return array<string, array> file name => messages
 */
function transcripts(): array
{
    $root = dirname(__DIR__, 2);
    $files = array_merge(
        glob($root . '/examples/transcripts/*.json') ?: [],
        glob(dirname($root) . '/shared/data/trajectories/*/*.json') ?: []
    );
    $all = [];
    foreach ($files as $file) {
        $all[basename(dirname($file)) . '/' . basename($file)] = json_decode(file_get_contents($file), true)['messages'];
    }
    return $all;
}
