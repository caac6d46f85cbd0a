--TEST--
drop-in (run with opcache off and on by CI): a 30-turn agent loop picks the strategy by id; at every turn the LLM receives exactly the array path's result, the input is untouched and untouched messages are the same objects
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/e2e.php';
?>
--EXPECT--
62 messages after 30 turns
every turn: the array path result, input untouched, untouched messages shared
bool(true)
