--TEST--
restore: a JSON text whose omitted member is not written as json_encode() writes it (pretty-printed, unescaped Unicode and slashes, {} inside) is offered whole to onOmit (field null) and recorded in the meta as text => bytes, sha256, so that restore gives back the very bytes; texts whose omitted members are written as json_encode() would need no such record; restore === input in each case and payload kind
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history, items};

$lines = [];
for ($i = 0; $i < 10; $i++) { $lines[] = "line $i of a.php"; }
$c150 = str_repeat('c', 400);
$texts = [
    'pretty, a list omitted' => json_encode(['path' => 'a.php', 'lines' => $lines], JSON_PRETTY_PRINT),
    'unescaped unicode and slashes' => json_encode(['path' => 'src/é.php', 'content' => str_repeat('é/', 200)], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES),
    '{} inside the omitted member' => '{"path":"a.php","opts":{"a":{},"pad":"' . str_repeat('p', 400) . '"}}',
    'pretty, a string omitted' => json_encode(['path' => 'a.php', 'content' => $c150], JSON_PRETTY_PRINT),
    'unescaped slash in a kept member' => json_encode(['path' => 'src/a.php', 'content' => $c150], JSON_UNESCAPED_SLASHES),
    'default json_encode' => json_encode(['path' => 'a.php', 'content' => $c150]),
];
$show = static fn (string $s) => json_encode($s, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);

// openai arguments, openai-responses outputs, anthropic tool_result contents, openai tool contents
$kinds = ['openai arguments' => ['openai', true], 'openai-responses output' => ['openai-responses', false],
    'anthropic tool_result content' => ['anthropic', false], 'openai tool content' => ['openai', false]];
foreach ($texts as $name => $text) {
    echo "$name:\n";
    foreach ($kinds as $kind => [$f, $asCall]) {
        $h = history(
            calls($f, [call('old', 'probe', $asCall ? $text : '{}')]), results($f, [res('old', 'probe', $asCall ? 'ok' : $text)]),
            calls($f, [call('new', 'probe', '{}')]), results($f, [res('new', 'probe', 'ok')]),
        );
        $edited = null;
        foreach (items($f, toolcompact_compact($h)) as $item) {
            if ($item['id'] === 'old' && $item['call'] === $asCall) {
                $edited = $item['payload'];
            }
        }
        if ($kind === 'openai arguments') {
            echo "  without onOmit: ", $show($edited), "\n";
        } else {
            echo "  $kind edited the same: ", var_export($edited === $prev, true), "\n";
        }
        $prev ??= $edited;

        $store = $whole = [];
        $compacted = toolcompact_compact($h, ['onOmit' => function ($sha, $json, $where) use (&$store, &$whole) {
            $store[$sha] = $json;
            if ($where['field'] === null) {
                $whole[] = $json;
            }
        }]);
        foreach (items($f, $compacted) as $item) {
            if ($item['id'] === 'old' && $item['call'] === $asCall) {
                $meta = json_decode($item['payload'], true)['_tool_compaction'] ?? null;
            }
        }
        $record = $meta['text'] ?? null;
        $restored = toolcompact_restore($compacted, fn ($sha) => $store[$sha] ?? null);
        printf("  %s: text record %s, whole text offered %s, restored === input: %s\n", $kind,
            $record === null ? 'none' : ($record === ['bytes' => strlen($text), 'sha256' => hash('sha256', json_encode($text))] ? 'as SPEC says' : 'WRONG ' . json_encode($record)),
            $whole === [] ? 'no' : ($whole === [json_encode($text)] ? 'once' : 'WRONG ' . count($whole)),
            var_export($restored === $h, true));
    }
    unset($prev);
}
?>
--EXPECT--
pretty, a list omitted:
  without onOmit: "{\n    \"path\": \"a.php\",\n    \"lines\": \"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":100,\"omittedFields\":{\"lines\":{\"bytes\":181,\"sha256\":\"634d536503770811ed717eb929868dd0619dc39a3eff742fb3746d41cc1623ed\"}}}\n}"
  openai arguments: text record as SPEC says, whole text offered once, restored === input: true
  openai-responses output edited the same: true
  openai-responses output: text record as SPEC says, whole text offered once, restored === input: true
  anthropic tool_result content edited the same: true
  anthropic tool_result content: text record as SPEC says, whole text offered once, restored === input: true
  openai tool content edited the same: true
  openai tool content: text record as SPEC says, whole text offered once, restored === input: true
