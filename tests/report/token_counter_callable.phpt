--TEST--
tokenCounter: called with each JSON text of the estimate; an int is used (negative counts 0), anything else falls back to bytes / 4; not called without a report or trigger.tokens
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{estimate, read_pair, user};

$h = array_merge([user('go')], read_pair('r1', 'a.php'), read_pair('r2', 'a.php'));
$seen = [];
$counter = function (string $json) use (&$seen): int { $seen[] = $json; return 7; };

toolcompact_compact($h, ['tokenCounter' => $counter]);
echo count($seen), " calls without report or trigger\n";

toolcompact_compact($h, ['tokenCounter' => $counter], $report);
$texts = 0;
foreach ($h as $m) {
    $texts += (is_string($m['content']) ? 1 : 0) + count($m['toolCalls']) + count($m['toolResults']);
}
var_dump($report['tokensBefore'] === 7 * $texts);
var_dump(in_array(json_encode($h[2]['toolResults'][0]['result']), $seen, true));
var_dump(in_array(json_encode('go'), $seen, true));

// The same history measured by a counter that halves the default estimate.
$half = fn (string $json): int => intdiv(strlen($json), 8);
toolcompact_compact($h, ['tokenCounter' => $half], $report);
var_dump($report['tokensBefore'] === array_sum(array_map(fn ($m) => estimate($m, $half)[1], $h)));

$default = array_sum(array_map(fn ($m) => estimate($m)[1], $h));
foreach (['string return' => fn ($j) => 'ten', 'negative' => fn ($j) => -5, 'none' => null] as $name => $c) {
    toolcompact_compact($h, ['tokenCounter' => $c], $report);
    echo $name, ': ', $report['tokensBefore'] === ($name === 'negative' ? 0 : $default) ? 'ok' : 'wrong', "\n";
}
// A counter drives trigger.tokens.
toolcompact_compact($h, ['tokenCounter' => fn ($j) => 1000, 'trigger' => ['tokens' => 5000]], $report);
var_dump($report['triggered']);
?>
--EXPECT--
0 calls without report or trigger
bool(true)
bool(true)
bool(true)
bool(true)
string return: ok
negative: ok
none: ok
bool(true)
