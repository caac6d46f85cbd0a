--TEST--
gemini: onOmit's callId of a response that gives no id is its walk id, the id of the call it answers (gemini:{entry}:{part} for a call that repeats an earlier call's id), in the call's own entry as in a later one; a call's callId is the id it gives
--EXTENSIONS--
toolcompact
--FILE--
<?php
$long = str_repeat('o', 200);
$call = fn (string $id) => ['functionCall' => ['id' => $id, 'name' => 'bash', 'args' => ['command' => 'ls']]];
$response = fn (?string $id) => ['functionResponse' => ($id === null ? [] : ['id' => $id]) + ['name' => 'bash', 'response' => ['output' => $long]]];
$histories = [
    'same entry' => [
        ['role' => 'model', 'parts' => [$call('call_0')]],
        ['role' => 'user', 'parts' => [$response('call_0')]],
        ['role' => 'model', 'parts' => [$call('call_0'), $response(null)]],
        ['role' => 'model', 'parts' => [$call('call_9')]],
        ['role' => 'user', 'parts' => [$response('call_9')]],
    ],
    'later entry' => [
        ['role' => 'model', 'parts' => [$call('call_0')]],
        ['role' => 'user', 'parts' => [$response('call_0')]],
        ['role' => 'model', 'parts' => [$call('call_0')]],
        ['role' => 'user', 'parts' => [$response(null)]],
        ['role' => 'model', 'parts' => [$call('call_9')]],
        ['role' => 'user', 'parts' => [$response('call_9')]],
    ],
];
foreach ($histories as $label => $history) {
    $ids = [];
    // the latest bash result (call_9's) is kept as it is
    toolcompact_compact($history, ['format' => 'gemini', 'outputTrimBytes' => 10,
        'onOmit' => function (string $sha256, string $json, array $where) use (&$ids): void {
            $ids[] = "{$where['messageIndex']}:{$where['payload']}:{$where['callId']}";
        }]);
    echo $label, ': ', implode(' ', $ids), "\n";
}
?>
--EXPECT--
same entry: 2:result:gemini:2:0 1:result:call_0
later entry: 3:result:gemini:2:0 1:result:call_0
