--TEST--
phpinfo() names the version, the strategy id, the SHA-256 backend in use and the toolcompact.override directive
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
var_dump((bool) preg_match('/^toolcompact\.override => On => On$/m', $info));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
