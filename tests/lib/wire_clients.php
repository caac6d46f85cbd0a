<?php

declare(strict_types=1);

/**
 * For tests/wire/: the real clients (tests/sdk) sending the shipped
 * transcript to the mock LLM server (mock_llm.php) through
 * ToolCompact\Http\CompactingClient, and the checks of what the server got.
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/mock_llm.php';
require_once __DIR__ . '/convert.php';
require_once __DIR__ . '/formats.php';

// The test SDKs, when installed: the tests skip without them (wire_skip_reason()).
if (is_file(dirname(__DIR__) . '/sdk/vendor/autoload.php')) {
    require_once dirname(__DIR__) . '/sdk/vendor/autoload.php';
}

const WIRE_HISTORY_KEYS = ['openai' => 'messages', 'openai-responses' => 'input', 'anthropic' => 'messages', 'gemini' => 'contents'];

/** Why a wire test cannot run here (its SKIPIF), or null. */
function wire_skip_reason(bool $needsClient = true): ?string
{
    $autoload = dirname(__DIR__) . '/sdk/vendor/autoload.php';
    if (!is_file($autoload)) {
        return 'the test SDKs are not installed (composer install -d tests/sdk)';
    }
    require_once $autoload;
    if (!function_exists('toolcompact_compact_request')) {
        return 'toolcompact_compact_request() is missing';
    }
    return $needsClient && !class_exists(\ToolCompact\Http\CompactingClient::class) ? 'ToolCompact\Http\CompactingClient is not bound' : null;
}

/** The shipped transcript in a provider format (convert.php), as plain arrays. */
function wire_history(string $format): array
{
    $messages = json_decode((string) file_get_contents(dirname(__DIR__, 2) . '/examples/transcripts/django__django-16502.json'), true)['messages'];
    return convert_history($messages, $format);
}

/**
 * An in-memory store: onOmit fills $values (sha256 => JSON), the lookup reads it.
 *
 * @return array{0: \Closure, 1: \Closure} onOmit, lookup
 */
function wire_store(array &$values): array
{
    return [
        function (string $sha256, string $json) use (&$values): void {
            $values[$sha256] = $json;
        },
        function (string $sha256) use (&$values): ?string {
            return $values[$sha256] ?? null;
        },
    ];
}

/** The sha256 of each value toolcompact_compact() gives onOmit for this
 * history in this format, sorted: what a client on the wire must store. */
function wire_omitted(string $format, array $history): array
{
    $shas = [];
    toolcompact_compact($history, ['format' => $format, 'onOmit' => function (string $sha256) use (&$shas): void {
        $shas[$sha256] = true;
    }]);
    $shas = array_keys($shas);
    sort($shas);
    return $shas;
}

/**
 * Prints how a body the client sent compares with the one the SDK sent
 * without it: the history as toolcompact_compact() makes it of the SDK's
 * (decoded JSON compared) and every other member with the same bytes.
 */
function wire_compare(string $format, string $plain, string $sent, array $params): void
{
    $key = WIRE_HISTORY_KEYS[$format];
    $history = json_decode($plain, true)[$key];
    $expected = json_decode(json_encode(toolcompact_compact($history, $params)), true);
    $got = json_decode($sent, true)[$key] ?? null;
    echo "$format history: ", $got === $expected ? 'as toolcompact_compact() makes it' : 'DIFFERENT from toolcompact_compact()',
        $got === $history ? ' (NOT compacted)' : '', "\n";
    $members = fn (string $text) => array_map(fn ($m) => substr($text, $m['keyStart'], $m['valueEnd'] - $m['keyStart']),
        array_filter(json_members($text) ?? [], fn ($m) => $m['key'] !== $key));
    echo "$format other members: ", $members($plain) === $members($sent) ? 'the same bytes' : 'DIFFERENT', "\n";
}

/** The bodies the server received since the last clear(), each decoded. */
function wire_bodies(MockLlm $server): array
{
    return array_map(fn ($r) => json_decode($r['body'], true), $server->requests());
}

