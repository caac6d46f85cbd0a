--TEST--
format auto after the same history was read with a forced format (the cache of entries keeps that read): entries that tell no format are still the adachsoft format, a history whose entries tell two formats is still mixedFormats, and a history that goes on from one auto read with entries of another format is mixedFormats too
--EXTENSIONS--
toolcompact
--INI--
toolcompact.memo_entries=16384
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history};

$big = str_repeat('x', 300);
$openai = history(
    calls('openai', [call('o1', 'read', ['path' => 'a.php'])]),
    results('openai', [res('o1', 'read', $big)]),
    calls('openai', [call('o2', 'read', ['path' => 'a.php'])]),
    results('openai', [res('o2', 'read', $big)]),
);
$anthropic = history(
    calls('anthropic', [call('a1', 'read', ['path' => 'a.php'])]),
    results('anthropic', [res('a1', 'read', $big)]),
);
$cases = [
    'telling nothing' => [['role' => 'user', 'content' => 'hi'], ['role' => 'assistant', 'content' => 'hello']],
    'openai then anthropic' => array_merge($openai, $anthropic),
];
foreach ($cases as $name => $history) {
    for ($i = 0; $i < 3; $i++) {
        toolcompact_compact($history, ['format' => 'openai'], $report);
    }
    printf("%s, forced: %s\n", $name, $report['format']);
    $out = toolcompact_compact($history, [], $report);
    printf("%s, auto: %s, %s, unchanged: %s\n", $name, $report['format'] ?? 'null', $report['reason'] ?? '-',
        $out === $history ? 'yes' : 'no');
}
// an OpenAI history read three times, then the same entries and an Anthropic turn
for ($i = 0; $i < 3; $i++) {
    toolcompact_compact($openai, [], $report);
}
printf("openai: %s\n", $report['format']);
toolcompact_compact(array_merge($openai, $anthropic), [], $report);
printf("openai, then anthropic added: %s, %s\n", $report['format'] ?? 'null', $report['reason'] ?? '-');
?>
--EXPECT--
telling nothing, forced: openai
telling nothing, auto: adachsoft, -, unchanged: yes
openai then anthropic, forced: openai
openai then anthropic, auto: null, mixedFormats, unchanged: yes
openai: openai
openai, then anthropic added: null, mixedFormats
