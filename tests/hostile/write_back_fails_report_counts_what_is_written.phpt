--TEST--
Hostile, provider formats: user code run during the pass (a tokenCounter, a JsonSerializable in another payload) removes the place of a payload the walk compacted, so it cannot be written back - the report counts only what is written (messages, calls, results, fields, saved bytes and tokens, first changed index), as if that payload had never been there to compact
--EXTENSIONS--
toolcompact
--FILE--
<?php
/** Runs $then from its second encoding on: the first is the estimate's, the second the walk's. */
final class Hostile implements JsonSerializable
{
    public int $runs = 0;
    public function __construct(public ?Closure $then = null) {}
    public function jsonSerialize(): mixed
    {
        if (++$this->runs > 1 && $this->then) {
            ($this->then)();
        }
        return str_repeat('j', 400);
    }
}

/** An Anthropic history: three reads of one file, the results SDK-like block objects with a list of text parts. */
function history(object $r1, ?Hostile $hostile): array
{
    $use = fn (string $id, array $input) => ['type' => 'tool_use', 'id' => $id, 'name' => 'read', 'input' => $input];
    $res = fn (string $id) => (object) ['type' => 'tool_result', 'toolUseID' => $id, 'content' => [['type' => 'text', 'text' => str_repeat("$id ", 100)]]];
    return [
        ['role' => 'user', 'content' => 'go'],
        ['role' => 'assistant', 'content' => [$use('t1', ['path' => 'a'])]],
        ['role' => 'user', 'content' => [$r1]],
        ['role' => 'assistant', 'content' => [$use('t2', ['path' => 'a'] + ($hostile ? ['data' => [$hostile]] : []))]],
        ['role' => 'user', 'content' => [$res('t2')]],
        ['role' => 'assistant', 'content' => [$use('t3', ['path' => 'a'])]],
        ['role' => 'user', 'content' => [$res('t3')]],
    ];
}
function result1(): object
{
    return (object) ['type' => 'tool_result', 'toolUseID' => 't1', 'content' => [['type' => 'text', 'text' => str_repeat('t1 ', 100)]]];
}
function figures(array $report): string
{
    $keys = ['messagesChanged', 'callsCompacted', 'resultsCompacted', 'fieldsOmitted', 'savedBytes', 'firstChangedIndex'];
    return implode(', ', array_map(fn ($k) => "$k " . var_export($report[$k], true), $keys))
        . ', saved tokens ' . ($report['tokensBefore'] - $report['tokensAfter']);
}
/** Entries of $out that are not those of $in, by position. */
function changed(array $in, array $out): string
{
    $keys = [];
    foreach ($in as $k => $m) {
        if (json_encode($m) !== json_encode($out[$k])) {
            $keys[] = $k;
        }
    }
    return implode(' ', $keys);
}
$tokens = fn (string $text) => intdiv(strlen($text) + 3, 4);

echo "a tokenCounter sets the first result's content to a string\n";
$r1 = result1();
$h = history($r1, null);
$calls = 0;
$out = toolcompact_compact($h, ['tokenCounter' => function (string $text) use (&$calls, $r1, $tokens) {
    if (++$calls === 1) {
        $r1->content = 'gone';
    }
    return $tokens($text);
}], $report);
echo "  changed entries: ", changed($h, $out), "\n  ", figures($report), "\n";
$gone = history((object) ['type' => 'tool_result', 'toolUseID' => 't1', 'content' => 'gone'], null);
toolcompact_compact($gone, ['tokenCounter' => $tokens], $expected);
echo "  as for a history where it was gone from the start: ", var_export(figures($report) === figures($expected), true), "\n";

echo "a JsonSerializable in a newer call's arguments does the same while the walk measures it\n";
$r1 = result1();
$h = history($r1, $hostile = new Hostile(function () use ($r1) { $r1->content = 'gone'; }));
$out = toolcompact_compact($h, [], $report);
echo "  jsonSerialize ran {$hostile->runs} times\n  changed entries: ", changed($h, $out), "\n  ", figures($report), "\n";
$gone = history((object) ['type' => 'tool_result', 'toolUseID' => 't1', 'content' => 'gone'], new Hostile());
toolcompact_compact($gone, [], $expected);
echo "  as for a history where it was gone from the start: ", var_export(figures($report) === figures($expected), true), "\n";
?>
--EXPECT--
a tokenCounter sets the first result's content to a string
  changed entries: 4
  messagesChanged 1, callsCompacted 0, resultsCompacted 1, fieldsOmitted 1, savedBytes 302, firstChangedIndex 4, saved tokens 75
  as for a history where it was gone from the start: true
a JsonSerializable in a newer call's arguments does the same while the walk measures it
  jsonSerialize ran 3 times
  changed entries: 3 4
  messagesChanged 2, callsCompacted 1, resultsCompacted 1, fieldsOmitted 2, savedBytes 538, firstChangedIndex 3, saved tokens 134
  as for a history where it was gone from the start: true
