<?php

declare(strict_types=1);

/**
 * Self-check of tests/lib/formats.php against tests/lib/reference.php, with
 * plain PHP (no extension needed):
 *
 *     php tests/lib/formats_selfcheck.php [--sdk=vendor/autoload.php] [--only=NAME] [-v]
 *
 * For every transcript (transcripts(), plus a small synthetic history with
 * parallel calls) and every provider format (openai, openai-responses,
 * anthropic, anthropic with SDK objects, gemini with and without ids; the
 * JSON texts written compact, pretty-printed and with unescaped Unicode and
 * slashes), converted with convert.php, and several parameter sets, it
 * checks that reference_compact_format():
 * - compacts the same calls and results as reference_compact() does on the
 *   adachsoft history (which fields, with which sha256), with the same counts
 *   in the report, and offers the same values to onOmit;
 * - keeps the history valid: nothing but payloads changes, every call keeps
 *   its result, arguments stays a JSON object text, input/args/response stay
 *   string-keyed arrays; the input is not modified;
 * - is idempotent, and reference_restore_format() gives the history back
 *   byte for byte when onOmit stored every value.
 * A few hand-made cases check rules the transcripts do not reach. It prints
 * a summary and exits non-zero on any failure.
 *
 * The SDK (anthropic-ai/sdk) is loaded from --sdk, else from vendor/ of the
 * repository or of ../sdk beside it, when one is there.
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/build.php';
require_once __DIR__ . '/formats.php';
require_once __DIR__ . '/convert.php';
require_once __DIR__ . '/formats_fuzz.php';

$options = getopt('v', ['sdk:', 'only:']);
$verbose = isset($options['v']);
$root = dirname(__DIR__, 2);
foreach ([$options['sdk'] ?? null, $root . '/vendor/autoload.php', dirname($root) . '/sdk/vendor/autoload.php'] as $autoload) {
    if (is_string($autoload) && is_file($autoload)) {
        require_once $autoload;
        break;
    }
}
$sdk = class_exists(\Anthropic\Messages\ToolUseBlockParam::class);

$failures = [];
$fail = function (string $where, string $what) use (&$failures, $verbose): void {
    $failures[] = "$where: $what";
    if ($verbose || count($failures) <= 30) {
        fwrite(STDERR, "FAIL $where: $what\n");
    }
};

// ----------------------------------------------------------------------
// Histories, formats, parameters
// ----------------------------------------------------------------------

$histories = transcripts();
$histories['synthetic/parallel'] = synthetic_parallel();
if (isset($options['only'])) {
    $histories = array_filter($histories, fn (string $name): bool => str_contains($name, $options['only']), ARRAY_FILTER_USE_KEY);
}

$pretty = JSON_PRETTY_PRINT;
$unescaped = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;
$variants = [
    // name => [format, convert options, SDK objects]
    'openai' => ['openai', [], false],
    'openai/pretty' => ['openai', ['jsonFlags' => $pretty], false],
    'openai/unescaped' => ['openai', ['jsonFlags' => $unescaped], false],
    'openai-responses' => ['openai-responses', [], false],
    'openai-responses/pretty' => ['openai-responses', ['jsonFlags' => $pretty | $unescaped], false],
    'anthropic' => ['anthropic', [], false],
    'anthropic/unescaped' => ['anthropic', ['jsonFlags' => $unescaped], false],
    'anthropic-sdk' => ['anthropic', [], true],
    'anthropic-sdk/pretty' => ['anthropic', ['jsonFlags' => $pretty], true],
    'gemini' => ['gemini', [], false],
    'gemini/no-ids' => ['gemini', ['geminiIds' => false], false],
];
if (!$sdk) {
    $variants = array_filter($variants, fn (array $variant): bool => !$variant[2]);
}

$identifiers = ['toolIdentifierFields' => [
    'bash' => ['command'], 'open' => ['path'], 'create' => ['filename'], 'find_file' => ['file_name', 'dir'],
    'decompile' => ['binary_path', 'function_name'], 'read' => ['path'],
]];
$paramSets = [
    'default' => [],
    'keep2' => ['keepLatestPerGroup' => 2],
    'identifiers' => $identifiers,
    'onOmit' => ['onOmit' => true],
    'keep2+identifiers+onOmit' => ['keepLatestPerGroup' => 2, 'onOmit' => true] + $identifiers,
];

// ----------------------------------------------------------------------
// The transcripts in every format
// ----------------------------------------------------------------------

$totals = [];
$started = microtime(true);
foreach ($histories as $name => $history) {
    foreach ($paramSets as $setName => $set) {
        // The adachsoft baseline.
        $adachsoftRecords = [];
        $params = with_store($set, $adachsoftRecords);
        $adachsoftOut = reference_compact($history, $params, $adachsoftReport);
        $expected = decisions_adachsoft($adachsoftOut);
        $adachsoftRecords = array_values(array_filter($adachsoftRecords, fn (array $r): bool => $r['where']['payload'] !== 'content'));

        foreach ($variants as $variantName => [$format, $convertOptions, $useSdk]) {
            $where = "$name [$variantName, $setName]";
            $converted = convert_history($history, $format, $convertOptions);
            if ($useSdk) {
                $converted = convert_history_sdk($converted);
            }
            $noIds = ($convertOptions['geminiIds'] ?? true) === false;
            $frozen = serialize($converted);

            $records = [];
            $params = with_store($set, $records);
            $out = reference_compact_format($converted, $params, $report);
            $totals[$variantName]['runs'] = ($totals[$variantName]['runs'] ?? 0) + 1;
            $totals[$variantName]['calls'] = ($totals[$variantName]['calls'] ?? 0) + $report['callsCompacted'];
            $totals[$variantName]['results'] = ($totals[$variantName]['results'] ?? 0) + $report['resultsCompacted'];

            if (serialize($converted) !== $frozen) {
                $fail($where, 'the input was modified');
            }
            if (($report['format'] ?? null) !== $format) {
                $fail($where, 'report format ' . var_export($report['format'] ?? null, true));
            }
            foreach (['callsCompacted', 'resultsCompacted', 'fieldsOmitted'] as $count) {
                if ($report[$count] !== $adachsoftReport[$count]) {
                    $fail($where, "$count {$report[$count]}, adachsoft {$adachsoftReport[$count]}");
                }
            }

            // The estimate: string contents and payloads as the walk sees them.
            [$bytesBefore, $tokensBefore] = estimate_history($converted, $format);
            [$bytesAfter, $tokensAfter] = estimate_history($out, $format);
            if ([$report['bytesBefore'], $report['tokensBefore'], $report['bytesAfter'], $report['tokensAfter']]
                !== [$bytesBefore, $tokensBefore, $bytesAfter, $tokensAfter]) {
                $fail($where, "estimate $report[bytesBefore]/$report[tokensBefore] -> $report[bytesAfter]/$report[tokensAfter], "
                    . "expected $bytesBefore/$tokensBefore -> $bytesAfter/$tokensAfter");
            }

            // Same decisions as on the adachsoft history.
            $actual = decisions_format($out, $format);
            if ($noIds) {
                $expectedNoIds = strip_ids($expected);
                $actual = strip_ids($actual);
            }
            if ($actual !== ($noIds ? $expectedNoIds : $expected)) {
                $fail($where, 'compacted calls/results differ: ' . first_difference($noIds ? $expectedNoIds : $expected, $actual));
            }

            // Validity: nothing but payloads changed, payloads keep their type.
            if (skeleton($out, $format) !== skeleton($converted, $format)) {
                $fail($where, 'something other than a payload changed');
            }
            foreach (payload_problems($out, $format) as $problem) {
                $fail($where, $problem);
            }
            $unchangedKept = true;
            foreach ($converted as $i => $entry) {
                if (serialize($entry) === serialize($out[$i]) && $entry !== $out[$i]) {
                    $unchangedKept = false;
                }
            }
            if (!$unchangedKept) {
                $fail($where, 'an unchanged entry is not the same value');
            }

            // onOmit: the same values as the adachsoft pass (its tool message
            // contents aside); whole texts only when a member's text is not
            // json_encode() of its value.
            if (isset($set['onOmit'])) {
                $fieldRecords = array_values(array_filter($records, fn (array $r): bool => $r['where']['field'] !== null));
                $wholeTexts = count($records) - count($fieldRecords);
                $totals[$variantName]['wholeTexts'] = ($totals[$variantName]['wholeTexts'] ?? 0) + $wholeTexts;
                if (records_signature($fieldRecords, $noIds) !== records_signature($adachsoftRecords, $noIds)) {
                    $fail($where, 'onOmit records differ: ' . first_difference(records_signature($adachsoftRecords, $noIds), records_signature($fieldRecords, $noIds)));
                }
                if (($convertOptions['jsonFlags'] ?? 0) === 0 && $wholeTexts > 0) {
                    $fail($where, "$wholeTexts whole texts offered for JSON texts written by json_encode()");
                }
                foreach ($records as $record) {
                    $index = $record['where']['messageIndex'];
                    if (!isset($out[$index]) || serialize($out[$index]) === serialize($converted[$index])) {
                        $fail($where, "onOmit messageIndex $index names an unchanged entry");
                        break;
                    }
                }
            }

            // Idempotence.
            $again = [];
            $second = reference_compact_format($out, with_store($set, $again));
            if (serialize($second) !== serialize($out) || $again !== []) {
                $fail($where, 'a second pass changes the output');
            }

            // Restoring.
            $store = [];
            foreach ($records as $record) {
                $store[$record['sha256']] = $record['json'];
            }
            $lookup = fn (string $sha256): ?string => $store[$sha256] ?? null;
            $restored = reference_restore_format($out, $lookup);
            if (isset($set['onOmit'])) {
                $same = $useSdk ? serialize($restored) === serialize($converted) : $restored === $converted;
                if (!$same || json_encode($restored) !== json_encode($converted)) {
                    $fail($where, 'restore(compact(h)) !== h');
                }
            } elseif (serialize($restored) !== serialize($out)) {
                $fail($where, 'restore() with nothing stored changed the history');
            }
            if (serialize(reference_restore_format($converted, $lookup)) !== serialize($converted)) {
                $fail($where, 'restore() of an uncompacted history changed it');
            }
        }
    }
    if ($verbose) {
        fprintf(STDERR, "%s done (%.1f s)\n", $name, microtime(true) - $started);
    }
}

// ----------------------------------------------------------------------
// Hand-made cases
// ----------------------------------------------------------------------

$cases = targeted_cases();
foreach ($cases as $caseName => $problems) {
    foreach ($problems as $problem) {
        $fail("case $caseName", $problem);
    }
}

// ----------------------------------------------------------------------
// Broken histories: fail-open
// ----------------------------------------------------------------------

$hostile = hostile_cases($histories, $sdk, 1000);
foreach ($hostile as $problem) {
    $fail('hostile', $problem);
}

// ----------------------------------------------------------------------
// Summary
// ----------------------------------------------------------------------

printf("%d histories x %d parameter sets, SDK %s\n", count($histories), count($paramSets), $sdk ? 'loaded' : 'not found (anthropic-sdk skipped)');
foreach ($totals as $variantName => $total) {
    printf("  %-24s %4d runs, %6d calls and %6d results compacted, %4d whole texts offered\n",
        $variantName, $total['runs'], $total['calls'], $total['results'], $total['wholeTexts'] ?? 0);
}
printf("%d hand-made cases, 1000 broken histories\n", count($cases));
printf("%.1f s, %d failure%s\n", microtime(true) - $started, count($failures), count($failures) === 1 ? '' : 's');
exit($failures === [] ? 0 : 1);

// ======================================================================
// Helpers
// ======================================================================

/** $set with `onOmit => true` replaced by a callback that appends to $records. */
function with_store(array $set, array &$records): array
{
    if (isset($set['onOmit'])) {
        $set['onOmit'] = function (string $sha256, string $json, array $where) use (&$records): void {
            $records[] = ['sha256' => $sha256, 'json' => $json, 'where' => $where];
        };
    }
    return $set;
}