unescaped unicode and slashes:
  without onOmit: "{\"path\":\"src/é.php\",\"content\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":100,\"omittedFields\":{\"content\":{\"bytes\":600,\"sha256\":\"c5ece7bd5ca2a55109fea5dd66495c4a3369cf69ec98f929dd8f6162291c012b\"}}}}"
  openai arguments: text record as SPEC says, whole text offered once, restored === input: true
  openai-responses output edited the same: true
  openai-responses output: text record as SPEC says, whole text offered once, restored === input: true
  anthropic tool_result content edited the same: true
  anthropic tool_result content: text record as SPEC says, whole text offered once, restored === input: true
  openai tool content edited the same: true
  openai tool content: text record as SPEC says, whole text offered once, restored === input: true
{} inside the omitted member:
  without onOmit: "{\"path\":\"a.php\",\"opts\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":100,\"omittedFields\":{\"opts\":{\"bytes\":417,\"sha256\":\"51735f44262575672953174267df961602a39b8fa935fc71eb821cf2f3f5e556\"}}}}"
  openai arguments: text record as SPEC says, whole text offered once, restored === input: true
  openai-responses output edited the same: true
  openai-responses output: text record as SPEC says, whole text offered once, restored === input: true
  anthropic tool_result content edited the same: true
  anthropic tool_result content: text record as SPEC says, whole text offered once, restored === input: true
  openai tool content edited the same: true
  openai tool content: text record as SPEC says, whole text offered once, restored === input: true
pretty, a string omitted:
  without onOmit: "{\n    \"path\": \"a.php\",\n    \"content\": \"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":100,\"omittedFields\":{\"content\":{\"bytes\":400,\"sha256\":\"38b521f2cee7b754097c293680c0abb6d1ad3c19558e8c7782278687733299ba\"}}}\n}"
  openai arguments: text record none, whole text offered no, restored === input: true
  openai-responses output edited the same: true
  openai-responses output: text record none, whole text offered no, restored === input: true
  anthropic tool_result content edited the same: true
  anthropic tool_result content: text record none, whole text offered no, restored === input: true
  openai tool content edited the same: true
  openai tool content: text record none, whole text offered no, restored === input: true
unescaped slash in a kept member:
  without onOmit: "{\"path\":\"src/a.php\",\"content\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":100,\"omittedFields\":{\"content\":{\"bytes\":400,\"sha256\":\"38b521f2cee7b754097c293680c0abb6d1ad3c19558e8c7782278687733299ba\"}}}}"
  openai arguments: text record none, whole text offered no, restored === input: true
  openai-responses output edited the same: true
  openai-responses output: text record none, whole text offered no, restored === input: true
  anthropic tool_result content edited the same: true
  anthropic tool_result content: text record none, whole text offered no, restored === input: true
  openai tool content edited the same: true
  openai tool content: text record none, whole text offered no, restored === input: true
default json_encode:
  without onOmit: "{\"path\":\"a.php\",\"content\":\"[omitted]\",\"_tool_compaction\":{\"thresholdBytes\":100,\"omittedFields\":{\"content\":{\"bytes\":400,\"sha256\":\"38b521f2cee7b754097c293680c0abb6d1ad3c19558e8c7782278687733299ba\"}}}}"
  openai arguments: text record none, whole text offered no, restored === input: true
  openai-responses output edited the same: true
  openai-responses output: text record none, whole text offered no, restored === input: true
  anthropic tool_result content edited the same: true
  anthropic tool_result content: text record none, whole text offered no, restored === input: true
  openai tool content edited the same: true
  openai tool content: text record none, whole text offered no, restored === input: true
