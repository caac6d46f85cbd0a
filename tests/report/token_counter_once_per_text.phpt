--TEST--
tokenCounter with a report: each text of the history is counted once, a changed message's too (its estimate before the change is the one made for tokensBefore), and each text of its new version once; arrays and DTOs
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=0
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../spi/autoload.php';
spi_autoload();
use function ToolCompact\Tests\{estimate, read_pair, user};

$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'b.php', 500),
    read_pair('r3', 'a.php', 300), read_pair('r4', 'b.php', 200));
$seen = [];
$counter = function (string $json) use (&$seen): int {
    $seen[] = $json;
    return intdiv(strlen($json), 3);
};
$third = fn (string $json): int => intdiv(strlen($json), 3);

foreach (['report' => [], 'report and trigger.tokens' => ['trigger' => ['tokens' => 1]]] as $name => $extra)
foreach (['arrays', 'DTOs'] as $shape) {
    $seen = [];
    $params = ['tokenCounter' => $counter] + $extra;
    $out = $shape === 'arrays' ? toolcompact_compact($h, $params, $report)
        : spi_to_arrays(toolcompact_compact(spi_from_arrays($h), $params, $report));
    echo "$name, $shape\n";

    $changed = array_keys(array_filter($h, fn ($m, $i) => $m !== $out[$i], ARRAY_FILTER_USE_BOTH));
    echo 'changed: ', implode(',', $changed), "\n";

    // every text of the history, then of each changed message's new version
    $texts = [];
    foreach (array_merge($h, array_map(fn ($i) => $out[$i], $changed)) as $m) {
        foreach (array_merge(is_string($m['content']) ? [$m['content']] : [],
                array_column($m['toolCalls'], 'arguments'), array_column($m['toolResults'], 'result')) as $value) {
            $texts[] = json_encode($value);
        }
    }
    $counts = array_count_values($seen);
    $expected = array_count_values($texts);
    ksort($counts);
    ksort($expected);
    echo 'counter calls: ', count($seen), ' for ', count($texts), " texts\n";
    var_dump($counts === $expected);

    [$bytes, $tokens] = [0, 0];
    foreach ($h as $m) {
        [$b, $t] = estimate($m, $third);
        $bytes += $b;
        $tokens += $t;
    }
    $savedBytes = $savedTokens = 0;
    foreach ($changed as $i) {
        $savedBytes += estimate($h[$i])[0] - estimate($out[$i])[0];
        $savedTokens += estimate($h[$i], $third)[1] - estimate($out[$i], $third)[1];
    }
    var_dump($report['bytesBefore'] === $bytes, $report['tokensBefore'] === $tokens);
    var_dump($report['savedBytes'] === $savedBytes, $report['tokensAfter'] === $tokens - $savedTokens);
}
?>
--EXPECT--
report, arrays
changed: 2,4,6
counter calls: 19 for 19 texts
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
report, DTOs
changed: 2,4,6
counter calls: 19 for 19 texts
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
report and trigger.tokens, arrays
changed: 2,4,6
counter calls: 19 for 19 texts
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
report and trigger.tokens, DTOs
changed: 2,4,6
counter calls: 19 for 19 texts
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
