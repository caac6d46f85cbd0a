--TEST--
toolcompact_readback_next(): a lookup that re-enters it, then one that calls exit(), which ends the script
--EXTENSIONS--
toolcompact
--FILE--
<?php
$payload = '{"a":1}';
$sha = hash('sha256', $payload);
$ask = json_encode(['type' => 'message', 'content' => [
    ['type' => 'tool_use', 'id' => 't1', 'name' => 'read_omitted', 'input' => ['sha256' => $sha]]]]);
$depth = 0;
$lookup = function (string $s) use (&$lookup, &$depth, $ask, $payload) {
    $round = ++$depth;
    if ($round <= 3) {
        $inner = toolcompact_readback_next('{"messages":[]}', $ask, $lookup);
        echo "inner round $round: ", json_decode($inner)->messages[1]->content[0]->content, "\n";
    }
    return $payload;
};
$next = toolcompact_readback_next('{"messages":[]}', $ask, $lookup);
echo "outer: ", json_decode($next)->messages[1]->content[0]->content, "\n";
register_shutdown_function(fn() => print("shutdown\n"));
toolcompact_readback_next('{"messages":[]}', $ask, function () { exit("exit in lookup\n"); });
echo "not reached\n";
?>
--EXPECT--
inner round 3: {"a":1}
inner round 2: {"a":1}
inner round 1: {"a":1}
outer: {"a":1}
exit in lookup
shutdown