/** The onOmit records without messageIndex (positions differ between formats), and without ids if asked. */
function records_signature(array $records, bool $noIds): array
{
    return array_map(fn (array $r): array => [
        $noIds ? null : $r['where']['callId'], $r['where']['tool'], $r['where']['field'], $r['where']['payload'],
        $r['sha256'], $r['json'],
    ], $records);
}

/** A history with parallel calls and a tool message holding several results. */
function synthetic_parallel(): array
{
    $history = [user('start')];
    for ($round = 1; $round <= 4; $round++) {
        $history[] = asst(
            call("a$round", 'read', ['path' => 'a.php', 'note' => str_repeat('n', 120 * $round)]),
            call("b$round", 'read', ['path' => 'b.php']),
            call("c$round", 'bash', ['command' => "echo $round", 'script' => str_repeat("é/\u{1F600}", 50)])
        );
        $history[] = ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [
            res("a$round", 'read', ['content' => str_repeat('a', 300), 'lines' => [1, 2.5, ['x' => null]], 'empty' => []]),
            res("b$round", 'read', ['content' => str_repeat('b/', 100), 'unicode' => str_repeat('ü', 80)]),
            res("c$round", 'bash', ['output' => str_repeat('c', 50 * $round), 'exit' => 0]),
        ]];
        $history[] = user("next $round");
    }
    $history[] = asst(call('pending', 'bash', ['command' => 'sleep 1', 'script' => str_repeat('s', 500)]));
    return $history;
}

