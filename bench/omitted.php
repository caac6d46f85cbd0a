<?php

declare(strict_types=1);

/** What a pass omitted, read back from its output: shared by the benchmark scripts. */

/** The omitted fields' meta list of a payload, or [] (only a valid meta counts). */
function omitted_list(mixed $payload): array
{
    $meta = is_array($payload) ? ($payload['_tool_compaction'] ?? null) : null;
    return is_array($meta) && is_array($meta['omittedFields'] ?? null) ? $meta['omittedFields'] : [];
}

/**
 * json_encode() of every value the pass newly omitted, in history order,
 * checked against the meta's bytes and sha256 (a mismatch is an output error).
 */
function omitted_values(array $in, array $out, int &$errors): array
{
    $values = [];
    foreach ($in as $m => $message) {
        foreach (['toolCalls' => 'arguments', 'toolResults' => 'result'] as $list => $field) {
            foreach ($message[$list] ?? [] as $k => $item) {
                $before = $item[$field] ?? null;
                $after = $out[$m][$list][$k][$field] ?? null;
                $old = omitted_list($before);
                foreach (omitted_list($after) as $key => $entry) {
                    if (array_key_exists($key, $old)) {
                        continue;
                    }
                    $value = $before[$key];
                    $json = json_encode($value);
                    $size = match (true) {
                        is_string($value) => strlen($value),
                        is_array($value) => strlen((string) $json),
                        default => strlen((string) $value),
                    };
                    if ($json === false || $size !== $entry['bytes'] || hash('sha256', $json) !== $entry['sha256']) {
                        $errors++;
                    }
                    $values[] = $json;
                }
            }
        }
    }
    return $values;
}
