--TEST--
report: the pass keeps each message's estimate in 32 bits a part and the rest aside, so a tokenCounter's counts of 2^32 and more (and a message's estimate of exactly 2^32 - 1 tokens) give the reference's tokens before, after and saved, with and without the memo
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{read_pair, user, reference_compact};

$h = [user('go')];
for ($i = 0; $i < 6; $i++) {
    array_push($h, ...read_pair("r$i", 'a.php', 200 + 100 * $i));
}
$counters = [
    // every text counts 2^40 tokens: every message is beyond 32 bits
    'huge' => fn (string $json): int => 1 << 40,
    // only the long texts (the results) beyond 32 bits, the others small
    'some huge' => fn (string $json): int => strlen($json) > 150 ? (1 << 33) + strlen($json) : 3,
    // a tool message's content 2^31 - 1 and its result 2^31 or 2^31 + 1
    // in turn: the message's tokens 2^32 - 1 (still 32 bits), then 2^32
    'around 2^32' => fn (string $json): int => str_starts_with($json, '"read')
        ? 0x7FFFFFFF : (str_contains($json, 'xxx') ? 0x80000000 + intdiv(strlen($json), 100) % 2 : 5),
];
foreach ($counters as $name => $counter) {
    $params = ['tokenCounter' => $counter];
    foreach (['0', '1000'] as $memo) {
        ini_set('toolcompact.memo_entries', $memo);
        $out = toolcompact_compact($h, $params, $report);
        $ref = reference_compact($h, $params, $expected);
        $same = $out === $ref;
        foreach (['tokensBefore', 'tokensAfter', 'savedBytes', 'bytesBefore', 'bytesAfter'] as $key) {
            $same = $same && $report[$key] === $expected[$key];
        }
        printf("%s, memo %s: %s\n", $name, $memo, $same ? 'as the reference' : json_encode([$report, $expected]));
    }
}
?>
--EXPECT--
huge, memo 0: as the reference
huge, memo 1000: as the reference
some huge, memo 0: as the reference
some huge, memo 1000: as the reference
around 2^32, memo 0: as the reference
around 2^32, memo 1000: as the reference
