--TEST--
toolcompact_compact_request(): what onOmit or tokenCounter throws reaches the caller, nothing is returned and $report is not written; a summary whose JsonSerializable throws leaves the body as it is, reason notEncodable (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
$big = str_repeat('v', 300);
$call = fn ($id) => '{"role":"assistant","content":null,"tool_calls":[{"id":"' . $id . '","type":"function","function":{"name":"f","arguments":"{\"q\":\"' . $big . '\"}"}}]}';
$body = '{"messages":[' . $call('a') . ',' . $call('b') . ']}';
foreach ([
    'onOmit' => ['onOmit' => function () { throw new RuntimeException('store down'); }],
    'tokenCounter' => ['tokenCounter' => function () { throw new LogicException('no counter'); }, 'trigger' => ['tokens' => 1]],
    'tokenCounter in the window' => ['tokenCounter' => function ($t) { static $n = 0; if (++$n > 2) { throw new DomainException('late'); } return 1; }, 'maxTokensWindow' => 1],
] as $name => $params) {
    $report = 'untouched';
    $out = 'none';
    try {
        $out = toolcompact_compact_request($body, $params, $report);
    } catch (Exception $e) {
        echo $name, ': ', get_class($e), ' ', $e->getMessage(), ', out ', $out, ', report ', $report, "\n";
    }
}
class Bad implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        throw new RuntimeException('cannot');
    }
}
$history = '[{"role":"user","content":"one"},{"role":"user","content":"two"},{"role":"user","content":"three"}]';
foreach ([fn () => ['role' => 'user', 'content' => [new Bad()]], fn () => ['role' => 'user', 'content' => NAN]] as $summarize) {
    $out = toolcompact_compact_request('{"messages":' . $history . '}', ['maxMessages' => 1, 'summarize' => $summarize], $report);
    echo $out === '{"messages":' . $history . '}' ? 'same' : 'changed', ', ', $report['reason'], ', format ', json_encode($report['format']), "\n";
}
echo json_last_error_msg(), "\n";
?>
--EXPECT--
onOmit: RuntimeException store down, out none, report untouched
tokenCounter: LogicException no counter, out none, report untouched
tokenCounter in the window: DomainException late, out none, report untouched
same, notEncodable, format null
same, notEncodable, format null
No error
