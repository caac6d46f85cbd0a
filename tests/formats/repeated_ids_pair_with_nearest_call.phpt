--TEST--
ids that repeat across turns (call_0 in every turn): in openai, openai-responses, anthropic and gemini (with ids) a result answers the nearest call before it with its id, so the only bash output is not compacted as an old read_file and onOmit names the id the entry gives; the same with the cache of entries, turn after turn; adachsoft keeps the Composer package's rule (the newest call of the id)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};
use const ToolCompact\Tests\Formats\FORMATS;

$params = ['toolIdentifierFields' => ['read_file' => ['path'], 'bash' => ['command']]];
$big = fn (string $what) => ['output' => str_repeat("$what ", 100)];
$turns = fn (string $f) => [
    [user($f, 'build it, then read a.txt twice')],
    calls($f, [call('call_0', 'bash', ['command' => 'make'])]),
    results($f, [res('call_0', 'bash', $f === 'gemini' ? $big('build log') : json_encode($big('build log')))]),
    calls($f, [call('call_0', 'read_file', ['path' => 'a.txt'])]),
    results($f, [res('call_0', 'read_file', $f === 'gemini' ? $big('old a') : json_encode($big('old a')))]),
    calls($f, [call('call_0', 'read_file', ['path' => 'a.txt'])]),
    results($f, [res('call_0', 'read_file', $f === 'gemini' ? $big('new a') : json_encode($big('new a')))]),
];
foreach (FORMATS as $f) {
    $h = history(...$turns($f));
    $where = [];
    $out = toolcompact_compact($h, $params + ['onOmit' => function (string $sha, string $json, array $w) use (&$where) {
        $where[] = "{$w['messageIndex']} {$w['callId']} {$w['tool']} {$w['payload']}";
    }]);
    $changed = array_keys(array_filter($h, fn ($entry, $i) => $out[$i] !== $entry, ARRAY_FILTER_USE_BOTH));
    echo "$f: entries changed ", implode(',', $changed), "; onOmit: ", implode('; ', array_unique($where)), "\n";

    // the cache of entries, the history growing turn by turn, each read three times
    ini_set('toolcompact.memo_entries', '16384');
    $growing = [];
    foreach ($turns($f) as $turn) {
        $growing = array_merge($growing, $turn);
        for ($i = 0; $i < 3; $i++) {
            $cached[$i] = toolcompact_compact($growing, $params);
        }
    }
    ini_set('toolcompact.memo_entries', '0');
    $plain = toolcompact_compact($growing, $params);
    echo "  with the cache: ", $cached === [$plain, $plain, $plain] && $plain === $out ? 'the same' : 'DIFFERS', "\n";
}

// adachsoft: the newest call with the id names the group of every result with it
$call = fn (string $tool, array $args) => ['role' => 'assistant', 'content' => '',
    'toolCalls' => [['id' => 'call_0', 'toolName' => $tool, 'arguments' => $args]], 'toolResults' => []];
$result = fn (string $tool, string $what) => ['role' => 'tool', 'content' => '', 'toolCalls' => [],
    'toolResults' => [['id' => 'call_0', 'toolName' => $tool, 'result' => $big($what)]]];
$h = [['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []],
    $call('bash', ['command' => 'make']), $result('bash', 'build log'),
    $call('read_file', ['path' => 'a.txt']), $result('read_file', 'old a'),
    $call('read_file', ['path' => 'a.txt']), $result('read_file', 'new a')];
$out = toolcompact_compact($h, $params, $report);
$changed = array_keys(array_filter($h, fn ($entry, $i) => $out[$i] !== $entry, ARRAY_FILTER_USE_BOTH));
echo "adachsoft: entries changed ", implode(',', $changed), "; format {$report['format']}\n";
?>
--EXPECT--
openai: entries changed 4; onOmit: 4 call_0 read_file result
  with the cache: the same
openai-responses: entries changed 4; onOmit: 4 call_0 read_file result
  with the cache: the same
anthropic: entries changed 4; onOmit: 4 call_0 read_file result
  with the cache: the same
gemini: entries changed 4; onOmit: 4 call_0 read_file result
  with the cache: the same
adachsoft: entries changed 2,4; format adachsoft
