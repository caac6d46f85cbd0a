--TEST--
tokenCounter counts that add up beyond PHP_INT_MAX saturate there: tokensBefore and tokensAfter are PHP_INT_MAX, never negative, and trigger.tokens up to PHP_INT_MAX is reached, with or without a report; a negative count is 0
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=0
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, user};

$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'a.php', 500),
    read_pair('r3', 'a.php', 300));
$compacted = toolcompact_compact($h);
$cases = [
    'half of PHP_INT_MAX' => fn (string $json): int => intdiv(PHP_INT_MAX, 2),
    'PHP_INT_MAX' => fn (string $json): int => PHP_INT_MAX,
    '-5' => fn (string $json): int => -5,
    'PHP_INT_MIN' => fn (string $json): int => PHP_INT_MIN,
];
foreach ($cases as $name => $counter) {
    foreach ([1, PHP_INT_MAX] as $threshold) {
        $params = ['tokenCounter' => $counter, 'trigger' => ['tokens' => $threshold]];
        $out = toolcompact_compact($h, $params, $report);
        $silent = toolcompact_compact($h, $params);
        printf("%s, trigger %s: tokensBefore %s, tokensAfter %s, %s, without a report %s\n", $name,
            $threshold === 1 ? '1' : 'PHP_INT_MAX',
            $report['tokensBefore'] === PHP_INT_MAX ? 'PHP_INT_MAX' : var_export($report['tokensBefore'], true),
            $report['tokensAfter'] === PHP_INT_MAX ? 'PHP_INT_MAX' : var_export($report['tokensAfter'], true),
            $out === $compacted ? 'compacted' : ($out === $h ? 'unchanged' : 'WRONG'),
            $silent === $out ? 'the same' : 'DIFFERENT');
    }
}
?>
--EXPECT--
half of PHP_INT_MAX, trigger 1: tokensBefore PHP_INT_MAX, tokensAfter PHP_INT_MAX, compacted, without a report the same
half of PHP_INT_MAX, trigger PHP_INT_MAX: tokensBefore PHP_INT_MAX, tokensAfter PHP_INT_MAX, compacted, without a report the same
PHP_INT_MAX, trigger 1: tokensBefore PHP_INT_MAX, tokensAfter PHP_INT_MAX, compacted, without a report the same
PHP_INT_MAX, trigger PHP_INT_MAX: tokensBefore PHP_INT_MAX, tokensAfter PHP_INT_MAX, compacted, without a report the same
-5, trigger 1: tokensBefore 0, tokensAfter 0, unchanged, without a report the same
-5, trigger PHP_INT_MAX: tokensBefore 0, tokensAfter 0, unchanged, without a report the same
PHP_INT_MIN, trigger 1: tokensBefore 0, tokensAfter 0, unchanged, without a report the same
PHP_INT_MIN, trigger PHP_INT_MAX: tokensBefore 0, tokensAfter 0, unchanged, without a report the same
