--TEST--
format named: a named format is used as given (no detection, no mixedFormats) when an entry has its shape or none tells another format, what does not have its shape left as it is; a history in another format comes back unchanged with reason formatMismatch; a format value that is not one of the six names throws (SPEC Part 3, "Options of our own")
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history, items};
use const ToolCompact\Tests\Formats\FORMATS;

function pair(string $f, string $prefix): array
{
    $big = static fn (string $c) => $f === 'gemini' ? ['output' => str_repeat($c, 300)] : str_repeat($c, 300);
    return history(
        [user($f, 'read a.php twice')],
        calls($f, [call("{$prefix}1", 'read', ['path' => 'a.php'])]),
        results($f, [res("{$prefix}1", 'read', $big('x'))]),
        calls($f, [call("{$prefix}2", 'read', ['path' => 'a.php'])]),
        results($f, [res("{$prefix}2", 'read', $big('y'))]),
    );
}
function changed(array $h, array $out): string
{
    $keys = [];
    foreach ($h as $i => $entry) {
        if ($out[$i] !== $entry) {
            $keys[] = $i;
        }
    }
    return '[' . implode(',', $keys) . ']';
}

echo "each format named, on its own history, and every other name on it:\n";
foreach (FORMATS as $f) {
    $h = pair($f, 'c');
    $auto = toolcompact_compact($h);
    foreach (array_merge(['adachsoft'], FORMATS) as $named) {
        $out = toolcompact_compact($h, ['format' => $named], $report);
        printf("%-16s as %-16s format=%s applied=%s reason=%s changed=%s%s\n", $f, $named, var_export($report['format'], true),
            var_export($report['applied'], true), $report['reason'] ?? '-', changed($h, $out), $named === $f ? ' same as auto: ' . var_export($out === $auto, true) : '');
    }
}

echo "auto, and values that are no format (a programmer's error, SPEC Part 3):\n";
$h = pair('anthropic', 't');
foreach (['auto', 'Anthropic', 'openai ', '', 'responses', 'openai_responses', 0, 1, null, true, ['anthropic'], 1.5] as $value) {
    try {
        $out = toolcompact_compact($h, ['format' => $value], $report);
        printf("%-20s format=%s changed=%s\n", json_encode($value), var_export($report['format'], true), changed($h, $out));
    } catch (TypeError|ValueError $e) {
        printf("%-20s %s\n", json_encode($value), $e::class);
    }
}

echo "a mixed history with a format named: that format's entries are compacted, the others left as they are:\n";
$h = history(pair('openai', 'o'), pair('anthropic', 'a'));
foreach (['auto', 'openai', 'anthropic'] as $named) {
    $out = toolcompact_compact($h, ['format' => $named], $report);
    printf("%-9s format=%s reason=%s changed=%s\n", $named, var_export($report['format'], true), var_export($report['reason'], true), changed($h, $out));
}

echo "an adachsoft history named openai is returned unchanged, formatMismatch:\n";
$adachsoft = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'd1', 'toolName' => 'read', 'arguments' => ['path' => 'a.php']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'x', 'toolCalls' => [], 'toolResults' => [['id' => 'd1', 'toolName' => 'read', 'result' => ['c' => str_repeat('x', 300)]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'd2', 'toolName' => 'read', 'arguments' => ['path' => 'a.php']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'y', 'toolCalls' => [], 'toolResults' => [['id' => 'd2', 'toolName' => 'read', 'result' => ['c' => str_repeat('y', 300)]]]],
];
foreach (['auto', 'adachsoft', 'openai', 'gemini'] as $named) {
    $out = toolcompact_compact($adachsoft, ['format' => $named], $report);
    printf("%-9s format=%s reason=%s changed=%s\n", $named, var_export($report['format'], true), $report['reason'] ?? '-',
        changed($adachsoft, $out));
}
?>
--EXPECT--
each format named, on its own history, and every other name on it:
openai           as adachsoft        format=NULL applied=false reason=formatMismatch changed=[]
openai           as openai           format='openai' applied=true reason=- changed=[2] same as auto: true
openai           as openai-responses format=NULL applied=false reason=formatMismatch changed=[]
openai           as anthropic        format=NULL applied=false reason=formatMismatch changed=[]
openai           as gemini           format=NULL applied=false reason=formatMismatch changed=[]
openai-responses as adachsoft        format=NULL applied=false reason=formatMismatch changed=[]
openai-responses as openai           format=NULL applied=false reason=formatMismatch changed=[]
openai-responses as openai-responses format='openai-responses' applied=true reason=- changed=[2] same as auto: true
openai-responses as anthropic        format=NULL applied=false reason=formatMismatch changed=[]
openai-responses as gemini           format=NULL applied=false reason=formatMismatch changed=[]
anthropic        as adachsoft        format=NULL applied=false reason=formatMismatch changed=[]
anthropic        as openai           format=NULL applied=false reason=formatMismatch changed=[]
anthropic        as openai-responses format=NULL applied=false reason=formatMismatch changed=[]
anthropic        as anthropic        format='anthropic' applied=true reason=- changed=[2] same as auto: true
anthropic        as gemini           format=NULL applied=false reason=formatMismatch changed=[]
gemini           as adachsoft        format=NULL applied=false reason=formatMismatch changed=[]
gemini           as openai           format=NULL applied=false reason=formatMismatch changed=[]
gemini           as openai-responses format=NULL applied=false reason=formatMismatch changed=[]
gemini           as anthropic        format=NULL applied=false reason=formatMismatch changed=[]
gemini           as gemini           format='gemini' applied=true reason=- changed=[2] same as auto: true
auto, and values that are no format (a programmer's error, SPEC Part 3):
"auto"               format='anthropic' changed=[2]
"Anthropic"          ValueError
"openai "            ValueError
""                   ValueError
"responses"          ValueError
"openai_responses"   ValueError
0                    TypeError
1                    TypeError
null                 TypeError
true                 TypeError
["anthropic"]        TypeError
1.5                  TypeError
a mixed history with a format named: that format's entries are compacted, the others left as they are:
auto      format=NULL reason='mixedFormats' changed=[]
openai    format='openai' reason=NULL changed=[2]
anthropic format='anthropic' reason=NULL changed=[7]
an adachsoft history named openai is returned unchanged, formatMismatch:
auto      format='adachsoft' reason=- changed=[1]
adachsoft format='adachsoft' reason=- changed=[1]
openai    format=NULL reason=formatMismatch changed=[]
gemini    format=NULL reason=formatMismatch changed=[]
