--TEST--
The arrays a pass makes behave as PHP's own: a changed message, list and item keep the internal pointer and next free index of PHP's copy and drop a reference only they held; every new array (message, list, item, payload, meta, omittedFields, entry) takes inserts, grows, loses keys and is looked up like an array PHP built
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{assistant, tool, call, result, placeholder, omitted_entry, expect_output};

$big = str_repeat('x', 300);

// A tool message whose role is a PHP reference nothing else holds, with its
// internal pointer moved on; a list that lost its last element (next free
// index 2, one element); a result item with its pointer moved on and an id
// that is a reference of its own.
$message = [];
$role = 'tool';
$message['role'] = &$role;
unset($role);
$message['content'] = 'raw';
$message['toolCalls'] = [];
$id = 'c1';
$item = ['id' => 'c1', 'toolName' => 'read'];
$item['id'] = &$id;
unset($id);
$item['result'] = ['big' => $big, 'small' => 1];
next($item);
$message['toolResults'] = [$item, 'dropped'];
unset($message['toolResults'][1]);
next($message);
next($message);

$history = [assistant([call('c1', 'read', ['path' => 'a'])]), $message,
    assistant([call('c2', 'read', ['path' => 'a'])]), tool([result('c2', 'read', [])])];
$out = toolcompact_compact($history, ['toolIdentifierFields' => ['read' => ['path']]]);

$payload = ['big' => '[omitted]', 'small' => 1,
    '_tool_compaction' => ['thresholdBytes' => 100, 'omittedFields' => ['big' => omitted_entry($big)]]];
expect_output($out[1], ['role' => 'tool', 'content' => placeholder('read', 'c1'), 'toolCalls' => [],
    'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => $payload]]]);

// What PHP's copy-on-write makes of the same arrays when it changes them.
$phpItem = $history[1]['toolResults'][0];
$phpItem['result'] = $payload;
$phpList = $history[1]['toolResults'];
$phpList[0] = $phpItem;
$phpMessage = $history[1];
$phpMessage['content'] = placeholder('read', 'c1');
$phpMessage['toolResults'] = $phpList;

/** The internal pointer's key, which keys are PHP references, and the key an append gets. */
function shape(array $a): array
{
    $refs = [];
    foreach ($a as $k => $v) {
        if (ReflectionReference::fromArrayElement($a, $k) !== null) {
            $refs[] = $k;
        }
    }
    $pointer = key($a);
    $a[] = 'appended';
    return ['pointer' => $pointer, 'references' => $refs, 'append' => array_key_last($a)];
}

foreach (['message' => [$out[1], $phpMessage], 'list' => [$out[1]['toolResults'], $phpList],
        'item' => [$out[1]['toolResults'][0], $phpItem]] as $name => [$ours, $php]) {
    echo $name, ': ', json_encode(shape($ours)), shape($ours) === shape($php) ? '' : ' DIFFERS FROM PHP ' . json_encode(shape($php)), "\n";
}

/*
 * Each new array, and a copy PHP builds of it key by key: the same string
 * and integer inserts (enough to grow any table several times), removals
 * and appends on both, then every key looked up in ours.
 */
$paths = ['message' => [1], 'list' => [1, 'toolResults'], 'item' => [1, 'toolResults', 0],
    'payload' => [1, 'toolResults', 0, 'result'], 'meta' => [1, 'toolResults', 0, 'result', '_tool_compaction'],
    'omittedFields' => [1, 'toolResults', 0, 'result', '_tool_compaction', 'omittedFields'],
    'entry' => [1, 'toolResults', 0, 'result', '_tool_compaction', 'omittedFields', 'big']];
foreach ($paths as $name => $path) {
    $ours = $out;
    $a = &$ours;
    foreach ($path as $k) {
        $a = &$a[$k];
    }
    $built = [];
    foreach ($a as $k => $v) {
        $built[$k] = $v;
    }
    $errors = 0;
    foreach ([&$a, &$built] as &$arr) {
        for ($i = 0; $i < 70; $i++) {
            $arr["key$i"] = $i;
            $arr[1000 + 2 * $i] = -$i; // (the appends take the odd keys)
            if ($i % 3 === 0) {
                unset($arr['key' . intdiv($i, 2)]);
            }
            if ($i % 10 === 0) {
                $arr[] = "appended $i";
            }
        }
    }
    unset($arr);
    foreach ($built as $k => $v) {
        if (!array_key_exists($k, $a) || $a[$k] !== $v) {
            $errors++;
        }
    }
    if (serialize($a) !== serialize($built) || count($a) !== count($built)) {
        $errors++;
    }
    unset($a);
    printf("%s: %d keys after the inserts, %d errors; the output itself unchanged: %s\n", $name, count($built), $errors,
        var_export(serialize($out[1]) === serialize($phpMessage), true));
}
?>
--EXPECT--
output as expected
message: {"pointer":"toolCalls","references":[],"append":0}
list: {"pointer":0,"references":[],"append":2}
item: {"pointer":"toolName","references":[],"append":0}
message: 127 keys after the inserts, 0 errors; the output itself unchanged: true
list: 124 keys after the inserts, 0 errors; the output itself unchanged: true
item: 126 keys after the inserts, 0 errors; the output itself unchanged: true
payload: 126 keys after the inserts, 0 errors; the output itself unchanged: true
meta: 125 keys after the inserts, 0 errors; the output itself unchanged: true
omittedFields: 124 keys after the inserts, 0 errors; the output itself unchanged: true
entry: 125 keys after the inserts, 0 errors; the output itself unchanged: true
