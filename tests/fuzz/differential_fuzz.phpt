--TEST--
Fuzz: 10 000 seeded hostile histories and params, extension against the userland reference byte for byte, every guarantee checked
--DESCRIPTION--
tests/lib/fuzz.php generates each case from its seed (any value in any
position, missing and extra keys, lists where maps are expected, duplicate
and missing ids, unicode and invalid UTF-8, empty and huge payloads, nesting
around and far beyond 512 levels, recursive arrays, objects, enums, closures,
resources, PHP references, parameters of every shape). For each case:
resolve() and the output of toolcompact_compact() equal the reference's, and
so does a second pass over that output; the call throws nothing, raises no
warning or notice, leaves json_last_error() and its arguments unchanged.

The normal run covers seeds 1..10000. Under valgrind (run-tests.php -m sets
USE_ZEND_ALLOC=0) it covers seeds 1..300, unless TOOLCOMPACT_FUZZ_CASES says
otherwise (the sanitizer leg of .ci/run sets it to 2000). Long runs:
php -d extension=modules/toolcompact.so tests/lib/fuzz.php --cases 1000000
--EXTENSIONS--
toolcompact
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../lib/fuzz.php';

use function ToolCompact\Tests\fuzz_run;

$full = 10000;
$cases = getenv('TOOLCOMPACT_FUZZ_CASES') !== false
    ? (int) getenv('TOOLCOMPACT_FUZZ_CASES')
    : (getenv('USE_ZEND_ALLOC') === '0' ? 300 : $full);

$shown = 0;
$failing = fuzz_run(1, $cases, static function (int $seed, array $problems) use (&$shown): void {
    if (++$shown <= 20) {
        echo "seed $seed:\n  ", implode("\n  ", $problems), "\n";
    }
});
echo $cases === $full || getenv('USE_ZEND_ALLOC') === '0' || getenv('TOOLCOMPACT_FUZZ_CASES') !== false
    ? "case count as configured\n" : "ran $cases cases instead of $full\n";
echo "$failing failing\n";
?>
--EXPECT--
case count as configured
0 failing
