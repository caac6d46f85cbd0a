--TEST--
toolcompact_format() of an object history agrees with the pass: null for a Traversable of provider messages (the pass reports unreadable) and for an object that is no list (notAList), "adachsoft" for a collection of DTOs; a collection is iterated as the pass iterates it, and one that throws counts as no list
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Messages implements IteratorAggregate
{
    public int $iterated = 0;

    public function __construct(private array $messages, private bool $throws = false)
    {
    }

    public function getIterator(): Iterator
    {
        $this->iterated++;
        if ($this->throws) {
            throw new RuntimeException('no');
        }
        return new ArrayIterator($this->messages);
    }
}
$openai = [['role' => 'user', 'content' => 'hi'],
    ['role' => 'assistant', 'content' => null, 'tool_calls' => [['id' => 'c1', 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{}']]]],
    ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => 'x']];
$dto = (object) ['role' => 'user', 'content' => 'hi', 'toolCalls' => [], 'toolResults' => []];
$cases = [
    'ArrayIterator of openai messages' => new ArrayIterator($openai),
    'IteratorAggregate of gemini contents' => new Messages([['role' => 'model', 'parts' => [['text' => 'hi']]]]),
    'ArrayIterator of DTOs' => new ArrayIterator([$dto]),
    'empty ArrayIterator' => new ArrayIterator([]),
    'IteratorAggregate that throws' => new Messages([$dto], true),
    'a stdClass (no list)' => new stdClass(),
];
foreach ($cases as $label => $history) {
    $format = toolcompact_format($history);
    toolcompact_compact($history, [], $report);
    printf("%s: %s; the pass: %s, %s\n", $label, var_export($format, true),
        var_export($report['applied'], true), $report['reason'] ?? $report['format']);
}
echo 'iterated once per call: ', $cases['IteratorAggregate of gemini contents']->iterated, "\n";
?>
--EXPECT--
ArrayIterator of openai messages: NULL; the pass: false, unreadable
IteratorAggregate of gemini contents: NULL; the pass: false, unreadable
ArrayIterator of DTOs: 'adachsoft'; the pass: true, adachsoft
empty ArrayIterator: 'adachsoft'; the pass: true, adachsoft
IteratorAggregate that throws: NULL; the pass: false, notAList
a stdClass (no list): NULL; the pass: false, notAList
iterated once per call: 2
