--TEST--
placeholder: an omitted text or text part of a result is written as the template with {tool}, {bytes} and {sha256} substituted (openai, openai-responses, anthropic; gemini results are objects, whose fields keep "[omitted]" and the meta); onOmit and the report as without it; a second pass with the same params changes nothing; toolcompact_restore() with the params gives the input back, without them leaves the text (a Gemini object is restored either way)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history, parts, items};

$B = str_repeat('b', 400);
$hex = hash('sha256', json_encode($B));
$params = ['outputTrimBytes' => 10, 'placeholder' => '<{tool} said {bytes} bytes: {sha256}>'];
$expected = "<read_file said 400 bytes: $hex>";
foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $f) {
    $kinds = $f === 'gemini' ? ['object' => ['output' => $B]] : ['text' => $B, 'part' => parts($f, $B)];
    foreach ($kinds as $kind => $payload) {
        $h = history(calls($f, [call('c1', 'read_file', ['path' => 'a'])]), results($f, [res('c1', 'read_file', $payload)]),
            calls($f, [call('c2', 'read_file', ['path' => 'b'])]), results($f, [res('c2', 'read_file', 'ok')]));
        $store = [];
        $offered = [];
        $p = $params + ['onOmit' => function (string $sha, string $json, array $where) use (&$store, &$offered, $hex) {
            $store[$sha] = $json;
            $offered[] = $where['tool'] . ' field ' . var_export($where['field'], true) . ($sha === $hex ? ' sha ok' : ' sha ?');
        }];
        $out = toolcompact_compact($h, $p, $report);
        $written = items($f, $out)[1]['payload'];
        $got = match ($kind) { 'text' => $written, 'part' => $written[0]['text'], 'object' => $written['output'] };
        $lookup = fn (string $sha): ?string => $store[$sha] ?? null;
        printf("%s %s: %s; offered [%s]; fieldsOmitted %d; again %s; restored with params %s; without %s\n", $f, $kind,
            $got === $expected ? 'the template' : var_export($got, true), implode(', ', $offered), $report['fieldsOmitted'],
            toolcompact_compact($out, $p) === $out ? 'same' : 'CHANGED',
            toolcompact_restore($out, $lookup, $params) === $h ? 'the input' : 'NOT the input',
            match (toolcompact_restore($out, $lookup)) { $out => 'unchanged', $h => 'the input', default => 'OTHER' });
    }
}
?>
--EXPECT--
openai text: the template; offered [read_file field 0 sha ok]; fieldsOmitted 1; again same; restored with params the input; without unchanged
openai part: the template; offered [read_file field 0 sha ok]; fieldsOmitted 1; again same; restored with params the input; without unchanged
openai-responses text: the template; offered [read_file field 0 sha ok]; fieldsOmitted 1; again same; restored with params the input; without unchanged
openai-responses part: the template; offered [read_file field 0 sha ok]; fieldsOmitted 1; again same; restored with params the input; without unchanged
anthropic text: the template; offered [read_file field 0 sha ok]; fieldsOmitted 1; again same; restored with params the input; without unchanged
anthropic part: the template; offered [read_file field 0 sha ok]; fieldsOmitted 1; again same; restored with params the input; without unchanged
gemini object: '[omitted]'; offered [read_file field 'output' sha ok]; fieldsOmitted 1; again same; restored with params the input; without the input
