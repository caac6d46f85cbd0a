--TEST--
user code run during the pass (a JsonSerializable being measured) grows payloads the pass has not come to yet, through PHP references at each level, in a newer message or earlier in the same one, or in an object in place: each is compacted as it is when the pass comes to it
--EXTENSIONS--
toolcompact
--FILE--
<?php
/* Runs its change when measured (it is in a payload the pass compacts). */
final class Grow implements JsonSerializable
{
    public function __construct(private ?Closure $change)
    {
    }

    public function jsonSerialize(): mixed
    {
        if ($this->change) {
            ($this->change)();
            $this->change = null;
        }
        return 'measured';
    }
}

$big = str_repeat('g', 500);
$want = ['bytes' => 500, 'sha256' => hash('sha256', json_encode($big))];
$read = fn (string $id, $result) => ['id' => $id, 'toolName' => 'read', 'result' => $result];
$call = fn (string $id, array $arguments = []) => ['id' => $id, 'toolName' => 'read', 'arguments' => $arguments];
$omitted = fn ($payload, string $key) => is_array($payload) && ($payload[$key] ?? null) === '[omitted]'
    && ($payload['_tool_compaction']['omittedFields'][$key] ?? null) === $want;
$params = ['outputTrimBytes' => 100, 'inputTrimBytes' => 100];

// 1. An array history. Each payload is small when the pass starts and is
// grown, through a PHP reference, by a Grow the pass measures before it
// comes to that payload: in a newer message (its field, its whole payload,
// its item, its list), or earlier in the same message (a result before it
// in the list, which is walked last to first; a result before a call).
$field = 'tiny';
$payload = ['text' => 'tiny'];
$item = $read('c3', ['text' => 'tiny']);
$list = [$read('c4', ['text' => 'tiny'])];
$sameField = 'tiny';
$sameItem = $read('c6', ['text' => 'tiny']);
$sameArgument = 'tiny';
$samePayload = ['text' => 'tiny'];
$history = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [$call('c1'), $call('c2'), $call('c3'), $call('c4')], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [$read('c1', ['text' => &$field])]],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => &$payload]]],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [&$item]],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => &$list],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [$call('c5'), $call('c6'), $call('c6b'), $call('c7')], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [$call('c8', ['cmd' => &$sameArgument])], 'toolResults' => [
        $read('c5', ['text' => &$sameField]),
        &$sameItem,
        ['id' => 'c6b', 'toolName' => 'read', 'result' => &$samePayload],
        $read('c7', ['blob' => [new Grow(function () use (&$sameField, &$sameItem, &$samePayload, &$sameArgument, $read, $big) {
            $sameField = $big;
            $sameItem = $read('c6', ['text' => $big]);
            $samePayload = ['text' => $big];
            $sameArgument = $big;
        })], 'text' => $big]),
    ]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [$call('c9')], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [$read('c9', ['blob' => [new Grow(function () use (&$field, &$payload, &$item, &$list, $read, $big) {
        $field = $big;
        $payload = ['text' => $big];
        $item['result'] = ['text' => $big];
        $list = [$read('c4', ['text' => $big])];
    })], 'text' => $big])]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [$call('c10')], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [$read('c10', ['text' => 'newest'])]],
];
$out = toolcompact_compact($history, $params);
$checks = [
    'a newer message, through its field' => $out[1]['toolResults'][0]['result'],
    'a newer message, through its payload' => $out[2]['toolResults'][0]['result'],
    'a newer message, through its item' => $out[3]['toolResults'][0]['result'],
    'a newer message, through its list' => $out[4]['toolResults'][0]['result'],
    'the same message, through a field of an earlier result' => $out[6]['toolResults'][0]['result'],
    'the same message, through an earlier result' => $out[6]['toolResults'][1]['result'],
    'the same message, through the payload of an earlier result' => $out[6]['toolResults'][2]['result'],
];
foreach ($checks as $what => $result) {
    echo "array history, grown from $what: ", $omitted($result, 'text') ? 'omitted as grown' : json_encode($result), "\n";
}
$arguments = $out[6]['toolCalls'][0]['arguments'];
echo "array history, grown from the same message, through a call's argument: ",
    $omitted($arguments, 'cmd') ? 'omitted as grown' : json_encode($arguments), "\n";

// 2. A history of plain objects, changed in place by a Grow in the same
// message.
$messages = [
    (object) ['role' => 'assistant', 'content' => null, 'toolCalls' => [(object) $call('c1'), (object) $call('c2')], 'toolResults' => []],
    (object) ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [(object) $read('c1', ['text' => 'tiny']), (object) $read('c2', [])]],
    (object) ['role' => 'assistant', 'content' => null, 'toolCalls' => [(object) $call('c3')], 'toolResults' => []],
    (object) ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [(object) $read('c3', ['text' => 'newest'])]],
];
$messages[1]->toolResults[1]->result = ['blob' => [new Grow(function () use ($messages, $big) {
    $messages[1]->toolResults[0]->result = ['text' => $big];
})], 'text' => $big];
$out = iterator_to_array(toolcompact_compact(new ArrayIterator($messages), $params));
$result = $out[1]->toolResults[0]->result;
echo "object history, changed in place from the same message: ", $omitted($result, 'text') ? 'omitted as grown' : json_encode($result), "\n";
?>
--EXPECT--
array history, grown from a newer message, through its field: omitted as grown
array history, grown from a newer message, through its payload: omitted as grown
array history, grown from a newer message, through its item: omitted as grown
array history, grown from a newer message, through its list: omitted as grown
array history, grown from the same message, through a field of an earlier result: omitted as grown
array history, grown from the same message, through an earlier result: omitted as grown
array history, grown from the same message, through the payload of an earlier result: omitted as grown
array history, grown from the same message, through a call's argument: omitted as grown
object history, changed in place from the same message: omitted as grown
