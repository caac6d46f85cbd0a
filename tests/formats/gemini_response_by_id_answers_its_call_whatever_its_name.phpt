--TEST--
gemini: a response that gives its id answers the call of that id even under another name, so a later response without an id answers the oldest call of its name that is still unanswered (SPEC Part 4)
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('o', 300);
$call = fn (?string $id, string $cmd) => ['role' => 'model', 'parts' => [['functionCall' => array_filter(['id' => $id, 'name' => 'bash', 'args' => ['cmd' => $cmd]])]]];
$response = fn (?string $id, string $name) => ['role' => 'user', 'parts' => [['functionResponse' => array_filter(['id' => $id, 'name' => $name, 'response' => ['out' => $big]])]]];
$history = [
    ['role' => 'user', 'parts' => [['text' => 'go']]],
    $call('c1', 'a'),
    $response('c1', 'renamed'),   // answers c1 by its id, under another name
    $call('c2', 'b'),
    $response(null, 'bash'),      // no id: the oldest unanswered bash call, c2
    $call('c3', 'c'),
    $response('c3', 'bash'),
];
$seen = [];
toolcompact_compact($history, ['format' => 'gemini', 'onOmit' => function (string $sha256, string $json, array $where) use (&$seen) {
    $seen[] = "message {$where['messageIndex']}: callId {$where['callId']}, {$where['payload']} field {$where['field']}";
}]);
echo implode("\n", $seen), "\n"; // (the walk goes from the newest message back)
?>
--EXPECT--
message 4: callId c2, result field out
message 2: callId c1, result field out
