--TEST--
restore: a payload that already holds a _tool_compaction member that is not a valid meta, or a valid one listing no field (arguments and results, JSON texts and objects) - with onOmit set the whole payload is recorded beside the fields and restore(compact($h)) === $h in every format; compacting again changes nothing; without onOmit the member is replaced as before
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history, items};
use const ToolCompact\Tests\Formats\FORMATS;

$metas = ['a string', ['thresholdBytes' => 100, 'omittedFields' => []], ['omittedFields' => 'all', 'x' => 1]];
foreach (FORMATS as $f) {
    $g = $f === 'gemini';
    $list = [];
    foreach ($metas as $k => $meta) {
        $list[] = calls($f, [call("c$k", 'read', ['_tool_compaction' => $meta, 'note' => str_repeat('n', 400)])]);
        $payload = ['content' => str_repeat('x', 300), '_tool_compaction' => $meta];
        $list[] = results($f, [res("c$k", 'read', $g ? $payload : json_encode($payload))]);
    }
    $list[] = calls($f, [call('z', 'read', ['path' => 'z'])]);
    $list[] = results($f, [res('z', 'read', 'ok')]);
    $h = history([user($f, 'go')], ...$list);

    $store = [];
    $offers = [];
    $onOmit = function (string $sha, string $json, array $where) use (&$store, &$offers) {
        $store[$sha] = $json;
        $offers[] = $where['field'] ?? 'whole';
    };
    $compacted = toolcompact_compact($h, ['onOmit' => $onOmit], $report);
    $restored = toolcompact_restore($compacted, fn (string $sha) => $store[$sha] ?? null);
    echo "$f: fields omitted {$report['fieldsOmitted']}, offered ", implode(' ', $offers),
        "\n  restored === input: ", var_export($restored === $h, true),
        ", compacting again changes nothing: ", var_export(toolcompact_compact($compacted, ['onOmit' => $onOmit]) === $compacted, true), "\n";
    $metaKeys = [];
    foreach (items($f, $compacted) as $item) {
        $payload = is_string($item['payload']) ? json_decode($item['payload'], true) : $item['payload'];
        if (isset($payload['_tool_compaction']['omittedFields'])) {
            $metaKeys[] = implode(',', array_keys($payload['_tool_compaction']));
        }
    }
    echo "  meta keys: ", implode(' | ', $metaKeys), "\n";
    $plain = toolcompact_compact($h);
    $metaKeys = [];
    foreach (items($f, $plain) as $item) {
        $payload = is_string($item['payload']) ? json_decode($item['payload'], true) : $item['payload'];
        if (isset($payload['_tool_compaction']['omittedFields'])) {
            $metaKeys[] = implode(',', array_keys($payload['_tool_compaction']));
        }
    }
    echo "  without onOmit: ", implode(' | ', $metaKeys), "\n";
}
?>
--EXPECT--
openai: fields omitted 6, offered content whole note whole content whole note whole content whole note whole
  restored === input: true, compacting again changes nothing: true
  meta keys: thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text
  without onOmit: thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields
openai-responses: fields omitted 6, offered content whole note whole content whole note whole content whole note whole
  restored === input: true, compacting again changes nothing: true
  meta keys: thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text
  without onOmit: thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields
anthropic: fields omitted 6, offered content whole note whole content whole note whole content whole note whole
  restored === input: true, compacting again changes nothing: true
  meta keys: thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text
  without onOmit: thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields
gemini: fields omitted 6, offered content whole note whole content whole note whole content whole note whole
  restored === input: true, compacting again changes nothing: true
  meta keys: thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text | thresholdBytes,omittedFields,text
  without onOmit: thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields | thresholdBytes,omittedFields
