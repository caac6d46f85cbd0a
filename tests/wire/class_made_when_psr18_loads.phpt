--TEST--
CompactingClient: the class is made on first use once an autoloader gives Psr\Http\Client\ClientInterface (asked again after a lookup without it), whatever toolcompact.override; it implements the interface, is final, and what the autoloader throws while asked for the interface reaches the caller
--EXTENSIONS--
toolcompact
--INI--
toolcompact.override=0
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
$throw = true;
spl_autoload_register(function (string $name) use (&$throw) {
    if ($throw) {
        throw new RuntimeException("autoloader failed for $name");
    }
});
try {
    class_exists('ToolCompact\Http\CompactingClient');
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
$throw = false;
var_dump(class_exists('ToolCompact\Http\CompactingClient'));
require __DIR__ . '/../sdk/vendor/autoload.php';
var_dump(class_exists('ToolCompact\Http\CompactingClient'));
$class = new ReflectionClass('ToolCompact\Http\CompactingClient');
var_dump($class->implementsInterface('Psr\Http\Client\ClientInterface'), $class->isFinal());
echo implode(', ', array_map(fn ($m) => $m->getName(), $class->getMethods(ReflectionMethod::IS_PUBLIC))), "\n";
echo $class->getConstructor()->getNumberOfRequiredParameters(), ' ', implode(', ', array_map(fn ($p) => $p->getType() . ' $' . $p->getName(), $class->getConstructor()->getParameters())), "\n";
?>
--EXPECT--
autoloader failed for Psr\Http\Client\ClientInterface
bool(false)
bool(true)
bool(true)
bool(true)
__construct, sendRequest, lastReport, streamHandler
2 Psr\Http\Client\ClientInterface $client, Psr\Http\Message\StreamFactoryInterface $streams, array $params, ?callable $lookup
