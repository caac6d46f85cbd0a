--TEST--
a tool message's list, or an item of it, a PHP reference that user code replaces before that message is rewritten: the rewrite takes the list as it is then, and the placeholder names the result it compacted
--EXTENSIONS--
toolcompact
--FILE--
<?php
// Runs while the payload of message 3 is measured: message 3 is newer than
// message 1, so it is rewritten first (newest first), and message 1 after it.
final class Swapper implements JsonSerializable
{
    public static ?array $results = null;
    public static array $with = [];

    public function jsonSerialize(): mixed
    {
        self::$results = self::$with; // through the reference the history holds
        return str_repeat('s', 200);
    }
}

$long = str_repeat('x', 500);
$item = ['id' => 'z7', 'toolName' => 'bash', 'result' => ['text' => $long]];
$call = fn (string $id, string $path) => ['role' => 'assistant', 'content' => null,
    'toolCalls' => [['id' => $id, 'toolName' => 'read', 'arguments' => ['path' => $path]]]];
$tool = fn (string $id, array $payload) => ['role' => 'tool', 'content' => "raw $id",
    'toolResults' => [['id' => $id, 'toolName' => 'read', 'result' => $payload]]];

foreach ([
    'the same list, items in their own slots' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => $long]]],
    'another item in its place' => [['id' => 'z9', 'toolName' => 'grep', 'result' => ['text' => $long . 'y']]],
    'an item behind a reference' => [&$item],
    'two items, the first one new' => [
        ['id' => 'z8', 'toolName' => 'grep', 'result' => ['text' => $long]],
        ['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => $long]],
    ],
] as $case => $with) {
    $results = [['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => $long]]];
    Swapper::$results = &$results;
    Swapper::$with = $with;
    $history = [
        $call('c1', 'a'),
        ['role' => 'tool', 'content' => 'raw c1', 'toolResults' => &$results],
        $call('c2', 'b'),
        $tool('c2', ['blob' => [new Swapper()], 'text' => $long]),
        $call('c3', 'a'),
        $tool('c3', ['text' => 'new a']),
        $call('c4', 'b'),
        $tool('c4', ['text' => 'new b']),
    ];
    $out = toolcompact_compact($history, ['outputTrimBytes' => 100]);
    $list = $out[1]['toolResults'];
    $first = $list[0];
    printf("%s: %d item(s); first %s/%s, text %s; %s\n", $case, count($list), $first['toolName'], $first['id'],
        $first['result']['text'], $out[1]['content']);
    // message 3 was compacted, its user code run once
    echo '  message 3: ', $out[3]['toolResults'][0]['result']['blob'], "\n";
    unset($results);
}

// The list in a slot of its own, its item a reference that user code replaces.
$ritem = ['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => $long]];
Swapper::$results = &$ritem;
Swapper::$with = ['id' => 'z6', 'toolName' => 'find', 'result' => ['text' => $long]];
$history = [
    $call('c1', 'a'),
    ['role' => 'tool', 'content' => 'raw c1', 'toolResults' => [&$ritem]],
    $call('c2', 'b'),
    $tool('c2', ['blob' => [new Swapper()], 'text' => $long]),
    $call('c3', 'a'),
    $tool('c3', ['text' => 'new a']),
    $call('c4', 'b'),
    $tool('c4', ['text' => 'new b']),
];
$out = toolcompact_compact($history, ['outputTrimBytes' => 100]);
$first = $out[1]['toolResults'][0];
printf("an item behind a reference, replaced: %s/%s, text %s; %s\n", $first['toolName'], $first['id'],
    $first['result']['text'], $out[1]['content']);
?>
--EXPECT--
the same list, items in their own slots: 1 item(s); first read/c1, text [omitted]; [tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.
  message 3: [omitted]
another item in its place: 1 item(s); first grep/z9, text [omitted]; [tool_compaction] Tool result compacted for tool=grep, callId=z9. Large fields omitted.
  message 3: [omitted]
an item behind a reference: 1 item(s); first bash/z7, text [omitted]; [tool_compaction] Tool result compacted for tool=bash, callId=z7. Large fields omitted.
  message 3: [omitted]
two items, the first one new: 2 item(s); first grep/z8, text [omitted]; [tool_compaction] Tool result compacted for tool=grep, callId=z8. Large fields omitted.
  message 3: [omitted]
an item behind a reference, replaced: find/z6, text [omitted]; [tool_compaction] Tool result compacted for tool=find, callId=z6. Large fields omitted.
