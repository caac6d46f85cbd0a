<?php
/*
 * The DTO path: the native strategy over SPI DTO doubles against what a
 * userland strategy costs on the same DTOs (the userland reference of
 * tests/lib run through a DTO adapter: read the DTOs, compact, rebuild the
 * changed messages), and against the native array path on the same history.
 * Ratios are measured side by side in one process; no timing is asserted.
 * All calls are cold: the array path runs with toolcompact.memo_entries=0
 * (the DTO path has no memo), so both read every message on every call.
 *
 * "iter µs": a userland foreach over the toolCalls and toolResults of every
 * message and nothing else, about the least any DTO path pays that reads
 * collections by iterating them (the only protocol the SPI documents; the C
 * reader makes the same calls: getIterator(), then the iterator's). "floor" is
 * (array + iter) / array: the lowest DTO/array time that protocol allows
 * when the rest of the DTO path cost no more than the array path.
 *
 *   php -d extension=modules/toolcompact.so bench/dto.php [--quick]
 */
require __DIR__ . '/../tests/lib/reference.php';
require __DIR__ . '/../tests/spi/autoload.php';
require __DIR__ . '/timing.php';
spi_autoload();

use AdachSoft\AiAgent\Spi\Conversation\Dto as D;
use AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy;
use function ToolCompact\Tests\reference_compact;

ini_set('toolcompact.memo_entries', '0');
$quick = in_array('--quick', $argv, true);
$runs = $quick ? 3 : 15;

/** What a userland strategy does on DTOs: arrays in, compaction, DTOs out for what changed. */
function userland_dto(D\ConversationMessageDtoCollection $history, array $params): D\ConversationMessageDtoCollection
{
    $in = iterator_to_array($history);
    $arrays = spi_to_arrays($in);
    $compacted = reference_compact($arrays, $params);
    $out = [];
    foreach ($compacted as $i => $m) {
        $out[] = $m === $arrays[$i] ? $in[$i] : spi_from_arrays([$m])->getIterator()->current();
    }
    return new D\ConversationMessageDtoCollection($out);
}

/** A long agent session: reads of a few files at moving offsets, commands, writes. */
function long_history(int $turns): array
{
    $h = [['role' => 'system', 'content' => str_repeat('You are a coding agent. ', 40), 'toolCalls' => [], 'toolResults' => []],
          ['role' => 'user', 'content' => 'Fix the failing tests.', 'toolCalls' => [], 'toolResults' => []]];
    for ($t = 1; $t <= $turns; $t++) {
        $tool = ['read_file', 'bash', 'write_file'][$t % 3];
        $args = match ($tool) {
            'read_file' => ['path' => 'src/f' . ($t % 25) . '.php', 'offset' => 0],
            'bash' => ['command' => 'phpunit --filter T' . ($t % 40)],
            'write_file' => ['path' => 'src/f' . ($t % 25) . '.php', 'content' => str_repeat("<?php // v$t\n", 60)],
        };
        $result = match ($tool) {
            'read_file' => ['content' => str_repeat("line $t of {$args['path']}\n", 120)],
            'bash' => ['output' => str_repeat("test $t ok\n", 150), 'exitCode' => $t % 7 ? 0 : 1],
            'write_file' => ['status' => 'ok'],
        };
        $h[] = ['role' => 'assistant', 'content' => "Step $t.", 'toolCalls' => [['id' => "call_$t", 'toolName' => $tool, 'arguments' => $args]], 'toolResults' => []];
        $h[] = ['role' => 'tool', 'content' => json_encode($result), 'toolCalls' => [], 'toolResults' => [['id' => "call_$t", 'toolName' => $tool, 'result' => $result]]];
    }
    return $h;
}

$cases = [];
foreach (glob(__DIR__ . '/../../shared/data/trajectories/*/*.json') ?: [] as $file) {
    $cases[basename($file, '.json')] = [json_decode(file_get_contents($file), true)['messages'], []];
}
$cases['shipped: django__django-16502'] = [json_decode(file_get_contents(__DIR__ . '/../examples/transcripts/django__django-16502.json'), true)['messages'], []];
$cases['generated: 1000 turns'] = [long_history(1000), ['toolIdentifierFields' => ['read_file' => ['path', 'offset'], 'write_file' => ['path']]]];
if ($quick) {
    $cases = array_slice($cases, -2, 2, true);
}

$strategy = new ToolCompactionConversationContextStrategy();
/** One pass over every collection of every message, the way PHP code reads them. */
function iterate_collections(array $messages): void
{
    foreach ($messages as $m) {
        foreach ($m->toolCalls as $call) {
        }
        foreach ($m->toolResults as $result) {
        }
    }
}

printf("%-58s %6s %9s %10s %10s %10s %8s %9s %9s %7s\n", 'history', 'msgs', 'bytes', 'array µs', 'DTO µs', 'user µs', 'user/DTO', 'DTO/array', 'iter µs', 'floor');
$worst = ['speedup' => INF, 'overhead' => 0.0];
$overFloor = 0;
$differences = 0;
foreach ($cases as $name => [$arrays, $params]) {
    $dto = spi_from_arrays($arrays);
    $native = spi_to_arrays($strategy->apply($dto, $params));
    if ($native !== toolcompact_compact($arrays, $params) || spi_to_arrays(userland_dto($dto, $params)) !== $native) {
        $differences++;
        echo "OUTPUTS DIFFER: $name\n";
    }
    $array = median_over_runs_us(fn () => toolcompact_compact($arrays, $params), $runs);
    $dtoTime = median_over_runs_us(fn () => $strategy->apply($dto, $params), $runs);
    $user = median_over_runs_us(fn () => userland_dto($dto, $params), $runs);
    $messages = iterator_to_array($dto);
    $iter = median_over_runs_us(fn () => iterate_collections($messages), $runs);
    $worst['speedup'] = min($worst['speedup'], $user / $dtoTime);
    $worst['overhead'] = max($worst['overhead'], $dtoTime / $array);
    $overFloor += ($array + $iter) / $array > 1.5 ? 1 : 0;
    printf("%-58s %6d %9d %10.1f %10.1f %10.1f %7.1fx %8.2fx %9.1f %6.2fx\n", $name, count($arrays), strlen(json_encode($arrays)),
        $array, $dtoTime, $user, $user / $dtoTime, $dtoTime / $array, $iter, ($array + $iter) / $array);
}
printf("\nworst DTO speed-up over userland: %.1fx; worst DTO/array time: %.2fx; iteration floor above 1.5x on %d of %d histories; %d output differences\n",
    $worst['speedup'], $worst['overhead'], $overFloor, count($cases), $differences);
exit($differences ? 1 : 0);
