--TEST--
A history of 1300 messages (past the size from which the rewrite step asks for its memory ahead) cycling through every shape of list, item and payload, references and user code among them, compacts as the reference does, cold and from the memo
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{asst, call, tool, res, user, reference_compact};

/* Rewrites a field of an older message through a reference when encoded
 * (the pass measures it while it compacts). */
final class Touches implements JsonSerializable
{
    public function __construct(private array $target) {}
    public function jsonSerialize(): mixed
    {
        $this->target[0] = str_repeat('changed ', 40);
        return ['touched' => true];
    }
}

$history = [];
$refs = [];
for ($i = 0; $i < 100; $i++) {
    $big = str_repeat(chr(97 + $i % 26), 150 + $i);
    $path = "p" . ($i % 7);
    $history[] = user("turn $i");
    $history[] = asst(call("c$i", 'read', ['path' => $path]), call("w$i", 'write', ['path' => $path, 'content' => $big]));
    switch ($i % 10) {
        case 0: // plain
            $plain = count($history);
            $history[] = tool(res("c$i", 'read', ['content' => $big, 'lines' => $i]));
            break;
        case 1: // the list through a reference
            $list = [res("c$i", 'read', ['content' => $big])];
            $refs[] = &$list;
            $history[] = ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => &$list];
            unset($list);
            break;
        case 2: // the item through a reference
            $item = res("c$i", 'read', ['content' => $big]);
            $history[] = ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => [&$item]];
            unset($item);
            break;
        case 3: // the payload through a reference, and a string field through one
            $field = $big;
            $payload = ['content' => &$field, 'n' => 1];
            $history[] = tool(['id' => "c$i", 'toolName' => 'read', 'result' => &$payload]);
            unset($payload, $field);
            break;
        case 4: // a payload that is not an array, and a missing one
            $history[] = ['role' => 'tool', 'content' => 'r', 'toolCalls' => [],
                'toolResults' => [['id' => "c$i", 'toolName' => 'read', 'result' => $big], ['id' => "x$i", 'toolName' => 'read']]];
            break;
        case 5: // lists and items that are not arrays
            $history[] = ['role' => 'tool', 'content' => 'r', 'toolCalls' => 'none', 'toolResults' => [new ArrayObject([1]), 7, null]];
            break;
        case 6: // several results, only some large, and an existing meta
            $history[] = ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => [
                res("c$i", 'read', ['content' => $big, '_tool_compaction' => ['thresholdBytes' => 5, 'omittedFields' => ['old' => ['bytes' => 9, 'sha256' => str_repeat('0', 64)]]]]),
                res("y$i", 'grep', ['out' => 'short']),
                res("z$i", 'grep', ['out' => $big . 'z']),
            ]];
            break;
        case 7: // user code that writes to an older message through a reference
            $target = [&$history[$plain]['toolResults'][0]['result']['content']];
            $history[] = tool(res("c$i", 'read', ['content' => $big, 'obj' => new Touches($target)]));
            unset($target);
            break;
        case 8: // a result without a call, with a numeric key in its payload
            $history[] = tool(res("o$i", 'ls', [0 => $big, 'k' => 'v']));
            break;
        default: // nothing to compact: small payloads
            $history[] = tool(res("c$i", 'read', ['content' => 'small']));
    }
    for ($k = 0; $k < 10; $k++) {
        $history[] = user(str_repeat('u', $k));
    }
}
$params = ['toolIdentifierFields' => ['read' => ['path'], 'write' => ['path']], 'outputTrimBytes' => 100, 'inputTrimBytes' => 100];
echo count($history), " messages\n";

ini_set('toolcompact.memo_entries', '0');
reference_compact($history, $params); // the user code's writes, which are the same on every pass
$expected = reference_compact($history, $params);
var_dump(toolcompact_compact($history, $params) === $expected);

ini_set('toolcompact.memo_entries', '100000');
$first = toolcompact_compact($history, $params);
$second = toolcompact_compact($history, $params); // the memo's copies
var_dump($first === $expected, $second === $expected);
?>
--EXPECT--
1300 messages
bool(true)
bool(true)
bool(true)
