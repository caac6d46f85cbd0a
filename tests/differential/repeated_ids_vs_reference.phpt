--TEST--
differential, formats: the shipped transcript with its call ids renamed as some providers and local models write them (call_{n}, n the call's place in its message: the same ids every turn), in openai, openai-responses, anthropic and gemini, gives the same output, report, onOmit records and restored history natively as the userland reference (a result answers the nearest call before it with its id), and restore(compact(h)) === h
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/formats.php';
require __DIR__ . '/../lib/convert.php';

/** The adachsoft history with each call's id "call_{n}" (its place in its message) and its results' ids alike. */
function repeat_ids(array $history): array
{
    $renamed = [];
    foreach ($history as $m => $message) {
        foreach ($message['toolCalls'] ?? [] as $n => $call) {
            $renamed[$call['id']] = "call_$n";
            $history[$m]['toolCalls'][$n]['id'] = "call_$n";
        }
        foreach ($message['toolResults'] ?? [] as $n => $result) {
            $history[$m]['toolResults'][$n]['id'] = $renamed[$result['id']] ?? $result['id'];
        }
    }
    return $history;
}

$run = function (callable $compact, callable $restore, array $history, array $params): array {
    $records = [];
    $params['onOmit'] = function (string $sha256, string $json, array $where) use (&$records): void {
        $records[] = [$sha256, $json, $where];
    };
    $out = $compact($history, $params, $report);
    $store = array_column($records, 1, 0);
    $back = $restore($out, fn (string $sha256): ?string => $store[$sha256] ?? null);
    return [serialize($out), $report, $records, serialize($back)];
};
$identifiers = ['toolIdentifierFields' => ['bash' => ['command'], 'open' => ['path'], 'create' => ['filename']]];
$sets = [[], $identifiers, ['keepLatestPerGroup' => 2, 'keepRecentMessages' => 4] + $identifiers];
$cases = $failing = $repeated = 0;
$transcripts = transcripts();
foreach ($transcripts as $name => $adachsoft) {
    $adachsoft = repeat_ids($adachsoft);
    foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
        $history = convert_history($adachsoft, $format);
        foreach ($sets as $i => $params) {
            $cases++;
            $native = $run('toolcompact_compact', 'toolcompact_restore', $history, $params);
            $reference = $run(fn ($h, $p, &$r) => reference_compact_format($h, $p, $r), 'ToolCompact\Tests\reference_restore_format', $history, $params);
            $what = [];
            foreach (['output', 'report', 'onOmit records', 'restored history'] as $k => $label) {
                if ($native[$k] !== $reference[$k]) {
                    $what[] = $label;
                }
            }
            if ($native[3] !== serialize($history)) {
                $what[] = 'restore(compact(h)) !== h';
            }
            $repeated += count(array_filter($native[2], fn (array $r): bool => $r[2]['callId'] === 'call_0'));
            if ($what && ++$failing <= 10) {
                echo "$name $format set $i: ", implode(', ', $what), "\n";
            }
        }
    }
}
echo $cases === count($transcripts) * 4 * count($sets) ? "all cases" : "only $cases cases", ", $failing failing, ",
    $repeated > 0 ? "fields of call_0 omitted" : "nothing of call_0 omitted", "\n";
?>
--EXPECT--
all cases, 0 failing, fields of call_0 omitted
