--TEST--
Provider formats, SPEC Part 4: a compaction never makes a payload larger (OpenAI Agents' rule: a summary not smaller than the output leaves it alone) - a text, a JSON text, an object and a list of parts whose placeholders, previews and meta would not be shorter are left as they are, not counted in the report and not offered to onOmit; the same payloads made longer are compacted; adachsoft with the Composer package's parameters keeps the package's output (a payload that grows is compacted)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{calls, results, call, res, history, user, parts};

$payloads = static fn (string $f, int $n): array => [
    // a text: its placeholder is 91 bytes + the digits of n
    'text' => $f === 'gemini' ? null : str_repeat('t', $n),
    // a JSON text (an object in gemini): "[omitted]" and the meta (about 170 bytes) replace one field
    'object' => $f !== 'gemini' ? json_encode(['out' => str_repeat('o', $n)]) : ['out' => str_repeat('o', $n)],
    'parts' => $f === 'gemini' ? null : parts($f, str_repeat('p', $n)),
];
foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $f) {
    foreach ([60, 130, 400] as $n) {
        $line = [];
        foreach ($payloads($f, $n) as $kind => $payload) {
            if ($payload === null) {
                continue;
            }
            $h = history([user($f, 'go')], calls($f, [call('c1', 'read', ['p' => 'a'])]), results($f, [res('c1', 'read', $payload)]),
                calls($f, [call('c2', 'read', ['p' => 'b'])]), results($f, [res('c2', 'read', 'ok')]));
            $offered = 0;
            $out = toolcompact_compact($h, ['outputTrimBytes' => 50, 'onOmit' => function () use (&$offered) { $offered++; }], $report);
            $line[] = sprintf('%s %s (results %d, fields %d, onOmit %d, saved %d)', $kind, $out === $h ? 'left' : 'compacted',
                $report['resultsCompacted'], $report['fieldsOmitted'], $offered, $report['bytesBefore'] - $report['bytesAfter']);
        }
        echo str_pad($f, 17), str_pad("$n:", 5), implode(', ', $line), "\n";
    }
}
// adachsoft, the package's parameters only: a 60-byte field is omitted, the payload grows
$h = [
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['out' => str_repeat('o', 60)]]]],
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => ['out' => 'ok']]]],
];
$out = toolcompact_compact($h, ['outputTrimBytes' => 50]);
echo 'adachsoft        60:  ', $out[0]['toolResults'][0]['result']['out'], ', ', strlen(json_encode($out[0]['toolResults'][0]['result'])), ' bytes for ',
    strlen(json_encode($h[0]['toolResults'][0]['result'])), "\n";
?>
--EXPECT--
openai           60:  text left (results 0, fields 0, onOmit 0, saved 0), object left (results 0, fields 0, onOmit 0, saved 0), parts left (results 0, fields 0, onOmit 0, saved 0)
openai           130: text compacted (results 1, fields 1, onOmit 1, saved 132), object left (results 0, fields 0, onOmit 0, saved 0), parts compacted (results 1, fields 1, onOmit 1, saved 132)
openai           400: text compacted (results 1, fields 1, onOmit 1, saved 402), object compacted (results 1, fields 1, onOmit 1, saved 236), parts compacted (results 1, fields 1, onOmit 1, saved 402)
openai-responses 60:  text left (results 0, fields 0, onOmit 0, saved 0), object left (results 0, fields 0, onOmit 0, saved 0), parts left (results 0, fields 0, onOmit 0, saved 0)
openai-responses 130: text compacted (results 1, fields 1, onOmit 1, saved 132), object left (results 0, fields 0, onOmit 0, saved 0), parts compacted (results 1, fields 1, onOmit 1, saved 132)
openai-responses 400: text compacted (results 1, fields 1, onOmit 1, saved 402), object compacted (results 1, fields 1, onOmit 1, saved 236), parts compacted (results 1, fields 1, onOmit 1, saved 402)
anthropic        60:  text left (results 0, fields 0, onOmit 0, saved 0), object left (results 0, fields 0, onOmit 0, saved 0), parts left (results 0, fields 0, onOmit 0, saved 0)
anthropic        130: text compacted (results 1, fields 1, onOmit 1, saved 132), object left (results 0, fields 0, onOmit 0, saved 0), parts compacted (results 1, fields 1, onOmit 1, saved 132)
anthropic        400: text compacted (results 1, fields 1, onOmit 1, saved 402), object compacted (results 1, fields 1, onOmit 1, saved 236), parts compacted (results 1, fields 1, onOmit 1, saved 402)
gemini           60:  object left (results 0, fields 0, onOmit 0, saved 0)
gemini           130: object left (results 0, fields 0, onOmit 0, saved 0)
gemini           400: object compacted (results 1, fields 1, onOmit 1, saved 236)
adachsoft        60:  [omitted], 173 bytes for 70
