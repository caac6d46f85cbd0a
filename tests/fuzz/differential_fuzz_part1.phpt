--TEST--
Fuzz, part 1 of 4: seeds 1..2500 of 10 000 hostile histories and params, extension against the userland reference byte for byte, every guarantee checked
--DESCRIPTION--
tests/lib/fuzz.php generates each case from its seed (any value in any
position, missing and extra keys, lists where maps are expected, duplicate
and missing ids, unicode and invalid UTF-8, empty and huge payloads, nesting
around and far beyond 512 levels, recursive arrays, objects, enums, closures,
resources, PHP references, parameters of every shape). For each case:
resolve() and the output of toolcompact_compact() equal the reference's, and
so does a second pass over that output; the call throws nothing, raises no
warning or notice, leaves json_last_error() and its arguments unchanged.

The four parts cover seeds 1..10000 in the normal run. Under valgrind
(run-tests.php -m sets USE_ZEND_ALLOC=0) they cover seeds 1..300, or the
first TOOLCOMPACT_FUZZ_CASES seeds when that is set (the sanitizer leg of
.ci/run sets 2000); they then print "a reduced run". Long runs:
php -d extension=modules/toolcompact.so tests/lib/fuzz.php --cases 1000000
--EXTENSIONS--
toolcompact
--INI--
memory_limit=1G
--FILE--
<?php
require __DIR__ . '/../lib/fuzz.php';

ToolCompact\Tests\fuzz_phpt(1, 4);
?>
--EXPECTF--
%r(seeds 1\.\.2500|a reduced run)%r
0 failing