/**
 * Which calls and results the adachsoft output compacted, in history order:
 * ['calls' => [[id, [field => sha256]]], 'results' => [...]].
 */
function decisions_adachsoft(array $history): array
{
    $decisions = ['calls' => [], 'results' => []];
    foreach ($history as $message) {
        foreach ($message['toolCalls'] as $call) {
            $decisions['calls'][] = [$call['id'], omitted_of($call['arguments'])];
        }
        foreach ($message['toolResults'] as $result) {
            $decisions['results'][] = [$result['id'], omitted_of($result['result'])];
        }
    }
    return $decisions;
}

/** The same for a provider history, read from where convert.php puts things. */
function decisions_format(array $history, string $format): array
{
    $decisions = ['calls' => [], 'results' => []];
    foreach (payload_sites($history, $format) as [$kind, $id, $payload]) {
        $decisions[$kind === 'call' ? 'calls' : 'results'][] = [$id, omitted_of($payload)];
    }
    return $decisions;
}

/** [field => sha256] of a payload's meta (an array, a JSON text, or a placeholder text). */
function omitted_of(mixed $payload): array
{
    if (is_string($payload)) {
        if (preg_match('/^\[omitted\] \d+ bytes, sha256=([0-9a-f]{64})$/D', $payload, $match)) {
            return [0 => $match[1]];
        }
        $payload = json_decode($payload, true);
    }
    $omitted = [];
    foreach ($payload['_tool_compaction']['omittedFields'] ?? [] as $field => $entry) {
        $omitted[$field] = $entry['sha256'];
    }
    return $omitted;
}

