--TEST--
CompactingClient: options of a wrong type or value throw the natives' TypeError or ValueError from the constructor, before any request; retrievalTool must be a tool name; the constructor's parameters are typed
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/../sdk/vendor/autoload.php';
require __DIR__ . '/../lib/wire.php';
use ToolCompact\Http\CompactingClient;
use ToolCompact\Tests\Wire\FakeClient;
use function ToolCompact\Tests\Wire\factory;

$cases = [
    'maxMessages string' => [['maxMessages' => '6'], null],
    'onOmit not callable' => [['onOmit' => 'typo_fn'], null],
    'trigger not an array' => [['trigger' => 'tokens'], null],
    'trigger below 0' => [['trigger' => ['tokens' => -1]], null],
    'retrievalTool bad name' => [['retrievalTool' => 'read omitted!'], fn () => null],
    'retrievalTool not a string' => [['retrievalTool' => 7], fn () => null],
    'lookup not callable' => [[], 'no_such_function'],
    'valid' => [['maxMessages' => 6, 'retrievalTool' => 'fetch'], fn () => null],
];
foreach ($cases as $name => [$params, $lookup]) {
    $inner = new FakeClient([]);
    try {
        new CompactingClient($inner, factory(), $params, $lookup);
        echo "$name: made\n";
    } catch (TypeError|ValueError $e) {
        echo "$name: ", get_class($e), "\n";
    }
}
?>
--EXPECT--
maxMessages string: TypeError
onOmit not callable: ValueError
trigger not an array: TypeError
trigger below 0: ValueError
retrievalTool bad name: ValueError
retrievalTool not a string: TypeError
lookup not callable: TypeError
valid: made
