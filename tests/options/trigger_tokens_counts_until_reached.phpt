--TEST--
trigger.tokens without a report: the estimate stops once the threshold is reached, and is not made when trigger.messages or trigger.turns already is; a report still counts every text; minSavedBytes measures exactly after a stopped estimate
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=0
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{estimate, read_pair, user};

// 9 messages, 13 texts: "go"; then per read pair the call's arguments, the
// tool message's content and its result. All but the newest result are
// compacted (one group for the tool).
$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'b.php', 500),
    read_pair('r3', 'a.php', 300), read_pair('r4', 'b.php', 200));
$compacted = toolcompact_compact($h);
$calls = 0;
$ten = function (string $json) use (&$calls): int {
    $calls++;
    return 10;
};

// minSavedBytes after an estimate that stopped at message 2: of the three
// changed messages (2, 4, 6) only the first has an estimate from it.
$saved = 0;
foreach ([2, 4, 6] as $i) {
    $saved += estimate($h[$i])[0] - estimate($compacted[$i])[0];
}
foreach ([$saved, $saved + 1] as $gate) {
    $calls = 0;
    $out = toolcompact_compact($h, ['trigger' => ['tokens' => 35], 'tokenCounter' => $ten, 'minSavedBytes' => $gate]);
    printf("minSavedBytes %s: counter calls %d, %s\n", $gate === $saved ? 'saved' : 'saved + 1', $calls,
        $out === $compacted ? 'compacted' : ($out === $h ? 'unchanged' : 'WRONG'));
}

$cases = [
    // 10 + 10 + 20 (message 2 holds two texts): reached after the third message
    'tokens 35' => [['tokens' => 35], false],
    'tokens 40' => [['tokens' => 40], false],
    'tokens 41' => [['tokens' => 41], false],
    'tokens 130 (the total)' => [['tokens' => 130], false],
    'tokens 131' => [['tokens' => 131], false],
    'tokens 0' => [['tokens' => 0], false],
    'tokens 35, messages 9' => [['tokens' => 35, 'messages' => 9], false],
    'tokens 1000, turns 1' => [['tokens' => 1000, 'turns' => 1], false],
    'tokens 1000, turns 2' => [['tokens' => 1000, 'turns' => 2], false],
    'tokens 35, report' => [['tokens' => 35], true],
];
foreach ($cases as $name => [$trigger, $withReport]) {
    $calls = 0;
    $params = ['trigger' => $trigger, 'tokenCounter' => $ten];
    $out = $withReport ? toolcompact_compact($h, $params, $report) : toolcompact_compact($h, $params);
    printf("%-24s counter calls %2d, %s\n", $name, $calls,
        $out === $compacted ? 'compacted' : ($out === $h ? 'unchanged' : 'WRONG'));
}

// The default estimate (bytes / 4) stops too: the same decisions.
$tokens = 0;
foreach ($h as $m) {
    $tokens += estimate($m)[1];
}
foreach ([$tokens, $tokens + 1] as $t) {
    $out = toolcompact_compact($h, ['trigger' => ['tokens' => $t]]);
    echo $t === $tokens ? 'total' : 'total + 1', ': ', $out === $compacted ? 'compacted' : ($out === $h ? 'unchanged' : 'WRONG'), "\n";
}
?>
--EXPECT--
minSavedBytes saved: counter calls 4, compacted
minSavedBytes saved + 1: counter calls 4, unchanged
tokens 35                counter calls  4, compacted
tokens 40                counter calls  4, compacted
tokens 41                counter calls  5, compacted
tokens 130 (the total)   counter calls 13, compacted
tokens 131               counter calls 13, unchanged
tokens 0                 counter calls  0, compacted
tokens 35, messages 9    counter calls  0, compacted
tokens 1000, turns 1     counter calls  0, compacted
tokens 1000, turns 2     counter calls 13, unchanged
tokens 35, report        counter calls 19, compacted
total: compacted
total + 1: unchanged
