--TEST--
Memo: a message changed between calls (assigned, through a PHP reference inside it, or as a referenced history element) is compacted as it is now
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';

use function ToolCompact\Tests\{asst, call, res, tool, user};

$p = ['toolIdentifierFields' => ['read' => ['path']]];
// The omitted content of the older read of a.php, as the meta describes it
// (SPEC: string size, sha256 of its JSON), against what the history holds now.
function check(string $label, array $h, array $p): void
{
    toolcompact_compact($h, $p); // the memo has seen this history once more
    $out = toolcompact_compact($h, $p);
    $meta = $out[2]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['content'] ?? null;
    $content = $h[2]['toolResults'][0]['result']['content'];
    $expected = ['bytes' => strlen($content), 'sha256' => hash('sha256', json_encode($content))];
    printf("%s: %s\n", $label, $meta === $expected ? 'current' : 'STALE');
}

$h = [
    user('go'),
    asst(call('c1', 'read', ['path' => 'a.php'])),
    tool(res('c1', 'read', ['content' => str_repeat('A', 400)])),
    asst(call('c2', 'read', ['path' => 'a.php'])),
    tool(res('c2', 'read', ['content' => 'short'])),
];
check('first', $h, $p);

$h[2]['toolResults'][0]['result']['content'] = str_repeat('B', 300);
check('assigned', $h, $p);

$text = str_repeat('C', 500);
$h[2]['toolResults'][0]['result']['content'] = &$text;
check('referenced content', $h, $p);
$text = str_repeat('D', 700);
check('referenced content changed', $h, $p);
unset($text);

$message = $h[2];
$h[2] = &$message;
check('referenced message', $h, $p);
$message['toolResults'][0]['result']['content'] = str_repeat('E', 250);
check('referenced message changed', $h, $p);
?>
--EXPECT--
first: current
assigned: current
referenced content: current
referenced content changed: current
referenced message: current
referenced message changed: current
