--TEST--
report: every key of the third argument, for a pass that applies, one held back by the trigger, and a history that is not a list
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{estimate, read_pair, user};

// r1's result (message 2) is compacted, everything else stays.
$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'a.php', 400), [user('next')]);
$out = toolcompact_compact($h, [], $report);

[$bytes, $tokens] = [0, 0];
foreach ($h as $m) {
    [$b, $t] = estimate($m);
    $bytes += $b;
    $tokens += $t;
}
[$oldBytes, $oldTokens] = estimate($h[2]);
[$newBytes, $newTokens] = estimate($out[2]);
var_dump($report === [
    'triggered' => true,
    'applied' => true,
    'reason' => null,
    'messagesChanged' => 1,
    'callsCompacted' => 0,
    'resultsCompacted' => 1,
    'fieldsOmitted' => 1,
    'bytesBefore' => $bytes,
    'bytesAfter' => $bytes - $oldBytes + $newBytes,
    'tokensBefore' => $tokens,
    'tokensAfter' => $tokens - $oldTokens + $newTokens,
    'savedBytes' => $oldBytes - $newBytes,
    'firstChangedIndex' => 2,
    'format' => 'adachsoft',
]);

// Held back by the trigger: nothing changed, after = before.
$report = 'overwritten';
toolcompact_compact($h, ['trigger' => ['messages' => 99]], $report);
var_dump($report['triggered'], $report['applied'], $report['reason'], $report['messagesChanged'],
    $report['bytesAfter'] === $bytes, $report['tokensAfter'] === $tokens, $report['firstChangedIndex']);

// Not a list of messages: returned as it is.
$object = new stdClass();
var_dump(toolcompact_compact($object, [], $report) === $object, $report['reason']);

// A typed reference receives the array too.
$holder = new class { public ?array $report = null; };
toolcompact_compact($h, [], $holder->report);
var_dump($holder->report['resultsCompacted']);
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
string(7) "trigger"
int(0)
bool(true)
bool(true)
NULL
bool(true)
string(8) "notAList"
int(1)
