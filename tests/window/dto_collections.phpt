--TEST--
Window, SPEC Part 6 on the object shape (SPI DTO collections, documented and variadic): the output is a new collection of the history's class, kept messages are the very same objects, summarize gets the dropped objects; a string summary is a copy of the oldest dropped message (its class, role user, the prefixed text, empty call and result collections of their own classes); an object of that class is used as it is; an array, another class, or an oldest dropped message that cannot take the fields is a failure (no summary); a collection that cannot be rebuilt gives the pass's output
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload();

// 0 assistant calling c1, 1 tool result c1, 2 user, 3 assistant, 4 user
$arrays = [
    ['role' => 'assistant', 'content' => 'calling', 'toolCalls' => [['id' => 'c1', 'toolName' => 'read', 'arguments' => ['path' => 'a']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['out' => 'A']]]],
    ['role' => 'user', 'content' => 'u2', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'assistant', 'content' => 'a3', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'user', 'content' => 'u4', 'toolCalls' => [], 'toolResults' => []],
];

/** Each message of $out: "in[i]" when it is the very object $in[i], else its class and fields. */
function describe(iterable $out, array $in): string
{
    $lines = [];
    foreach ($out as $m) {
        $i = array_search($m, $in, true);
        $lines[] = $i !== false ? "in[$i]" : sprintf('new %s role=%s content=%s calls=%s(%d) results=%s(%d)',
            get_class($m), $m->role, json_encode($m->content), get_class($m->toolCalls), iterator_count($m->toolCalls),
            get_class($m->toolResults), iterator_count($m->toolResults));
    }
    return implode(', ', $lines);
}

function window(array $r): string
{
    return "dropped {$r['messagesDropped']} from {$r['droppedFrom']} to {$r['droppedTo']}, met "
        . var_export($r['windowMet'], true) . ', used ' . var_export($r['summaryUsed'], true)
        . ', failed ' . var_export($r['summaryFailed'], true);
}

foreach ([false, true] as $variadic) {
    $dto = spi_from_arrays($arrays, variadic: $variadic);
    $in = iterator_to_array($dto);
    $before = serialize($dto);
    echo '== ', get_class($dto), "\n";

    // maxMessages 2: smallest cut 3; c1's call and result are both dropped
    $out = toolcompact_compact($dto, ['maxMessages' => 2], $report);
    echo get_class($out), ' ', $out === $dto ? 'same' : 'new', ': ', describe($out, $in), ' | ', window($report), "\n";

    // a string summary, maxMessages 3: smallest cut 3 (2 kept + the summary); the summary is a copy of
    // message 0 (an assistant holding a call) with role user, the text and empty lists
    $got = null;
    $out = toolcompact_compact($dto, ['maxMessages' => 3, 'summarize' => function (array $dropped) use (&$got): string {
        $got = $dropped;
        return 'gist';
    }], $report);
    echo 'string: ', describe($out, $in), ' | ', window($report), "\n";
    echo '  handed the very objects 0 1 2: ', var_export($got === [$in[0], $in[1], $in[2]], true), "\n";

    // an object of the class of the oldest dropped message: used as it is
    $mine = iterator_to_array(spi_from_arrays([['role' => 'user', 'content' => 'mine', 'toolCalls' => [], 'toolResults' => []]], variadic: $variadic))[0];
    $out = toolcompact_compact($dto, ['maxMessages' => 3, 'summarize' => fn (array $d) => $mine], $report);
    echo 'own object: ', iterator_to_array($out)[0] === $mine ? 'the very object' : 'OTHER', ' | ', window($report), "\n";

    // an array in an object history, an object of another class: failures, a plain drop
    $failures = [
        'array' => ['role' => 'user', 'content' => 'x', 'toolCalls' => [], 'toolResults' => []],
        'stdClass' => (object) ['role' => 'user', 'content' => 'x', 'toolCalls' => [], 'toolResults' => []],
        'other DTO class' => iterator_to_array(spi_from_arrays([['role' => 'user', 'content' => 'x', 'toolCalls' => [], 'toolResults' => []]], variadic: !$variadic))[0],
    ];
    foreach ($failures as $label => $returned) {
        $out = toolcompact_compact($dto, ['maxMessages' => 3, 'summarize' => fn (array $d) => $returned], $report);
        echo "$label: ", describe($out, $in), ' | ', window($report), "\n";
    }
    // the input is untouched: message 0 still an assistant with its call
    echo 'input untouched: ', var_export(serialize($dto) === $before && $in[0]->role === 'assistant', true), "\n";
}

echo "== a collection whose constructor refuses the kept messages\n";
final class AtLeastThree implements IteratorAggregate
{
    private array $items;

