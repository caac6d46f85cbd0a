--TEST--
format auto: a history whose entries tell two formats is returned unchanged (the same values), reason mixedFormats and format null in the report, nothing offered to onOmit; toolcompact_restore() leaves it as it is too
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};

// each half alone is compacted: an older result of the same group, 300 bytes
function pair(string $f, string $prefix): array
{
    $big = static fn (string $c) => $f === 'gemini' ? ['output' => str_repeat($c, 300)] : str_repeat($c, 300);
    return history(
        calls($f, [call("{$prefix}1", 'read', ['path' => 'a.php'])]),
        results($f, [res("{$prefix}1", 'read', $big('x'))]),
        calls($f, [call("{$prefix}2", 'read', ['path' => 'a.php'])]),
        results($f, [res("{$prefix}2", 'read', $big('y'))]),
    );
}

$adachsoft = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'd1', 'toolName' => 'read', 'arguments' => ['path' => 'a.php']]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'x', 'toolCalls' => [], 'toolResults' => [['id' => 'd1', 'toolName' => 'read', 'result' => ['c' => str_repeat('x', 300)]]]],
];
$cases = [
    'openai then anthropic' => history(pair('openai', 'o'), pair('anthropic', 'a')),
    'anthropic then openai' => history(pair('anthropic', 'a'), pair('openai', 'o')),
    'gemini then openai-responses' => history(pair('gemini', 'g'), pair('openai-responses', 'r')),
    'openai-responses then gemini' => history(pair('openai-responses', 'r'), pair('gemini', 'g')),
    'adachsoft then openai' => history($adachsoft, pair('openai', 'o')),
    'openai then one adachsoft message' => history(pair('openai', 'o'), [$adachsoft[0]]),
    'object entry then anthropic' => history([new stdClass()], pair('anthropic', 'a')),
    'gemini then an empty tool_calls entry' => history(pair('gemini', 'g'), [['role' => 'assistant', 'tool_calls' => []]]),
    'openai, the last entry a thinking block' => history(pair('openai', 'o'), [['role' => 'assistant', 'content' => [['type' => 'thinking', 'thinking' => 'x', 'signature' => 's']]]]),
];
foreach ($cases as $name => $h) {
    $offered = 0;
    $out = toolcompact_compact($h, ['onOmit' => function () use (&$offered) { $offered++; }], $report);
    printf("%-46s same=%s applied=%s reason=%s format=%s changed=%d first=%s offered=%d\n", $name,
        var_export($out === $h, true), var_export($report['applied'], true), var_export($report['reason'], true),
        var_export($report['format'], true), $report['messagesChanged'], var_export($report['firstChangedIndex'], true), $offered);
}

echo "restore:\n";
$store = [];
$openai = pair('openai', 'o');
$compacted = toolcompact_compact($openai, ['onOmit' => function ($sha, $json) use (&$store) { $store[$sha] = $json; }]);
echo 'compacted alone: ', var_export($compacted !== $openai, true), "\n";
$lookup = function ($sha) use (&$store) { return $store[$sha] ?? null; };
echo 'restored alone: ', var_export(toolcompact_restore($compacted, $lookup) === $openai, true), "\n";
$mixed = history($compacted, pair('anthropic', 'a'));
echo 'restore of the mixed history leaves it: ', var_export(toolcompact_restore($mixed, $lookup) === $mixed, true), "\n";
?>
--EXPECT--
openai then anthropic                          same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
anthropic then openai                          same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
gemini then openai-responses                   same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
openai-responses then gemini                   same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
adachsoft then openai                          same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
openai then one adachsoft message              same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
object entry then anthropic                    same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
gemini then an empty tool_calls entry          same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
openai, the last entry a thinking block        same=true applied=false reason='mixedFormats' format=NULL changed=0 first=NULL offered=0
restore:
compacted alone: true
restored alone: true
restore of the mixed history leaves it: true