function strip_ids(array $decisions): array
{
    foreach ($decisions as $kind => $list) {
        foreach ($list as $i => $decision) {
            $decisions[$kind][$i][0] = null;
        }
    }
    return $decisions;
}

/**
 * Every call and result of a converted history in order: [kind, id, payload,
 * path]. Written for the layout convert.php produces, independently of
 * formats.php; SDK blocks are read through their properties.
 */
function payload_sites(array $history, string $format): array
{
    $sites = [];
    foreach ($history as $i => $entry) {
        switch ($format) {
            case 'openai':
                foreach ($entry['tool_calls'] ?? [] as $k => $call) {
                    $sites[] = ['call', $call['id'], $call['function']['arguments'], [$i, 'tool_calls', $k, 'function', 'arguments']];
                }
                if ($entry['role'] === 'tool') {
                    $sites[] = ['result', $entry['tool_call_id'], $entry['content'], [$i, 'content']];
                }
                break;
            case 'openai-responses':
                if (($entry['type'] ?? null) === 'function_call') {
                    $sites[] = ['call', $entry['call_id'], $entry['arguments'], [$i, 'arguments']];
                } elseif (($entry['type'] ?? null) === 'function_call_output') {
                    $sites[] = ['result', $entry['call_id'], $entry['output'], [$i, 'output']];
                }
                break;
            case 'anthropic':
                foreach (is_array($entry['content']) ? $entry['content'] : [] as $k => $block) {
                    $block = is_object($block) ? get_object_vars($block) : $block;
                    if ($block['type'] === 'tool_use') {
                        $sites[] = ['call', $block['id'], $block['input'], [$i, 'content', $k, 'input']];
                    } elseif ($block['type'] === 'tool_result') {
                        $sites[] = ['result', $block['tool_use_id'] ?? $block['toolUseID'], $block['content'], [$i, 'content', $k, 'content']];
                    }
                }
                break;
            case 'gemini':
                foreach ($entry['parts'] as $k => $part) {
                    if (isset($part['functionCall'])) {
                        $sites[] = ['call', $part['functionCall']['id'] ?? null, $part['functionCall']['args'], [$i, 'parts', $k, 'functionCall', 'args']];
                    }
                    if (isset($part['functionResponse'])) {
                        $sites[] = ['result', $part['functionResponse']['id'] ?? null, $part['functionResponse']['response'],
                            [$i, 'parts', $k, 'functionResponse', 'response']];
                    }
                }
                break;
        }
    }
    return $sites;
}

