--TEST--
A changed message, list or item holds its new value where the old one stood: keys keep their order (a missing content is added last), a field or list entry that is a PHP reference is replaced, not written through, and two changed results of one list (one after a hole) are both replaced; each output equals the reference's and the input is left as it was
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\{assistant, call, result, watched_compact, expect_output, reference_compact};

$big = str_repeat('<p>"quoted"</p>' . "\n", 40);
$params = ['toolIdentifierFields' => ['read' => ['path']]];

/** Two reads of one path: the first call and its result are compacted. */
function reads(array $olderResultMessage, string $big): array
{
    return [
        assistant([call('c1', 'read', ['path' => 'a', 'note' => $big])]),
        $olderResultMessage,
        assistant([call('c2', 'read', ['path' => 'a'])]),
        ['role' => 'tool', 'content' => 'new', 'toolCalls' => [], 'toolResults' => [result('c2', 'read', ['out' => 'x'])]],
    ];
}

$cases = [];

// keys in another order than SPEC.md's
$cases['keys in another order'] = reads(['toolResults' => [result('c1', 'read', ['out' => $big])],
    'content' => 'raw', 'toolCalls' => [], 'role' => 'tool'], $big);

// no content key: the placeholder comes last
$cases['no content'] = reads(['role' => 'tool', 'toolCalls' => [], 'toolResults' => [result('c1', 'read', ['out' => $big])]], $big);

// content, the result payload and the list entry are PHP references to
// variables outside the history
$content = 'raw';
$payload = ['out' => $big, 'n' => 1];
$item = result('c1', 'read', null);
$item['result'] = &$payload;
$message = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => []];
$message['content'] = &$content;
$message['toolResults'][0] = &$item;
$cases['references'] = reads($message, $big);

// two results of one list compacted, the list with a hole before the second
$list = [result('c1', 'read', ['out' => $big]), 'dropped', result('c0', 'read', ['out' => $big . 'b'])];
unset($list[1]);
$two = reads(['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => $list], $big);
array_unshift($two, assistant([call('c0', 'read', ['path' => 'b'])]));
array_splice($two, 4, 0, [assistant([call('c9', 'read', ['path' => 'b'])])]);
$cases['two results, a hole'] = $two;

foreach ($cases as $name => $history) {
    echo "$name: ";
    $out = watched_compact($history, $params);
    expect_output($out, reference_compact($history, $params));
    $i = $name === 'two results, a hole' ? 2 : 1;
    $keys = array_keys($history[$i]);
    if (!in_array('content', $keys, true)) {
        $keys[] = 'content';
    }
    echo '  keys ', array_keys($out[$i]) === $keys ? 'in order' : 'MOVED ' . json_encode(array_keys($out[$i])), ', ',
        str_starts_with($out[$i]['content'], '[tool_compaction]') ? 'placeholder' : 'NO PLACEHOLDER', ', ',
        count(array_filter($out[$i]['toolResults'], fn ($r) => isset($r['result']['_tool_compaction']))), " compacted\n";
}

echo 'outside variables: ', $content === 'raw' && $payload === ['out' => $big, 'n' => 1]
    && $item['id'] === 'c1' && $item['result'] === $payload ? 'unchanged' : 'CHANGED', "\n";
?>
--EXPECT--
keys in another order: output as expected
  keys in order, placeholder, 1 compacted
no content: output as expected
  keys in order, placeholder, 1 compacted
references: output as expected
  keys in order, placeholder, 1 compacted
two results, a hole: output as expected
  keys in order, placeholder, 2 compacted
outside variables: unchanged
