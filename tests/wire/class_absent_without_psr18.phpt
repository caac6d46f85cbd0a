--TEST--
CompactingClient: without psr/http-client loadable the class does not exist (class_exists() is false, no error), and it is asked again later: once an autoloader can give Psr\Http\Client\ClientInterface, the class exists; a class of that name that is no interface gives no class either
--EXTENSIONS--
toolcompact
--FILE--
<?php
var_dump(class_exists('ToolCompact\Http\CompactingClient'), interface_exists('Psr\Http\Client\ClientInterface', false));
// a class (not an interface) under the interface's name
spl_autoload_register(function (string $name) {
    if ($name === 'Psr\Http\Client\ClientInterface') {
        eval('namespace Psr\Http\Client; class ClientInterface {}');
    }
});
var_dump(class_exists('ToolCompact\Http\CompactingClient'));
echo "no error\n";
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
no error
