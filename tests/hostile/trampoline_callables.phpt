--TEST--
Hostile: tokenCounter, onOmit, summarize and a restore lookup answered by __call ([$obj, 'm']) or __callStatic ([Class::class, 'm']) work on every call, within one pass and across passes, through toolcompact_compact() and the strategy class; one that is resolved and never called leaves nothing behind
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, user, summary};

final class Magic
{
    public array $calls = [];
    public array $store = [];

    public function __call(string $name, array $args): mixed
    {
        $this->calls[$name] = ($this->calls[$name] ?? 0) + 1;
        return match ($name) {
            'count' => 10,
            'omit' => $this->store[$args[0]] = $args[1],
            'summarize' => 'summary of ' . count($args[0]),
            'lookup' => $this->store[$args[0]] ?? null,
        };
    }
}

final class Facade
{
    public static array $calls = [];
    public static array $store = [];

    public static function __callStatic(string $name, array $args): mixed
    {
        self::$calls[$name] = (self::$calls[$name] ?? 0) + 1;
        return match ($name) {
            'count' => 10,
            'omit' => self::$store[$args[0]] = $args[1],
            'summarize' => 'summary of ' . count($args[0]),
            'lookup' => self::$store[$args[0]] ?? null,
        };
    }
}

$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'a.php', 500),
    read_pair('r3', 'a.php', 300));
$strategy = new ToolCompact\ToolCompactionConversationContextStrategy();

// the same callbacks as closures give the expected output
$plain = new Magic();
$closure = fn (string $m) => fn (...$args) => $plain->$m(...$args);
$expected = toolcompact_compact($h, ['tokenCounter' => $closure('count'), 'onOmit' => $closure('omit'), 'trigger' => ['tokens' => 1]]);

$magic = new Magic();
foreach (['magic' => fn (string $m) => [$magic, $m], 'facade' => fn (string $m) => [Facade::class, $m]] as $kind => $cb) {
    $params = ['tokenCounter' => $cb('count'), 'onOmit' => $cb('omit'), 'trigger' => ['tokens' => 1]];
    for ($i = 0; $i < 3; $i++) {
        $out = toolcompact_compact($h, $params, $report);
        $viaClass = $strategy->compact($h, $params);
        printf("%s pass %d: %s, %s, tokensBefore %d, restored %s\n", $kind, $i,
            $out === $expected ? 'compacted' : 'WRONG', $viaClass === $expected ? 'same via the class' : 'WRONG',
            $report['tokensBefore'], toolcompact_restore($out, $cb('lookup')) === $h ? 'yes' : 'no');
    }
    $sha = array_key_first($kind === 'magic' ? $magic->store : Facade::$store);
    printf("%s retrieve: %s %s\n", $kind, toolcompact_retrieve($sha, $cb('lookup')) !== null ? 'found' : 'NULL',
        toolcompact_retrieve($sha, $cb('lookup')) !== null ? 'found' : 'NULL');
    for ($i = 0; $i < 2; $i++) {
        $out = toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => $cb('summarize'), 'tokenCounter' => $cb('count')], $report);
        printf("%s window %d: %d messages, first %s\n", $kind, $i, count($out), json_encode($out[0]['content']));
    }
    // resolved, never called: no trigger reached, no window
    $magic->calls = Facade::$calls = [];
    toolcompact_compact($h, ['tokenCounter' => $cb('count'), 'onOmit' => $cb('omit'), 'summarize' => $cb('summarize'),
        'trigger' => ['messages' => 100]]);
    var_dump(ToolCompact\ToolCompactionStrategyParams::resolve(['tokenCounter' => $cb('count')])['tokenCounter'] === $cb('count'));
    echo "calls: ", json_encode($kind === 'magic' ? $magic->calls : Facade::$calls), "\n";
}
?>
--EXPECT--
magic pass 0: compacted, same via the class, tokensBefore 100, restored yes
magic pass 1: compacted, same via the class, tokensBefore 100, restored yes
magic pass 2: compacted, same via the class, tokensBefore 100, restored yes
magic retrieve: found found
magic window 0: 3 messages, first "[tool_compaction] Summary of 5 earlier messages:\nsummary of 5"
magic window 1: 3 messages, first "[tool_compaction] Summary of 5 earlier messages:\nsummary of 5"
bool(true)
calls: []
facade pass 0: compacted, same via the class, tokensBefore 100, restored yes
facade pass 1: compacted, same via the class, tokensBefore 100, restored yes
facade pass 2: compacted, same via the class, tokensBefore 100, restored yes
facade retrieve: found found
facade window 0: 3 messages, first "[tool_compaction] Summary of 5 earlier messages:\nsummary of 5"
facade window 1: 3 messages, first "[tool_compaction] Summary of 5 earlier messages:\nsummary of 5"
bool(true)
calls: []