    public function __construct(iterable $items)
    {
        $list = [...$items];
        if (count($list) < 3) {
            throw new LengthException('three at least');
        }
        $this->items = $list;
    }

    public function getIterator(): ArrayIterator
    {
        return new ArrayIterator($this->items);
    }
}
$strict = new AtLeastThree(iterator_to_array(spi_from_arrays($arrays)));
// maxMessages 2 would keep 3 and 4 only: the rebuild fails, the pass's output (here the history
// itself, nothing to compact) is returned and nothing counts as dropped
$out = toolcompact_compact($strict, ['maxMessages' => 2], $report);
echo $out === $strict ? 'the pass\'s output' : 'OTHER', ', dropped ', $report['messagesDropped'], ', from ', var_export($report['droppedFrom'], true), "\n";

echo "== an oldest dropped message that cannot take the summary's fields: a failure, no summary\n";
class Bag implements IteratorAggregate
{
    private array $items;

    public function __construct(iterable $items)
    {
        $this->items = [...$items];
    }

    public function getIterator(): ArrayIterator
    {
        return new ArrayIterator($this->items);
    }
}
final class Msg
{
    public function __construct(public string $role, public ?string $content)
    {
    }
}
final class IntRole // role is typed int: it refuses 'user'
{
    public int $role = 1;
    public ?string $content = 'c';
}
final class NoContent // no content property
{
    public string $role = 'assistant';
}
final class NonEmptyCalls extends Bag // its constructor refuses the empty list the summary needs
{
    public function __construct(iterable $items)
    {
        parent::__construct($items);
        if (iterator_count($this->getIterator()) === 0) {
            throw new LengthException('no calls');
        }
    }
}
final class CallsMsg
{
    public function __construct(public string $role, public ?string $content, public NonEmptyCalls $toolCalls)
    {
    }
}
// 0 the odd message, 1 user, 2 assistant, 3 user; maxMessages 2 with a summary: smallest cut 3,
// 0 1 2 dropped; the summary cannot be made, so only 3 is kept
$call = new AdachSoft\AiAgent\Spi\Conversation\Dto\ToolCallDto('z', 'read', []);
foreach ([new IntRole(), new CallsMsg('assistant', 'a0', new NonEmptyCalls([$call])), new NoContent()] as $odd) {
    $in = [$odd, new Msg('user', 'u1'), new Msg('assistant', 'a2'), new Msg('user', 'u3')];
    $out = toolcompact_compact(new Bag($in), ['maxMessages' => 2, 'summarize' => fn (array $d): string => 'S'], $report);
    // only compared (===), never read: what stands in the summary's place may not be sound
    $kept = [];
    foreach ($out as $m) {
        $i = array_search($m, $in, true);
        $kept[] = $i === false ? 'SOMETHING ELSE' : "in[$i]";
    }
    echo get_class($odd), ': ', implode(', ', $kept), ' | ', window($report), "\n";
}
?>
--EXPECT--
== AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDtoCollection
AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDtoCollection new: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed false
string: new AdachSoft\AiAgent\Spi\Conversation\Dto\ConversationMessageDto role=user content="[tool_compaction] Summary of 3 earlier messages:\ngist" calls=AdachSoft\AiAgent\Spi\Conversation\Dto\ToolCallDtoCollection(0) results=AdachSoft\AiAgent\Spi\Conversation\Dto\ToolCallResultDtoCollection(0), in[3], in[4] | dropped 3 from 0 to 2, met true, used true, failed false
  handed the very objects 0 1 2: true
own object: the very object | dropped 3 from 0 to 2, met true, used true, failed false
array: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed true
stdClass: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed true
other DTO class: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed true
input untouched: true
== Spi\Variadic\Messages
Spi\Variadic\Messages new: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed false
string: new Spi\Variadic\Message role=user content="[tool_compaction] Summary of 3 earlier messages:\ngist" calls=Spi\Variadic\Calls(0) results=Spi\Variadic\Results(0), in[3], in[4] | dropped 3 from 0 to 2, met true, used true, failed false
  handed the very objects 0 1 2: true
own object: the very object | dropped 3 from 0 to 2, met true, used true, failed false
array: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed true
stdClass: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed true
other DTO class: in[3], in[4] | dropped 3 from 0 to 2, met true, used false, failed true
input untouched: true
== a collection whose constructor refuses the kept messages
the pass's output, dropped 0, from NULL
== an oldest dropped message that cannot take the summary's fields: a failure, no summary
IntRole: in[3] | dropped 3 from 0 to 2, met true, used false, failed true
CallsMsg: in[3] | dropped 3 from 0 to 2, met true, used false, failed true
NoContent: in[3] | dropped 3 from 0 to 2, met true, used false, failed true
