<?php

declare(strict_types=1);

/**
 * The Redis round trip over every real transcript, run by
 * tests/offload/redis_round_trip_transcripts.phpt in a PHP process that has
 * phpredis and the extension loaded:
 *
 *   php redis_offload.php PORT
 *
 * onOmit stores each omitted value in Redis under "toolcompact:<sha256>";
 * toolcompact_restore() reads them back. Prints one line of figures and
 * "round trip: identical" when restore(compact(h)) === h for every
 * transcript; exits non-zero otherwise.
 */

require __DIR__ . '/build.php';

use function ToolCompact\Tests\transcripts;

$redis = new Redis();
$redis->connect('127.0.0.1', (int) $argv[1], 5.0);
$redis->flushDB();

$params = []; // the defaults: one group per tool, 100-byte thresholds
$stats = ['transcripts' => 0, 'values' => 0, 'bytes' => 0, 'restored' => 0, 'differ' => 0];
$params['onOmit'] = function (string $sha, string $json, array $where) use ($redis, &$stats): void {
    $redis->set('toolcompact:' . $sha, $json);
    $stats['values']++;
    $stats['bytes'] += strlen($json);
};
$lookup = function (string $sha) use ($redis, &$stats): ?string {
    $json = $redis->get('toolcompact:' . $sha);
    $stats['restored'] += (int) is_string($json);
    return is_string($json) ? $json : null;
};

foreach (transcripts() as $name => $history) {
    $stats['transcripts']++;
    $compacted = toolcompact_compact($history, $params);
    if (toolcompact_restore($compacted, $lookup) !== $history) {
        $stats['differ']++;
        fwrite(STDERR, "$name: round trip differs\n");
    }
}
printf("%d transcripts, %d values offloaded (%d bytes of JSON), %d restored, %d keys in Redis\n",
    $stats['transcripts'], $stats['values'], $stats['bytes'], $stats['restored'], $redis->dbSize());
echo $stats['differ'] === 0 && $stats['values'] > 0 ? "round trip: identical\n" : "round trip: FAILED\n";
exit($stats['differ'] === 0 ? 0 : 1);