/** The history as plain data (SDK objects as class + initialised properties) with every payload replaced by a marker. */
function skeleton(array $history, string $format): array
{
    $plain = plain($history);
    foreach (payload_sites($history, $format) as [, , , $path]) {
        $ref = &$plain;
        foreach ($path as $key) {
            $ref = &$ref[$key];
        }
        $ref = '<payload>';
        unset($ref);
    }
    return $plain;
}

/** Objects as ['@class' => class] + their initialised properties, recursively. */
function plain(mixed $value): mixed
{
    if (is_object($value)) {
        $properties = ['@class' => get_class($value)];
        foreach ((new \ReflectionObject($value))->getProperties() as $property) {
            if (!$property->isStatic() && $property->isInitialized($value)) {
                $properties[$property->getName()] = plain($property->getValue($value));
            }
        }
        return $properties;
    }
    if (is_array($value)) {
        return array_map(__NAMESPACE__ . '\plain', $value);
    }
    return $value;
}

/** What is wrong with the payloads of a compacted history (arguments a JSON object text, objects string-keyed). */
function payload_problems(array $history, string $format): array
{
    $problems = [];
    $calls = [];
    $results = [];
    foreach (payload_sites($history, $format) as [$kind, $id, $payload, $path]) {
        $at = implode('.', $path);
        if ($kind === 'call') {
            $calls[] = $id;
        } else {
            $results[] = $id;
        }
        if (is_string($payload)) {
            $decoded = json_decode($payload, true);
            if ($kind === 'call' && (!is_array($decoded) || ltrim($payload)[0] !== '{')) {
                $problems[] = "$at: arguments is not a JSON object text";
            }
            if ($kind === 'result' && !is_array($decoded) && !preg_match('/^\[omitted\] /', $payload)) {
                $problems[] = "$at: a result text is neither JSON nor a placeholder";
            }
        } elseif (!is_array($payload) || array_filter(array_keys($payload), 'is_int') !== []) {
            $problems[] = "$at: payload is not a string-keyed array";
        }
    }
    // Every call that has a result keeps it (ids are compared by the skeleton).
    if ($format !== 'gemini' && array_diff($results, $calls) !== []) {
        $problems[] = 'a result has no call';
    }
    return $problems;
}

/**
 * SPEC Part 4 "Estimate" of a converted history: [bytes, tokens] of the JSON
 * of each string content (not an openai tool message's, which is its
 * payload) and of each payload as the walk sees it (an array; a JSON text's
 * decoded array; a text as [0 => text]; a list of parts as its texts).
 */
function estimate_history(array $history, string $format): array
{
    $values = [];
    foreach ($history as $entry) {
        if (is_string($entry['content'] ?? null) && !($format === 'openai' && $entry['role'] === 'tool')) {
            $values[] = $entry['content'];
        }
    }
    foreach (payload_sites($history, $format) as [, , $payload]) {
        if (is_string($payload)) {
            $decoded = json_decode($payload, true);
            $values[] = ltrim($payload)[0] === '{' && is_array($decoded) ? $decoded : [0 => $payload];
        } elseif ($format === 'gemini' || $format === 'anthropic' && !array_is_list($payload) || $payload === []) {
            $values[] = $payload;
        } else {
            $values[] = array_filter(array_map(fn (mixed $part): mixed => $part['text'] ?? null, $payload), 'is_string');
        }
    }
    $bytes = $tokens = 0;
    foreach ($values as $value) {
        $length = strlen(json_encode($value));
        $bytes += $length;
        $tokens += intdiv($length + 3, 4);
    }
    return [$bytes, $tokens];
}

/** A short text naming the first place two decision lists differ. */
function first_difference(array $expected, array $actual): string
{
    $e = json_encode($expected);
    $a = json_encode($actual);
    $at = strspn($e ^ $a, "\0");
    return 'expected …' . substr($e, max(0, $at - 80), 200) . '… got …' . substr($a, max(0, $at - 80), 200) . '…';
}

// ----------------------------------------------------------------------
// Broken histories
// ----------------------------------------------------------------------

/**
 * $count converted transcripts (their first 30 messages) broken in a few
 * random places (any value, or a key that tells another format), compacted
 * with random parameters and restored: nothing may throw or warn, the input
 * stays as it was, json_last_error() is kept, and a second pass changes
 * nothing.
 *
 * @return list<string> problems
 */
