--TEST--
Fuzz, hostile user code: every callback site (tokenCounter, onOmit, summarize, restore's lookup, a collection's getIterator and constructor, a JsonSerializable) in every format throws, returns wrong types, retypes and grows the PHP references it holds into the history, mutates what is walked, frees its own callable or re-enters toolcompact_compact() / toolcompact_restore(); callables of every form, trampolines included
--DESCRIPTION--
tests/lib/hostile_fuzz.php builds each case from its seed. The guarantees
checked: nothing crashes; an exception of tokenCounter, onOmit or lookup
reaches the caller and no other does; nothing warns; compact and restore
leave their input as it was (unless the hostile code changed it) and return
its shape and count (fewer with a window); when no hostile code ran,
restore(compact($h)) with the values onOmit stored is $h.

10000 cases in the normal run; TOOLCOMPACT_FUZZ_CASES when set (the
sanitizer leg of .ci/run sets 2000), else 300 under valgrind (run-tests.php
-m sets USE_ZEND_ALLOC=0). Long runs and a crash's case:
php -d extension=modules/toolcompact.so tests/lib/hostile_fuzz.php --cases N --trace
--EXTENSIONS--
toolcompact
--INI--
memory_limit=512M
--FILE--
<?php
$autoload = __DIR__ . '/../sdk/vendor/autoload.php';
if (is_file($autoload)) {
    require $autoload;
}
require __DIR__ . '/../lib/hostile_fuzz.php';

ToolCompact\Tests\hf_phpt();
?>
--EXPECT--
ok
