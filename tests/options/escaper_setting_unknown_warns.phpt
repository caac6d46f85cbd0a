--TEST--
toolcompact.escaper: an unknown value warns at startup and counts as auto
--EXTENSIONS--
toolcompact
--INI--
toolcompact.escaper=fastest
--FILE--
<?php
var_dump(ini_get('toolcompact.escaper'));
ob_start();
(new ReflectionExtension('toolcompact'))->info();
var_dump((bool) preg_match('/^JSON escaper => (ssse3|bytes)$/m', ob_get_clean()));
?>
--EXPECTF--
%AWarning: PHP Startup: toolcompact.escaper must be auto, ssse3 or bytes, "fastest" given; using auto in Unknown on line 0%A
string(4) "auto"
bool(true)
