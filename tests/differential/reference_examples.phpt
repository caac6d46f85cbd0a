--TEST--
Differential: behaviour examples A-D of the original README, native and reference
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\reference_compact;

function message(string $role, ?string $content, array $calls = [], array $results = []): array
{
    return ['role' => $role, 'content' => $content, 'toolCalls' => $calls, 'toolResults' => $results];
}

/** Two rounds of one tool: call_1 (older) and call_2 (newer), each answered at once. */
function two_rounds(string $tool, array $args1, array $result1, array $args2, array $result2): array
{
    return [
        message('user', 'Please fix A.php'),
        message('assistant', null, [['id' => 'call_1', 'toolName' => $tool, 'arguments' => $args1]]),
        message('tool', json_encode($result1), [], [['id' => 'call_1', 'toolName' => $tool, 'result' => $result1]]),
        message('assistant', null, [['id' => 'call_2', 'toolName' => $tool, 'arguments' => $args2]]),
        message('tool', json_encode($result2), [], [['id' => 'call_2', 'toolName' => $tool, 'result' => $result2]]),
    ];
}

/** One line per message: what changed, compared with the input. */
function describe(array $in, array $out): string
{
    $lines = [];
    foreach ($in as $i => $message) {
        if ($out[$i] === $message) {
            $lines[] = "  #$i intact";
            continue;
        }
        $parts = [];
        foreach ($out[$i]['toolCalls'] as $call) {
            $parts[] = $call['id'] . ' arguments ' . json_encode($call['arguments']);
        }
        foreach ($out[$i]['toolResults'] as $result) {
            $parts[] = $result['id'] . ' result ' . json_encode($result['result']);
        }
        $parts[] = 'content ' . json_encode($out[$i]['content']);
        $lines[] = "  #$i " . implode('; ', $parts);
    }
    return implode("\n", $lines);
}

function run(string $name, array $history, array $params): void
{
    $native = toolcompact_compact($history, $params);
    $reference = reference_compact($history, $params);
    echo "$name: ", serialize($native) === serialize($reference) ? 'same' : 'DIFFERENT', "\n";
    echo describe($history, $native), "\n";
}

$long = str_repeat('x', 6000);
$long2 = str_repeat('y', 6000);
$readArgs = ['path' => 'A.php', 'position' => 0, 'length' => 6000];
$readParams = [
    'inputTrimBytes' => 100,
    'outputTrimBytes' => 100,
    'toolIdentifierFields' => ['read_file_content' => ['path', 'position', 'length']],
];

run('A', two_rounds('read_file_content', $readArgs, ['content' => $long], $readArgs, ['content' => $long2]), $readParams);
run('B', two_rounds(
    'read_file_content',
    $readArgs,
    ['content' => $long],
    ['path' => 'A.php', 'position' => 6000, 'length' => 4000],
    ['content' => $long2]
), $readParams);
run('B with "6000"', two_rounds(
    'read_file_content',
    $readArgs,
    ['content' => $long],
    ['path' => 'A.php', 'position' => 0, 'length' => '6000'],
    ['content' => $long2]
), $readParams);
run('C', two_rounds(
    'write_file_content',
    ['path' => 'A.php', 'content' => $long],
    ['status' => 'ok'],
    ['path' => 'A.php', 'content' => $long2],
    ['status' => 'ok']
), [
    'inputTrimBytes' => 100,
    'outputTrimBytes' => 100,
    'toolIdentifierFields' => ['write_file_content' => ['path']],
]);
run('D', two_rounds(
    'list_files',
    ['dir' => 'src'],
    ['files' => array_fill(0, 20, 'src/Service/InvoiceRepository.php')],
    ['dir' => 'tests'],
    ['files' => ['tests/InvoiceRepositoryTest.php']]
), []);
?>
--EXPECT--
A: same
  #0 intact
  #1 intact
  #2 call_1 result {"content":"[omitted]","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"content":{"bytes":6000,"sha256":"b7bbfb1b3ef60161693315f9daeaf3d612018c8bacf28fa54f3f093819a5baeb"}}}}; content "[tool_compaction] Tool result compacted for tool=read_file_content, callId=call_1. Large fields omitted."
  #3 intact
  #4 intact
B: same
  #0 intact
  #1 intact
  #2 intact
  #3 intact
  #4 intact
B with "6000": same
  #0 intact
  #1 intact
  #2 intact
  #3 intact
  #4 intact
C: same
  #0 intact
  #1 call_1 arguments {"path":"A.php","content":"[omitted]","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"content":{"bytes":6000,"sha256":"b7bbfb1b3ef60161693315f9daeaf3d612018c8bacf28fa54f3f093819a5baeb"}}}}; content null
  #2 intact
  #3 intact
  #4 intact
D: same
  #0 intact
  #1 intact
  #2 call_1 result {"files":"[omitted]","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"files":{"bytes":761,"sha256":"74a514520899f69d121c2e4e973f02d6936f04e7f614f8892e7ca169e67a1ad8"}}}}; content "[tool_compaction] Tool result compacted for tool=list_files, callId=call_1. Large fields omitted."
  #3 intact
  #4 intact
