--TEST--
restore, adachsoft arrays and DTOs: a payload whose _tool_compaction member is not a valid meta (7, 'x', [], null, no omittedFields) or a valid one listing no field (with other keys) is recorded whole with onOmit set, and restore(compact($h)) === $h; a valid meta listing a field keeps its other keys; compacting again changes nothing; without onOmit the member is replaced or merged as before
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload();

$metas = [
    'int' => 7,
    'string' => 'x',
    'empty array' => [],
    'null' => null,
    'no omittedFields' => ['thresholdBytes' => 5],
    'lists no field, other keys' => ['note' => 'mine', 'thresholdBytes' => 5, 'omittedFields' => []],
];
$history = [['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []]];
$n = 0;
foreach ($metas as $meta) {
    $id = 'c' . ++$n;
    // the member first in the arguments, last in the result
    $history[] = ['role' => 'assistant', 'content' => null, 'toolCalls' => [
        ['id' => $id, 'toolName' => 'read', 'arguments' => ['_tool_compaction' => $meta, 'path' => "f$n", 'body' => str_repeat('a', 600)]],
    ], 'toolResults' => []];
    $history[] = ['role' => 'tool', 'content' => "output $n", 'toolCalls' => [], 'toolResults' => [
        ['id' => $id, 'toolName' => 'read', 'result' => ['ok' => true, 'output' => str_repeat('o', 300), '_tool_compaction' => $meta]],
    ]];
}
// a valid meta that lists a field (not stored) and has another key: merged into, its key kept
$history[] = ['role' => 'assistant', 'content' => null, 'toolCalls' => [
    ['id' => 'v', 'toolName' => 'read', 'arguments' => ['path' => 'v']],
], 'toolResults' => []];
$history[] = ['role' => 'tool', 'content' => 'output v', 'toolCalls' => [], 'toolResults' => [
    ['id' => 'v', 'toolName' => 'read', 'result' => ['old' => '[omitted]', 'output' => str_repeat('v', 300),
        '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['old' => ['bytes' => 500, 'sha256' => str_repeat('0', 64)]], 'source' => 'earlier']]],
]];
// the newest read of each path stays intact
$history[] = ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'z', 'toolName' => 'read', 'arguments' => ['path' => 'z']]], 'toolResults' => []];
$history[] = ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => 'z', 'toolName' => 'read', 'result' => ['ok' => true]]]];

/** The keys of every compacted payload's meta, oldest first. */
function meta_keys(array $history): string
{
    $keys = [];
    foreach ($history as $m) {
        foreach ([...array_column($m['toolCalls'], 'arguments'), ...array_column($m['toolResults'], 'result')] as $payload) {
            if (isset($payload['_tool_compaction']['omittedFields'])) {
                $keys[] = implode(',', array_keys($payload['_tool_compaction']));
            }
        }
    }
    return implode(' | ', $keys);
}

foreach (['arrays', 'DTOs'] as $shape) {
    $h = $shape === 'arrays' ? $history : spi_from_arrays($history);
    $plain = static fn ($h) => is_array($h) ? $h : spi_to_arrays($h);
    $store = [];
    $offers = [];
    $onOmit = function (string $sha, string $json, array $where) use (&$store, &$offers) {
        $store[$sha] = $json;
        $offers[] = $where['field'] ?? 'whole'; // newest message first
    };
    $compacted = toolcompact_compact($h, ['onOmit' => $onOmit], $report);
    $restored = toolcompact_restore($compacted, fn (string $sha) => $store[$sha] ?? null);
    echo "$shape: fields omitted {$report['fieldsOmitted']}, offered ", implode(' ', $offers), "\n",
        "  restored === input: ", var_export($plain($restored) === $history && get_debug_type($restored) === get_debug_type($h), true), "\n",
        "  compacting again changes nothing: ", var_export($plain(toolcompact_compact($compacted, ['onOmit' => $onOmit])) === $plain($compacted), true), "\n",
        "  meta keys: ", meta_keys($plain($compacted)), "\n",
        "  without onOmit: ", meta_keys($plain(toolcompact_compact($h))), "\n";
}
?>
--EXPECT--
arrays: fields omitted 13, offered output content output whole content body whole output whole content body whole output whole content body whole output whole content body whole output whole content body whole output whole content body whole
  restored === input: true
  compacting again changes nothing: true
  meta keys: thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | note,thresholdBytes,omittedFields,text | note,thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,source,content
  without onOmit: thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | note,thresholdBytes,omittedFields | note,thresholdBytes,omittedFields | thresholdBytes,omittedFields,source
DTOs: fields omitted 13, offered output content output whole content body whole output whole content body whole output whole content body whole output whole content body whole output whole content body whole output whole content body whole
  restored === input: true
  compacting again changes nothing: true
  meta keys: thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text,content | note,thresholdBytes,omittedFields,text | note,thresholdBytes,omittedFields,text,content | thresholdBytes,omittedFields,source,content
  without onOmit: thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | note,thresholdBytes,omittedFields | note,thresholdBytes,omittedFields | thresholdBytes,omittedFields,source
