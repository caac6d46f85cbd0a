--TEST--
Memo: toolcompact.memo_entries bounds it, 0 empties it, a history no pass used twice in a row is let go, and nothing is copied
--INI--
toolcompact.memo_entries=4
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\{read_pair, user, reference_compact};

/** A history of 1 + 2 * $pairs messages, results $bytes long. */
function history(string $name, int $pairs, int $bytes): array
{
    $h = [user($name)];
    for ($i = 0; $i < $pairs; $i++) {
        array_push($h, ...read_pair("$name$i", 'same.php', $bytes));
    }
    return $h;
}
function loop(array $h, int $calls): bool
{
    $same = true;
    for ($i = 0; $i < $calls; $i++) {
        $same = $same && toolcompact_compact($h, []) === reference_compact($h, []);
    }
    return $same;
}
$entries = fn () => toolcompact_memo_info()['entries'];

// A history is memoised from its second call on (its messages with calls or
// results: 2 per read pair); an entry goes when the two passes before the
// current one did not use it.
$a = history('a', 10, 300);
echo "bounded: ", var_export(loop($a, 3), true), ', ', $entries(), " entries\n";

ini_set('toolcompact.memo_entries', '1000');
loop($a, 3);
echo "a: ", $entries(), " entries\n";
$b = history('b', 5, 300);
loop($b, 1);
echo "b once: ", $entries(), " entries\n";
loop($b, 2);
echo "b again: ", $entries(), " entries\n";
loop($b, 1);
echo "a let go: ", $entries(), " entries\n";

ini_set('toolcompact.memo_entries', '0');
echo "off: ", var_export(loop($a, 2), true), ', ', $entries(), " entries\n";

// 10 MB held by the memo is the caller's own arrays: no copy, and gone once
// the caller and two more passes let go of it.
ini_set('toolcompact.memo_entries', '1000');
$base = memory_get_usage();
$big = history('big', 5, 1_000_000);
$afterBuild = memory_get_usage();
loop($big, 3);
$held = memory_get_usage() - $afterBuild;
echo "held beyond the history: ", $held < 64 * 1024 ? 'under 64 KiB' : "$held bytes", "\n";
unset($big);
loop($b, 4); // the first call meets b anew (turning the memo off forgot it)
$left = memory_get_usage() - $base;
echo "after letting go: ", $left < 64 * 1024 ? 'under 64 KiB' : "$left bytes", "\n";
?>
--EXPECT--
bounded: true, 4 entries
a: 20 entries
b once: 20 entries
b again: 30 entries
a let go: 10 entries
off: true, 0 entries
held beyond the history: under 64 KiB
after letting go: under 64 KiB
