--TEST--
adachsoft with an option of ours (SPEC Part 4, never larger): measuring a payload runs the jsonSerialize() of an object in a kept field; one that throws leaves the payload as it is (nothing counted, nothing offered, the exception not thrown), one that changes the history through a reference or in its object changes nothing the pass holds, and exit() inside stays pending
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Throws implements JsonSerializable
{
    public function jsonSerialize(): mixed { throw new RuntimeException('no'); }
}
final class Meddles implements JsonSerializable
{
    public int $runs = 0;
    public function __construct(private array &$history) {}
    public function jsonSerialize(): mixed
    {
        $this->runs++;
        $this->history = [];                 // the caller's history, through a reference
        return ['seen' => str_repeat('m', 50)];
    }
}
$history = static fn (object $o): array => [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'toolName' => 'read', 'arguments' => ['p' => 'a']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => [
        ['id' => 'c1', 'toolName' => 'read', 'result' => ['out' => str_repeat('o', 2000), 'obj' => $o]],
    ]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c2', 'toolName' => 'read', 'arguments' => ['p' => 'a']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => ['out' => 'ok']]]],
];

$offered = 0;
$params = ['keepRecentMessages' => 0, 'onOmit' => function () use (&$offered) { $offered++; }];
$h = $history(new Throws());
$out = toolcompact_compact($h, $params, $report);
printf("throws: same %s, results %d, fields %d, onOmit %d\n", var_export($out === $h, true),
    $report['resultsCompacted'], $report['fieldsOmitted'], $offered);
// without options of ours the package's rule: the 2000 bytes are omitted, the object kept
$out = toolcompact_compact($h, ['outputTrimBytes' => 100]);
echo 'package: ', $out[1]['toolResults'][0]['result']['out'], "\n";

$h = [];
$m = new Meddles($h);
$h = $history($m);
$copy = $h;
$out = toolcompact_compact($h, $params, $report);
printf("meddles: ran %s, out %s, results %d, history emptied %s\n", $m->runs > 0 ? 'yes' : 'no',
    $out[1]['toolResults'][0]['result']['out'], $report['resultsCompacted'], var_export($h === [], true));

final class Leaves implements JsonSerializable
{
    public function jsonSerialize(): mixed { exit("exit inside\n"); }
}
register_shutdown_function(fn () => print("shut down\n"));
toolcompact_compact($history(new Leaves()), $params);
echo "not reached\n";
?>
--EXPECT--
throws: same true, results 0, fields 0, onOmit 0
package: [omitted]
meddles: ran yes, out [omitted], results 1, history emptied true
exit inside
shut down
