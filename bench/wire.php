<?php
/*
 * Compaction on the wire (issue 70) on the shipped transcripts, each
 * converted to every provider format (tests/lib/convert.php) and written as
 * the request body a client sends (json_encode() of model + history):
 *
 * - the bytes sent before and after toolcompact_compact_request();
 * - toolcompact_compact_request() against the same in PHP: time ratio PHP /
 *   native (above 1: the native one is faster), cold (toolcompact.memo_entries=0,
 *   as the first request of a process) and warm (the memo on, the same body
 *   again), against two ways of doing it in PHP:
 *   "arrays": json_decode($body, true) + toolcompact_compact() + json_encode()
 *   (the quick way, which loses {}: an empty object goes out as []);
 *   "objects": json_decode($body) + toolcompact_compact() of the stdClass
 *   history + json_encode() with JSON_UNESCAPED_SLASHES |
 *   JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION (the same JSON as
 *   the native one sends);
 * - ToolCompact\Http\CompactingClient around a fake in-process inner client
 *   (it answers at once, with no network) against the inner client alone:
 *   the client's added time per request, in µs and as a ratio.
 *
 * In one process, the two sides of each ratio in alternating blocks
 * (bench/timing.php). No timing is asserted; the only failure is a history
 * sent that differs from toolcompact_compact()'s (exit status 1).
 *
 *   php -d extension=modules/toolcompact.so bench/wire.php [--quick]
 *
 * The client's part needs the test SDKs (composer install -d tests/sdk)
 * and is left out without them.
 */

declare(strict_types=1);

namespace ToolCompact\Tests;

use Psr\Http\Client\ClientInterface;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;

require __DIR__ . '/timing.php';
require dirname(__DIR__) . '/tests/lib/build.php';
require dirname(__DIR__) . '/tests/lib/convert.php';

$autoload = dirname(__DIR__) . '/tests/sdk/vendor/autoload.php';
$withClient = is_file($autoload) && (require $autoload) && class_exists(\ToolCompact\Http\CompactingClient::class);
$quick = in_array('--quick', $argv, true);
$runs = $quick ? 5 : 21;
$apis = [
    'openai' => ['messages', '/v1/chat/completions', ['model' => 'gpt-4o']],
    'openai-responses' => ['input', '/v1/responses', ['model' => 'gpt-4.1']],
    'anthropic' => ['messages', '/v1/messages', ['model' => 'claude-sonnet-4-5', 'max_tokens' => 1024]],
    'gemini' => ['contents', '/v1beta/models/gemini-2.5-pro:generateContent', []],
];
$failed = 0;

/** An inner client that answers every request at once with the same response. */
final class FakeClient implements ClientInterface
{
    public function __construct(private ResponseInterface $response)
    {
    }

    public function sendRequest(RequestInterface $request): ResponseInterface
    {
        (string) $request->getBody(); // read it, as a client sending it would
        return $this->response;
    }
}