function hostile_cases(array $histories, bool $sdk, int $count): array
{
    $bases = formats_fuzz_bases($histories, $sdk);
    $problems = [];
    set_error_handler(function (int $level, string $message): never {
        throw new \ErrorException($message, 0, $level);
    });
    try {
        for ($seed = 1; $seed <= $count; $seed++) {
            [$history, $params] = formats_fuzz_case($seed, $bases);
            $store = [];
            $params['onOmit'] = function (string $sha256, string $json) use (&$store): void {
                $store[$sha256] = $json;
            };
            $before = serialize($history);
            try {
                json_decode('{');
                $out = reference_compact_format($history, $params, $report);
                $restored = reference_restore_format($out, fn (string $sha256): ?string => $store[$sha256] ?? null);
                if (json_last_error() !== JSON_ERROR_SYNTAX) {
                    $problems[] = "seed $seed: json_last_error() changed";
                }
                if (serialize($history) !== $before) {
                    $problems[] = "seed $seed: the input was modified";
                }
                if (serialize(reference_compact_format($out, $params)) !== serialize($out)) {
                    $problems[] = "seed $seed: a second pass changes the output";
                }
                if (!is_array($report) || !is_array($restored)) {
                    $problems[] = "seed $seed: no report";
                }
            } catch (\Throwable $e) {
                $problems[] = "seed $seed: " . get_class($e) . ': ' . $e->getMessage() . ' at ' . basename($e->getFile()) . ':' . $e->getLine();
            }
        }
    } finally {
        restore_error_handler();
    }
    return $problems;
}

// ----------------------------------------------------------------------
// Hand-made cases: name => list of problems
// ----------------------------------------------------------------------

