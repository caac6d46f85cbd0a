--TEST--
toolcompact.format_cache=0 lets go of the provider entries kept at the next call, the memo on
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
if (getenv('USE_ZEND_ALLOC') === '0') {
    die('skip memory_get_usage() counts PHP\'s own allocator only, which USE_ZEND_ALLOC=0 (valgrind, ASan) turns off; format_cache_on_and_off_same_output.phpt switches the cache off under them');
}
?>
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/convert.php';

$small = convert_history([user('hi'), ...read_pair('s', 'x.php', 50)], 'openai');
$kb = fn (int $bytes) => $bytes < 64 * 1024 ? 'under 64 KiB' : 'more';

// Entries of an OpenAI history, met twice: the cache holds them (and their
// decoded texts) after the caller let go of them.
$base = memory_get_usage();
$history = [user('read them')];
for ($i = 0; $i < 4; $i++) {
    array_push($history, ...read_pair("r$i", "f$i.php", 250_000));
}
$history = convert_history($history, 'openai');
toolcompact_compact($history);
toolcompact_compact($history);
unset($history);
echo 'entries held: ', $kb(memory_get_usage() - $base), "\n";
ini_set('toolcompact.format_cache', '0');
for ($i = 0; $i < 3; $i++) { // the memo lets go of a history two passes after its last
    toolcompact_compact($small);
}
echo 'format cache off: ', $kb(memory_get_usage() - $base), "\n";

?>
--EXPECT--
entries held: more
format cache off: under 64 KiB
