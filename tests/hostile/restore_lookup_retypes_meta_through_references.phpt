--TEST--
toolcompact_restore(): a $lookup that retypes the meta and its omittedFields through PHP references: no crash, the payload restored from the meta as it was when read
--EXTENSIONS--
toolcompact
--FILE--
<?php
$json = json_encode(str_repeat('a', 200));
$sha = hash('sha256', $json);
$placeholder = '[tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.';

function history(array &$meta, string $placeholder): array
{
    return [[
        'role' => 'tool', 'content' => $placeholder, 'toolCalls' => [],
        'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['text' => '[omitted]', 'note' => '[omitted]', '_tool_compaction' => &$meta]]],
    ]];
}

// 1. the whole meta becomes an integer
$meta = ['thresholdBytes' => 1,
    'omittedFields' => ['text' => ['bytes' => strlen($json), 'sha256' => $sha], 'note' => ['bytes' => 3, 'sha256' => str_repeat('0', 64)]],
    'content' => ['bytes' => strlen($json), 'sha256' => $sha]];
$out = toolcompact_restore(history($meta, $placeholder), function (string $s) use (&$meta, $json) {
    $meta = 42;
    return $json;
});
$message = $out[0];
var_dump(strlen($message['content']), strlen($message['toolResults'][0]['result']['text']));
var_dump($message['toolResults'][0]['result']['note']);
echo implode(',', array_keys($message['toolResults'][0]['result']['_tool_compaction']['omittedFields'])), "\n";
var_dump(isset($message['toolResults'][0]['result']['_tool_compaction']['content']), $meta);

// 2. the omittedFields list, held only through a reference, becomes an integer
$fields = ['text' => ['bytes' => strlen($json), 'sha256' => $sha], 'note' => ['bytes' => 3, 'sha256' => str_repeat('0', 64)]];
$meta = ['thresholdBytes' => 1, 'omittedFields' => &$fields];
$out = toolcompact_restore(history($meta, $placeholder), function (string $s) use (&$fields, $json) {
    $fields = 7;
    return $json;
});
$result = $out[0]['toolResults'][0]['result'];
var_dump(strlen($result['text']), $result['note']);
echo implode(',', array_keys($result['_tool_compaction']['omittedFields'])), "\n";
var_dump($fields);
?>
--EXPECT--
int(200)
int(200)
string(9) "[omitted]"
note
bool(false)
int(42)
int(200)
string(9) "[omitted]"
note
int(7)
