--TEST--
Format choice across calls: an entry that holds a PHP reference tells the format of what the reference holds now, whatever an earlier call read through it; the output and report are those of the same history without the reference, read afresh
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('x', 300);
function openai_turn(string $id, string $big): array
{
    return [
        ['role' => 'assistant', 'content' => null, 'tool_calls' => [
            ['id' => $id, 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => json_encode(['path' => 'a', 'pad' => $big])]],
        ]],
        ['role' => 'tool', 'tool_call_id' => $id, 'content' => json_encode(['text' => $big])],
    ];
}
$content = 'hello';
$history = [['role' => 'user', 'content' => &$content]];
foreach (['c1', 'c2', 'c3'] as $id) {
    array_push($history, ...openai_turn($id, $big));
}

// (a copy of the history with its values, no reference left)
$plain = fn (array $h): array => unserialize(serialize(array_map(fn ($e) => $e, $h)));
$summary = fn (?array $r): string => sprintf('format %s, reason %s, fields omitted %d',
    $r['format'] ?? '-', var_export($r['reason'] ?? null, true), $r['fieldsOmitted'] ?? -1);

// three calls, so that the history's entries are known to the caches
for ($i = 0; $i < 3; $i++) {
    toolcompact_compact($history, [], $report);
}
echo "string content: ", $summary($report), "\n";

// the user message now holds Anthropic blocks: the history tells two formats
$content = [['type' => 'tool_result', 'tool_use_id' => 'x', 'content' => 'r']];
$out = toolcompact_compact($history, [], $report);
$fresh = toolcompact_compact($plain($history), [], $afresh);
echo "blocks:         ", $summary($report), "\n";
echo "read afresh:    ", $summary($afresh), "\n";
var_dump(serialize($plain($out)) === serialize($fresh));
?>
--EXPECT--
string content: format openai, reason NULL, fields omitted 4
blocks:         format -, reason 'mixedFormats', fields omitted 0
read afresh:    format -, reason 'mixedFormats', fields omitted 0
bool(true)
