--TEST--
drop-in: the 30-turn agent loop with opcache on
--EXTENSIONS--
toolcompact
opcache
--INI--
opcache.enable=1
opcache.enable_cli=1
--FILE--
<?php
var_dump(opcache_get_status(false)['opcache_enabled']);
require __DIR__ . '/../spi/e2e.php';
?>
--EXPECT--
bool(true)
62 messages after 30 turns
every turn: the array path result, input untouched, untouched messages shared
bool(true)
