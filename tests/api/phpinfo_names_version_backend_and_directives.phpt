--TEST--
phpinfo() names the version, the strategy id, the SHA-256 backend (its only SHA-256 row), the JSON escaper and decoder in use, the kind of build and the toolcompact.override and toolcompact.escaper directives
--EXTENSIONS--
toolcompact
--FILE--
<?php
ob_start();
(new ReflectionExtension('toolcompact'))->info();
$info = ob_get_clean();
var_dump(phpversion('toolcompact') === (new ReflectionExtension('toolcompact'))->getVersion());
var_dump((bool) preg_match('/^Version => \d+\.\d+\.\d+$/m', $info));
var_dump(str_contains($info, 'Strategy id => tool_compaction'));
var_dump((bool) preg_match('/^SHA-256 backend => (OpenSSL \d\S* .*|PHP hash extension)$/m', $info));
var_dump(count(array_filter(explode("\n", $info), fn ($line) => str_starts_with($line, 'SHA-256'))));
var_dump((bool) preg_match('/^toolcompact\.override => On => On$/m', $info));
var_dump((bool) preg_match('/^JSON escaper => (ssse3|bytes)$/m', $info));
var_dump((bool) preg_match('/^JSON decoder => (avx512|sse2|bytes)$/m', $info));
var_dump((bool) preg_match('/^toolcompact\.escaper => auto => auto$/m', $info));
var_dump((bool) preg_match('/^Build => (plain|profile-guided \(make pgo\))$/m', $info));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
