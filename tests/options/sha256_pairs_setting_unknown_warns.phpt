--TEST--
toolcompact.sha256_pairs: a value other than 0 or 1 warns at startup and counts as 1, the default
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=2
--FILE--
<?php
var_dump(ini_get('toolcompact.sha256_pairs'));
?>
--EXPECTF--
%AWarning: PHP Startup: toolcompact.sha256_pairs must be 0 or 1, "2" given; using 1 in Unknown on line 0%A
string(1) "1"
