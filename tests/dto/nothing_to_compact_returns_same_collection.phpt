--TEST--
DTO path: when nothing qualifies the very same collection object is returned
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../spi/autoload.php';
spi_autoload();
$dto = spi_from_arrays([
    ['role' => 'user', 'content' => 'hi', 'toolCalls' => [], 'toolResults' => []],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'toolName' => 'ls', 'arguments' => ['dir' => str_repeat('d', 500)]]], 'toolResults' => []],
]);
var_dump(toolcompact_compact($dto) === $dto);
var_dump(toolcompact_compact(new ArrayIterator([])) instanceof ArrayIterator);
?>
--EXPECT--
bool(true)
bool(true)
