<?php

declare(strict_types=1);

/**
 * For the escaping tests: many strings omitted in one pass, each checked
 * against json_encode().
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/hostile.php';

/**
 * Puts $strings into one tool result, compacts it with outputTrimBytes 0 (so
 * that every string is omitted), and checks each field against the contract
 * (SPEC Part 1): omitted with the meta entry omitted_entry() writes, or
 * kept as it is when json_encode() fails on it. Prints the first ten fields that
 * differ; returns how many strings json_encode() took and refused, and how
 * many fields differ.
 *
 * @param list<string> $strings
 * @return array{encoded: int, failed: int, errors: int}
 */
function check_omitted_strings(array $strings): array
{
    $fields = [];
    foreach ($strings as $i => $s) {
        $fields["f$i"] = $s;
    }
    $history = [
        ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 'x', 'result' => $fields]]],
        ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'b', 'toolName' => 'x', 'result' => []]]],
    ];
    $out = toolcompact_compact($history, ['outputTrimBytes' => 0]);
    $result = $out[0]['toolResults'][0]['result'];
    $meta = $result['_tool_compaction']['omittedFields'];

    $counts = ['encoded' => 0, 'failed' => 0, 'errors' => 0];
    foreach ($strings as $i => $s) {
        $encodes = json_encode($s) !== false;
        $counts[$encodes ? 'encoded' : 'failed']++;
        $want = $encodes ? [omitted_entry($s), '[omitted]'] : [null, $s];
        $got = [$meta["f$i"] ?? null, $result["f$i"]];
        if ($got !== $want && ++$counts['errors'] <= 10) {
            echo "f$i (", bin2hex($s), "): ", json_encode($got[0]), ' instead of ', json_encode($want[0]), "\n";
        }
    }
    return $counts;
}