$in_php = static function (string $body, string $key): string {
    $request = json_decode($body, true);
    $request[$key] = toolcompact_compact($request[$key]);
    return json_encode($request);
};
$in_php_objects = static function (string $body, string $key): string {
    $request = json_decode($body);
    $request->$key = toolcompact_compact($request->$key);
    return json_encode($request, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
};

$rows = [];
foreach (transcripts() as $name => $adachsoft) {
    foreach ($apis as $format => [$key, $path, $members]) {
        $body = json_encode($members + [$key => convert_history($adachsoft, $format)]);
        $sent = toolcompact_compact_request($body);
        $expected = json_decode(json_encode(toolcompact_compact(json_decode($body, true)[$key])), true);
        if (json_decode($sent, true)[$key] !== $expected) {
            fprintf(STDERR, "%s %s: the history sent differs from toolcompact_compact()'s\n", $name, $format);
            $failed++;
        }

        ini_set('toolcompact.memo_entries', '0');
        [$native, $php] = median_pair_us(fn () => toolcompact_compact_request($body), $runs, fn () => $in_php($body, $key), $runs, 3);
        [$nativeObj, $phpObj] = median_pair_us(fn () => toolcompact_compact_request($body), $runs, fn () => $in_php_objects($body, $key), $runs, 3);
        ini_set('toolcompact.memo_entries', '16384');
        [$nativeWarm, $phpWarm] = median_pair_us(fn () => toolcompact_compact_request($body), $runs, fn () => $in_php($body, $key), $runs, 3);
        [$nativeWarmObj, $phpWarmObj] = median_pair_us(fn () => toolcompact_compact_request($body), $runs, fn () => $in_php_objects($body, $key), $runs, 3);

        $added = null;
        if ($withClient) {
            $factory = new \Nyholm\Psr7\Factory\Psr17Factory();
            $inner = new FakeClient($factory->createResponse(200)->withHeader('Content-Type', 'application/json')
                ->withBody($factory->createStream('{"id":"x"}')));
            $compacting = new \ToolCompact\Http\CompactingClient($inner, $factory);
            $request = $factory->createRequest('POST', "https://api.example$path")->withHeader('Content-Type', 'application/json')
                ->withBody($factory->createStream($body));
            ini_set('toolcompact.memo_entries', '0');
            [$alone, $wrapped] = median_pair_us(fn () => $inner->sendRequest($request), $runs, fn () => $compacting->sendRequest($request), $runs, 3);
            ini_set('toolcompact.memo_entries', '16384');
            $added = $wrapped - $alone;
        }
        $rows[$format][] = ['name' => $name, 'bytes' => strlen($body), 'sent' => strlen($sent), 'native' => $native,
            'cold' => $php / $native, 'warm' => $phpWarm / $nativeWarm, 'coldObj' => $phpObj / $nativeObj,
            'warmObj' => $phpWarmObj / $nativeWarmObj, 'added' => $added,
            'times' => [$php, $native, $phpWarm, $nativeWarm, $phpObj, $nativeObj, $phpWarmObj, $nativeWarmObj]];
    }
}

$range = static function (array $v): string {
    sort($v);
    return sprintf('%.2f (%.2f-%.2f)', median_of($v), $v[0], $v[count($v) - 1]);
};
$us = static fn (?float $v): string => $v === null ? '-' : sprintf('%.0f', $v);
echo "PHP / native time ratios against PHP arrays (loses {}) and PHP objects (same JSON)\n";
printf("%-18s %-32s %9s %9s %7s %10s %9s %9s %9s %9s %11s\n", 'format', 'transcript', 'bytes', 'sent', 'saved', 'native µs',
    'arr cold', 'arr warm', 'obj cold', 'obj warm', 'client +µs');
foreach ($rows as $format => $list) {
    foreach ($list as $row) {
        if (str_starts_with($row['name'], 'transcripts/')) { // the shipped ones
            printf("%-18s %-32s %9d %9d %6.1f%% %10.0f %9.2f %9.2f %9.2f %9.2f %11s\n", $format, substr(basename($row['name']), 0, 32),
                $row['bytes'], $row['sent'], 100 * ($row['bytes'] - $row['sent']) / $row['bytes'], $row['native'], $row['cold'],
                $row['warm'], $row['coldObj'], $row['warmObj'], $us($row['added']));
        }
    }
}
echo "(arr: PHP arrays (loses {}), json_decode(\$body, true) + toolcompact_compact() + json_encode();\n",
    " obj: PHP objects (same JSON), json_decode(\$body) + toolcompact_compact() + json_encode() with the native one's flags;\n",
    " each the PHP time over toolcompact_compact_request()'s, cold / warm: the memo off / on;\n",
    " client +µs: CompactingClient's time per request less the fake inner client's, memo off)\n\n";

if (count(reset($rows)) > 1) {
    printf("%-18s %5s %7s %18s %18s %18s %18s %9s %9s %9s %9s %11s\n", 'all transcripts', 'files', 'saved', 'arr cold', 'arr warm',
        'obj cold', 'obj warm', 'sum arr c', 'sum arr w', 'sum obj c', 'sum obj w', 'client +µs');
    foreach ($rows as $format => $list) {
        $sum = array_fill(0, 8, 0.0);
        foreach ($list as $row) {
            foreach ($row['times'] as $i => $t) {
                $sum[$i] += $t;
            }
        }
        $bytes = array_sum(array_column($list, 'bytes'));
        $added = array_filter(array_column($list, 'added'), 'is_float');
        printf("%-18s %5d %6.1f%% %18s %18s %18s %18s %9.2f %9.2f %9.2f %9.2f %11s\n", $format, count($list),
            100 * ($bytes - array_sum(array_column($list, 'sent'))) / $bytes, $range(array_column($list, 'cold')),
            $range(array_column($list, 'warm')), $range(array_column($list, 'coldObj')), $range(array_column($list, 'warmObj')),
            $sum[0] / $sum[1], $sum[2] / $sum[3], $sum[4] / $sum[5], $sum[6] / $sum[7], $us($added ? median_of($added) : null));
    }
    echo "(medians over the transcripts with the smallest and largest; sum: the ratio of the summed times; client +µs: the median)\n";
}
exit($failed > 0 ? 1 : 0);
