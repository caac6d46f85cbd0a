<?php
/*
 * Compacts a real agent transcript and prints what the next LLM call would
 * carry before and after: bytes of the JSON history and an estimate of
 * tokens (bytes / 4, rounded up).
 *
 *   php -d extension=modules/toolcompact.so examples/demo.php [transcript.json] [params.json]
 */

if (!extension_loaded('toolcompact')) {
    fwrite(STDERR, "toolcompact is not loaded: run with -d extension=modules/toolcompact.so\n");
    exit(1);
}

$file = $argv[1] ?? __DIR__ . '/transcripts/django__django-16502.json';
$data = json_decode((string) @file_get_contents($file), true);
if (!is_array($data) || !isset($data['messages']) || !is_array($data['messages'])) {
    fwrite(STDERR, "$file: not a transcript (expected {\"messages\": [...]})\n");
    exit(1);
}
$params = [];
if (isset($argv[2])) {
    $params = json_decode((string) @file_get_contents($argv[2]), true);
    if (!is_array($params)) {
        fwrite(STDERR, "{$argv[2]}: not a JSON object of parameters\n");
        exit(1);
    }
}

$history = $data['messages'];
$start = hrtime(true);
$compacted = toolcompact_compact($history, $params);
$elapsed = (hrtime(true) - $start) / 1e6;

$calls = $changed = $omitted = 0;
foreach ($compacted as $i => $message) {
    $calls += count($message['toolCalls']);
    if ($message !== $history[$i]) {
        $changed++;
    }
    foreach (array_merge($message['toolCalls'], $message['toolResults']) as $item) {
        $payload = $item['arguments'] ?? $item['result'];
        $omitted += count($payload['_tool_compaction']['omittedFields'] ?? []);
    }
}

$before = strlen(json_encode($history));
$after = strlen(json_encode($compacted));
$row = static fn (string $label, string $value) => printf("%-26s %s\n", $label, $value);

$row('transcript', basename($file));
$row('parameters', $params === [] ? 'defaults' : json_encode($params));
$row('messages', (string) count($history));
$row('tool calls', (string) $calls);
$row('messages changed', (string) $changed);
$row('fields omitted', (string) $omitted);
$row('bytes before', number_format($before));
$row('bytes after', number_format($after));
$row('saved', sprintf('%s bytes (%.1f%%)', number_format($before - $after), 100 * ($before - $after) / $before));
$row('est. tokens before/after', sprintf('%s / %s', number_format(intdiv($before + 3, 4)), number_format(intdiv($after + 3, 4))));
$row('time', sprintf('%.2f ms', $elapsed));