function targeted_cases(): array
{
    $cases = [];
    $big = str_repeat('x', 300);
    $sha = fn (mixed $value): string => hash('sha256', json_encode($value));
    $placeholder = fn (string $text): string => '[omitted] ' . strlen($text) . ' bytes, sha256=' . $sha($text);
    $check = function (string $case, bool $ok, string $what) use (&$cases): void {
        $cases[$case] ??= [];
        if (!$ok) {
            $cases[$case][] = $what;
        }
    };
    $compactStore = function (array $history, array $params = []) use (&$store): array {
        $store = [];
        $params['onOmit'] = function (string $sha256, string $json, array $where) use (&$store): void {
            $store[$sha256] = ['json' => $json, 'where' => $where];
        };
        return reference_compact_format($history, $params, $report) + ['report' => $report];
    };
    $lookup = function (string $sha256) use (&$store): ?string {
        return $store[$sha256]['json'] ?? null;
    };

    // The JSON scanner: each member's key and value span decode as json_decode() reads them.
    $texts = [
        '{}', " { } ", '{"a":1}', '{"0":"x","01":[],"-1":{},"":null}', "{\n \"a\\\"b\" :\t\"x\\\\\" , \"c\":[1,{\"d\":\"]}\"}],\"e\":-1.5e3,\"f\":true}",
        '{"\u0030":1,"k\/":"\ud83d\ude00"}', json_encode(['x' => ['y' => ['z' => '{[', 'w' => []]], 'v' => 'é'], JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE),
    ];
    foreach ($texts as $text) {
        $members = json_members($text);
        $decoded = json_decode($text, true);
        $read = [];
        foreach ($members ?? [] as $member) {
            $read[$member['key']] = json_decode(substr($text, $member['valueStart'], $member['valueEnd'] - $member['valueStart']), true);
        }
        $check('scanner', $members !== null && $read === $decoded, 'misread ' . $text);
    }
    $check('scanner', json_members('{"0":1,"a":2,"\u0030":3}') === null, 'duplicate "0" / "\u0030" not found');
    $check('scanner', json_members('{"a":{"a":1,"a":2}}') !== null, 'a nested duplicate is not a duplicate member');

    // Choosing the format.
    $detect = fn (array $history): array => reference_detect_format($history);
    $check('detect', $detect([['role' => 'user', 'content' => 'hi']]) === ['format' => 'adachsoft', 'reason' => null], 'no tool: adachsoft');
    $check('detect', $detect([['content' => 'hi']]) === ['format' => null, 'reason' => 'formatUnknown'], 'no role: formatUnknown');
    $check('detect', $detect([new \stdClass()])['format'] === 'adachsoft', 'an object tells adachsoft');
    $check('detect', $detect([['role' => 'user', 'call_id' => 'x', 'tool_calls' => []]])['format'] === 'openai-responses', 'call_id before tool_calls');
    $check('detect', $detect([['role' => 'model', 'content' => 'x']])['format'] === 'gemini', 'role model');
    $check('detect', $detect([['role' => 'tool', 'tool_call_id' => 'x', 'content' => '']])['format'] === 'openai', 'tool_call_id');
    $check('detect', $detect([['role' => 'assistant', 'content' => [['type' => 'thinking', 'thinking' => '']]]])['format'] === 'anthropic', 'a thinking block');
    $mixed = [['role' => 'tool', 'tool_call_id' => 'x', 'content' => ''], ['type' => 'message', 'role' => 'user', 'content' => '']];
    $check('detect', $detect($mixed) === ['format' => null, 'reason' => 'mixedFormats'], 'mixedFormats');
    $out = reference_compact_format($mixed, [], $report);
    $check('detect', $out === $mixed && $report['reason'] === 'mixedFormats' && $report['format'] === null && $report['applied'] === false, 'mixed: unchanged, reported');
    $out = reference_compact_format($mixed, ['format' => 'openai'], $report);
    $check('detect', $report['format'] === 'openai' && $report['reason'] === null, 'a named format is used as given');

    // openai: a text result (not JSON) becomes the placeholder; idempotent
    // even when the placeholder is over the threshold; restored.
    $history = [
        ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{"path":"a"}']]]],
        ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => $big],
        ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c2', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{"path":"a"}']]]],
        ['role' => 'tool', 'tool_call_id' => 'c2', 'content' => 'short'],
    ];
    $out = $compactStore($history, ['outputTrimBytes' => 10]);
    $check('text', $out[1]['content'] === $placeholder($big), 'placeholder written');
    $record = $store[$sha($big)] ?? null;
    $check('text', $record !== null && $record['json'] === json_encode($big) && $record['where'] === ['messageIndex' => 1, 'callId' => 'c1', 'tool' => 'read', 'field' => 0, 'payload' => 'result'], 'onOmit record of a text');
    unset($out['report']);
    $check('text', reference_compact_format($out, ['outputTrimBytes' => 10]) === $out, 'a placeholder is not omitted again');
    $check('text', reference_restore_format($out, $lookup) === $history, 'restored');

    // A JSON text with a duplicate key is left as it is; its call still
    // counts as the newest of its group.
    $dup = '{"path":"a","body":"' . $big . '","path":"a"}';
    $history = [
        ['type' => 'function_call', 'call_id' => 'c1', 'name' => 'write', 'arguments' => '{"path":"a","body":"' . $big . '"}'],
        ['type' => 'function_call_output', 'call_id' => 'c1', 'output' => 'ok'],
        ['type' => 'function_call', 'call_id' => 'c2', 'name' => 'write', 'arguments' => $dup],
    ];
    $out = reference_compact_format($history, [], $report);
    $check('duplicate keys', $out[2]['arguments'] === $dup, 'untouched');
    $check('duplicate keys', json_decode($out[0]['arguments'], true)['body'] === '[omitted]' && $report['callsCompacted'] === 1, 'the older call compacted');

    // Nor is a text whose valid meta cannot be encoded again.
    $inf = '{"_tool_compaction":{"omittedFields":{},"x":1e999},"body":"' . $big . '"}';
    $history[0]['arguments'] = $inf;
    $out = reference_compact_format($history, [], $report);
    $check('duplicate keys', $out === $history && $report['callsCompacted'] === 0, 'a meta holding 1e999 is left as it is');

    // An invalid meta member is replaced in place; other bytes stay.
    $text = "{ \"a\" : \"$big\",\n  \"_tool_compaction\" : 5 ,\"b\":1}";
    $history = [
        ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'c1', 'name' => 'read', 'input' => []]]],
        ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'c1', 'content' => $text, 'is_error' => false]]],
        ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'c1', 'content' => 'newer']]],
    ];
    $out = $compactStore($history);
    $meta = json_encode(['thresholdBytes' => 100, 'omittedFields' => ['a' => ['bytes' => 300, 'sha256' => $sha($big)]]]);
    $check('meta in place', $out[1]['content'][0]['content'] === "{ \"a\" : \"[omitted]\",\n  \"_tool_compaction\" : $meta ,\"b\":1}", 'edited in place: ' . $out[1]['content'][0]['content']);
    unset($out['report']);
    // The invalid meta is not brought back (as in Part 3): the member goes with the comma before it.
    $restored = reference_restore_format($out, $lookup);
    $check('meta in place', $restored[1]['content'][0]['content'] === "{ \"a\" : \"$big\" ,\"b\":1}", 'restored: ' . $restored[1]['content'][0]['content']);

    // Pretty-printed: members that json_encode() writes the same are
    // restored one by one; the whole text is offered only when one differs.
    $value = ['content' => $big, 'list' => [1, 2, 3]];
    foreach (['strings only' => ['content' => $big, 'n' => 1], 'nested' => $value] as $variant => $result) {
        $text = json_encode($result, JSON_PRETTY_PRINT);
        $history = [
            ['role' => 'assistant', 'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 't', 'arguments' => '{}']]]],
            ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => $text],
            ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => 'newer'],
        ];
        $out = $compactStore($history, ['outputTrimBytes' => 5]);
        $whole = array_filter($store, fn (array $r): bool => $r['where']['field'] === null);
        $check("pretty $variant", count($whole) === ($variant === 'nested' ? 1 : 0), count($whole) . ' whole texts offered');
        unset($out['report']);
        $check("pretty $variant", reference_restore_format($out, $lookup) === $history, 'restored');
    }

    // openai-responses: a list of parts, input_text parts only; restored.
    $parts = [['type' => 'input_text', 'text' => $big], ['type' => 'input_image', 'image_url' => $big], ['type' => 'input_text', 'text' => 'short']];
    $history = [
        ['type' => 'function_call', 'call_id' => 'c1', 'name' => 'shot', 'arguments' => '{}'],
        ['type' => 'function_call_output', 'call_id' => 'c1', 'output' => $parts],
        ['type' => 'function_call', 'call_id' => 'c2', 'name' => 'shot', 'arguments' => '{}'],
        ['type' => 'function_call_output', 'call_id' => 'c2', 'output' => 'x'],
    ];
    $out = $compactStore($history);
    $check('parts', $out[1]['output'] === [['type' => 'input_text', 'text' => $placeholder($big)], $parts[1], $parts[2]], 'only the long text part');
    $check('parts', ($store[$sha($big)]['where']['field'] ?? null) === 0, 'field is the part position');
    unset($out['report']);
    $check('parts', reference_restore_format($out, $lookup) === $history, 'restored');

    // gemini without ids: responses answer the oldest open call of their
    // name; the synthetic ids are not written.
    $call = fn (string $name, array $args): array => ['functionCall' => ['name' => $name, 'args' => $args]];
    $response = fn (string $name, array $response): array => ['functionResponse' => ['name' => $name, 'response' => $response]];
    $history = [
        ['role' => 'model', 'parts' => [$call('read', ['path' => 'a']), $call('read', ['path' => 'b'])]],
        ['role' => 'user', 'parts' => [$response('read', ['body' => $big]), $response('read', ['body' => $big . 'b'])]],
        ['role' => 'model', 'parts' => [$call('read', ['path' => 'a'])]],
        ['role' => 'user', 'parts' => [$response('read', ['body' => 'new'])]],
    ];
    $out = $compactStore($history, ['toolIdentifierFields' => ['read' => ['path']]]);
    // path a: the call at 2:0 and its response are newest; 0:0's response (1:0) is compacted; path b stays.
    $check('gemini pairing', $out[1]['parts'][0]['functionResponse']['response']['body'] === '[omitted]', 'the response of the older "a" call is compacted');
    $check('gemini pairing', $out[1]['parts'][1] === $history[1]['parts'][1], 'the response of the "b" call stays');
    $ids = array_unique(array_map(fn (array $r): string => $r['where']['callId'], $store));
    $check('gemini pairing', array_values($ids) === ['gemini:0:0'], 'onOmit names the synthetic id: ' . json_encode($ids));
    $check('gemini pairing', !str_contains(json_encode($out), 'gemini:'), 'no synthetic id written');

    // A user turn is a user message holding no result.
    $history = [
        ['role' => 'user', 'content' => [['type' => 'text', 'text' => 'go']]],
        ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'c1', 'name' => 't', 'input' => ['a' => $big]]]],
        ['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 'c1', 'content' => 'ok'], ['type' => 'text', 'text' => 'and']]],
        ['role' => 'assistant', 'content' => [['type' => 'tool_use', 'id' => 'c2', 'name' => 't', 'input' => ['a' => $big]]]],
    ];
    reference_compact_format($history, ['trigger' => ['turns' => 2]], $report);
    $check('turns', $report['reason'] === 'trigger', 'one turn only');
    $out = reference_compact_format($history, ['trigger' => ['turns' => 1]], $report);
    $check('turns', $report['applied'] && $out[1]['content'][0]['input']['a'] === '[omitted]', 'one turn reached');
    $check('turns', $out[0] === $history[0] && $out[2] === $history[2] && $out[3] === $history[3], 'other entries shared');

    return $cases;
}
