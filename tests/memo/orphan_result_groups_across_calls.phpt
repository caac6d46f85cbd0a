--TEST--
Memo: results without a call are grouped by toolName and null identifiers in every call of an agent loop, also after a call joins their group and when one of them gains its call
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{asst, call, tool, res, summary, reference_compact};

ini_set('toolcompact.memo_entries', '64');
$big = str_repeat('x', 300);
$params = ['toolIdentifierFields' => ['read' => ['path'], 'grep' => ['pattern']]];
$history = json_decode(json_encode([
    tool(res('o1', 'read', ['content' => $big])),   // its call is not in the history
    tool(res('o2', 'grep', ['content' => $big])),
    tool(res('o3', 'read', ['content' => $big])),
    asst(call('c1', 'read', ['offset' => 0])),      // no path: the group of o1 and o3
    tool(res('c1', 'read', ['content' => $big])),
    asst(call('c2', 'read', ['path' => 'a'])),
    tool(res('c2', 'read', ['content' => $big])),
    asst(call('o2', 'grep', ['pattern' => 'p'])),   // o2's id: its call, newest, counts first
]), true);

$same = 0;
for ($k = 1; $k <= count($history); $k++) {
    $messages = array_slice($history, 0, $k); // the same message arrays each call
    $out = toolcompact_compact($messages, $params);
    $same += $out === reference_compact($messages, $params);
    if ($k === 3 || $k === count($history)) {
        echo summary($out), "--\n";
    }
}
echo "$same of ", count($history), " as the reference\n";
?>
--EXPECT--
0 tool o1(content)
1 tool o2(=)
2 tool o3(=)
--
0 tool o1(content)
1 tool o2(content)
2 tool o3(content)
3 assistant c1(=)
4 tool c1(=)
5 assistant c2(=)
6 tool c2(=)
7 assistant o2(=)
--
8 of 8 as the reference
