--TEST--
Item fields are read wherever their keys sit: in SPEC.md's order, in other orders, after an unset and a new key in their usual place, moved to the end by an unset and a write, in arrays with integer keys before them, and never in packed lists; each history gives the reference's output
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\reference_compact;

/*
 * A message's role, content, toolCalls and toolResults usually come in that
 * order, and a call's or result's id, toolName and arguments or result: the
 * extension looks at those places first. Every shape below must be read by
 * its keys all the same. The arrays are decoded from JSON, so their keys
 * are strings of their own (not interned); every case starts from a copy
 * of one history, which holds them, so that a key unset from a copy is
 * still there with its bytes in the emptied bucket.
 *
 * Six turns of tool write, one group: the calls and results of the five
 * older turns are compacted, 10 fields omitted (each call's content, each
 * result's output; the path is short). In the last case the call message
 * of turn 1 is replaced by a packed list (no calls): its result joins the
 * group of its toolName and is compacted, so 9; the packed items added to
 * two lists have no id and take no part.
 */
function call_msg(string $id, string $content): array
{
    return ['role' => 'assistant', 'content' => '', 'toolCalls' => [['id' => $id, 'toolName' => 'write',
        'arguments' => ['path' => 'a.txt', 'content' => $content]]], 'toolResults' => []];
}

function result_msg(string $id, string $output): array
{
    return ['role' => 'tool', 'content' => '', 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => 'write',
        'result' => ['output' => $output]]]];
}

/* Six turns of tool write (one group): all but the newest are compacted. */
function turns(): array
{
    $h = [['role' => 'system', 'content' => 'agent', 'toolCalls' => [], 'toolResults' => []]];
    for ($t = 0; $t < 6; $t++) {
        $h[] = call_msg("c$t", str_repeat("text of turn $t\n", 20));
        $h[] = result_msg("c$t", str_repeat("output of turn $t\n", 20));
    }
    return json_decode(json_encode($h), true);
}

/* $key of $a unset and written again: its bucket left empty, the key last. */
function moved(array $a, string $key): array
{
    $v = $a[$key];
    unset($a[$key]);
    $a[$key] = $v;
    return $a;
}

/* Every key of $a before $key moved behind the others: $key comes first,
 * after the empty buckets the moves left at the usual places. */
function others_first(array $a, string $key): array
{
    foreach (array_keys($a) as $k) {
        if ($k === $key) {
            break;
        }
        $a = moved($a, $k);
    }
    return $a;
}

$cases = [];
$base = turns();
$cases['the usual order'] = $base;

$h = $base;
foreach ($h as $m => $message) {
    $h[$m] = array_reverse($message, true);
    foreach (['toolCalls', 'toolResults'] as $list) {
        foreach ($h[$m][$list] as $i => $item) {
            $h[$m][$list][$i] = array_reverse($item, true);
        }
    }
}
$cases['every key order reversed'] = $h;

$h = $base;
foreach ($h as $m => $message) {
    $h[$m] = moved($h[$m], 'role');
    $h[$m] = moved($h[$m], 'toolCalls');
    foreach (['toolCalls', 'toolResults'] as $list) {
        foreach ($h[$m][$list] as $i => $item) {
            $h[$m][$list][$i] = moved(moved($item, 'id'), 'toolName');
        }
    }
}
$cases['keys unset and written again (empty buckets at their places)'] = $h;

$h = $base;
foreach ($h as $m => $message) {
    $h[$m] = others_first($h[$m], 'toolResults');
    foreach (['toolCalls', 'toolResults'] as $list) {
        foreach ($h[$m][$list] as $i => $item) {
            $h[$m][$list][$i] = others_first($item, isset($item['result']) ? 'result' : 'arguments');
        }
    }
}
$cases['the last key first, empty buckets before'] = $h;

$h = $base;
foreach ($h as $m => $message) {
    // integer keys at the usual places: no key to compare
    $h[$m] = [0 => 'x', 1 => 'y', 2 => 'z', 3 => 'w'] + $h[$m];
    foreach (['toolCalls', 'toolResults'] as $list) {
        foreach ($h[$m][$list] as $i => $item) {
            $h[$m][$list][$i] = [7 => 'a', 8 => 'b', 9 => 'c'] + $item;
        }
    }
}
$cases['integer keys before the fields'] = $h;

$h = $base;
// packed lists where items are: four or more values, none of them a field
$h[1]['toolCalls'][] = ['c9', 'write', ['path' => 'b.txt', 'content' => str_repeat('p', 400)], 'extra'];
$h[2]['toolResults'][] = ['c9', 'write', ['output' => str_repeat('q', 400)], 'extra', 'more'];
$h[3] = ['assistant', '', [], [], 'extra'];
$cases['packed lists as items and as a message'] = $h;

foreach ($cases as $name => $history) {
    $want = reference_compact($history, []);
    $omitted = 0;
    array_walk_recursive($want, function ($v, $k) use (&$omitted) { $omitted += $k === 'sha256'; });
    echo "$name: $omitted omitted, as the reference: ", var_export(toolcompact_compact($history, []) === $want, true), "\n";
}
?>
--EXPECT--
the usual order: 10 omitted, as the reference: true
every key order reversed: 10 omitted, as the reference: true
keys unset and written again (empty buckets at their places): 10 omitted, as the reference: true
the last key first, empty buckets before: 10 omitted, as the reference: true
integer keys before the fields: 10 omitted, as the reference: true
packed lists as items and as a message: 9 omitted, as the reference: true
