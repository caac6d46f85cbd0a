<?php

declare(strict_types=1);

/**
 * Soak: many toolcompact_compact() calls in one process on growing
 * histories, and memory_get_usage() must come back to where it was.
 *
 * Runs conversations of --turns turns each until --calls calls are made.
 * Every turn appends an assistant call and its tool result (repeated reads,
 * writes and commands with large payloads, plus the odd hostile value: a
 * JsonSerializable that throws, a recursive array, invalid UTF-8, NAN, an
 * existing meta) and compacts the whole history, as an agent does before
 * each request. After each conversation everything is dropped and
 * memory_get_usage() is read. The first conversation warms up; from then on
 * the figure must stay within --bound bytes (default 64 KiB).
 *
 *   php -d extension=modules/toolcompact.so bench/soak.php [--calls 10000] [--turns 100] [--bound 65536]
 *
 * Prints the figures; exit status 0 when memory stayed flat, 1 otherwise.
 */

final class SoakThrows implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        throw new RuntimeException('soak: not encodable');
    }
}

/** Turn $turn of a conversation: an assistant message and its tool message. */
function soak_turn(int $turn): array
{
    $tools = ['read_file', 'write_file', 'bash', 'read_file', 'search'];
    $tool = $tools[$turn % count($tools)];
    $path = 'src/file' . ($turn % 7) . '.php';
    $id = "call_$turn";
    $arguments = match ($tool) {
        'read_file' => ['path' => $path, 'offset' => ($turn % 3) * 100],
        'write_file' => ['path' => $path, 'content' => str_repeat("line $turn\n", 40 + $turn % 50)],
        'bash' => ['command' => 'vendor/bin/phpunit', 'env' => ['CI' => '1', 'N' => $turn]],
        default => ['query' => "needle $turn", 'limit' => 20],
    };
    $result = ['output' => str_repeat("output of $tool $turn\n", 20 + $turn % 60), 'exit' => 0];
    switch ($turn % 11) {
        case 3:
            $result['odd'] = [new SoakThrows()];
            break;
        case 5:
            $loop = ['x' => str_repeat('l', 150)];
            $loop['self'] = &$loop;
            $result['loop'] = $loop;
            break;
        case 7:
            $result['binary'] = str_repeat("\xff\xfe", 200);
            $arguments['offset'] = NAN;
            break;
        case 9:
            $result['_tool_compaction'] = ['thresholdBytes' => 1, 'omittedFields' => ['exit' => ['bytes' => 1, 'sha256' => '']]];
            break;
    }
    return [
        ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => $id, 'toolName' => $tool, 'arguments' => $arguments]], 'toolResults' => []],
        ['role' => 'tool', 'content' => 'raw', 'toolCalls' => [], 'toolResults' => [['id' => $id, 'toolName' => $tool, 'result' => $result]]],
    ];
}

/** One conversation of $turns turns; returns the calls made and the bytes saved on the last turn. */
function soak_conversation(int $turns, array $params): array
{
    $history = [
        ['role' => 'system', 'content' => 'You are a coding agent.', 'toolCalls' => [], 'toolResults' => []],
        ['role' => 'user', 'content' => 'Fix the failing test.', 'toolCalls' => [], 'toolResults' => []],
    ];
    $saved = 0;
    for ($turn = 0; $turn < $turns; $turn++) {
        array_push($history, ...soak_turn($turn));
        $sent = toolcompact_compact($history, $params);
        if ($turn === $turns - 1) {
            $saved = strlen(serialize($history)) - strlen(serialize($sent));
        }
    }
    return [$turns, $saved];
}

$options = getopt('', ['calls:', 'turns:', 'bound:']);
$calls = (int) ($options['calls'] ?? 10000);
$turns = (int) ($options['turns'] ?? 100);
$bound = (int) ($options['bound'] ?? 65536);
if (!extension_loaded('toolcompact') || $calls < 1 || $turns < 1) {
    fwrite(STDERR, "usage: php -d extension=modules/toolcompact.so bench/soak.php [--calls N] [--turns N] [--bound BYTES]\n");
    exit(2);
}
$params = ['toolIdentifierFields' => ['read_file' => ['path', 'offset'], 'write_file' => ['path']], 'excludedTools' => ['search']];

$start = memory_get_usage();
$made = 0;
$conversations = 0;
$afterWarmup = null;
$highest = 0;
$saved = 0;
while ($made < $calls) {
    [$n, $saved] = soak_conversation(min($turns, $calls - $made), $params);
    $made += $n;
    $conversations++;
    gc_collect_cycles(); // the recursive arrays are cycles
    $now = memory_get_usage();
    if ($afterWarmup === null) {
        $afterWarmup = $now;
    }
    $highest = max($highest, $now);
}
$end = memory_get_usage();
$growth = $end - $afterWarmup;

printf("calls                  %d (%d conversations of up to %d turns)\n", $made, $conversations, $turns);
printf("memory at start        %d bytes\n", $start);
printf("after 1st conversation %d bytes\n", $afterWarmup);
printf("highest after one      %d bytes\n", $highest);
printf("at the end             %d bytes\n", $end);
printf("growth after warm-up   %d bytes (bound %d)\n", $growth, $bound);
printf("peak                   %d bytes\n", memory_get_peak_usage());
printf("saved on a last turn   %d bytes of serialized history\n", $saved);
$flat = $highest - $afterWarmup <= $bound;
echo $flat ? "memory flat\n" : "MEMORY GREW\n";
exit($flat ? 0 : 1);
