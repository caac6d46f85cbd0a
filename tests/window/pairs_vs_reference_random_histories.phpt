--TEST--
Window, SPEC Part 6 "What counts": on random openai-responses, openai and adachsoft array histories made of every item the window pairs (reasoning, custom tool calls, shell calls, MCP approvals, legacy function calls, system and developer messages), cut at every size, with pinned messages and a summary, ids unique or repeated: the same output and report as the userland reference
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/formats.php';

mt_srand(68);
// each maker gives the entries of one step, $k its number
$responses = [
    fn (int $k) => [['type' => 'message', 'role' => 'user', 'content' => 'u']],
    fn (int $k) => [['type' => 'message', 'role' => 'assistant', 'content' => 'a']],
    fn (int $k) => [['type' => 'message', 'role' => 'system', 'content' => 's']],
    fn (int $k) => [['type' => 'reasoning', 'id' => "rs$k", 'summary' => []]],
    fn (int $k) => [['type' => 'function_call', 'call_id' => "f$k", 'name' => 'read', 'arguments' => '{}'],
        ['type' => 'function_call_output', 'call_id' => "f$k", 'output' => 'x']],
    fn (int $k) => [['type' => 'custom_tool_call', 'call_id' => "c$k", 'name' => 'grep', 'input' => 'i']],
    fn (int $k) => [['type' => 'custom_tool_call_output', 'call_id' => 'c' . ($k - 1), 'output' => 'o']],
    fn (int $k) => [['type' => 'local_shell_call', 'id' => "ls$k", 'call_id' => "l$k", 'action' => []],
        ['type' => 'local_shell_call_output', 'id' => "l$k", 'output' => 'o']],
    fn (int $k) => [['type' => 'mcp_approval_request', 'id' => "m$k", 'name' => 'rm'],
        ['type' => 'message', 'role' => 'developer', 'content' => 'd'],
        ['type' => 'mcp_approval_response', 'approval_request_id' => "m$k", 'approve' => true]],
];
$chat = [
    fn (int $k) => [['role' => 'user', 'content' => 'u']],
    fn (int $k) => [['role' => 'assistant', 'content' => 'a']],
    fn (int $k) => [['role' => 'system', 'content' => 's']],
    fn (int $k) => [['role' => 'assistant', 'content' => null, 'function_call' => ['name' => 'read', 'arguments' => '{}']]],
    fn (int $k) => [['role' => 'function', 'name' => 'read', 'content' => 'x']],
    fn (int $k) => [['role' => 'assistant', 'content' => null, 'tool_calls' => [
            ['id' => "t$k", 'type' => 'custom', 'custom' => ['name' => 'grep', 'input' => 'i']],
            ['id' => "u$k", 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{}']]]],
        ['role' => 'tool', 'tool_call_id' => "t$k", 'content' => 'r'],
        ['role' => 'tool', 'tool_call_id' => "u$k", 'content' => 'r']],
];
$histories = getenv('USE_ZEND_ALLOC') === '0' ? 15 : 120;
$cases = $differences = $dropped = 0;
foreach (['openai-responses' => $responses, 'openai' => $chat, 'adachsoft' => $chat] as $format => $makers) {
    for ($t = 0; $t < $histories; $t++) {
        $h = [];
        // every other history repeats its ids (0 and 1 only, as local models write them)
        for ($k = 0, $n = mt_rand(2, 12); $k < $n; $k++) {
            foreach ($makers[mt_rand(0, count($makers) - 1)]($t % 2 ? $k % 2 : $k) as $entry) {
                if ($format === 'adachsoft') {
                    unset($entry['tool_calls'], $entry['tool_call_id']);
                    $entry += ['toolCalls' => [], 'toolResults' => []];
                }
                $h[] = $entry;
            }
        }
        for ($max = 1; $max <= count($h); $max++) {
            foreach ([[], ['keepSystem' => false, 'keepFirstUser' => true], ['summarize' => fn (array $d): string => 'gist']] as $p) {
                $p += ['maxMessages' => $max, 'format' => $format];
                $cases++;
                $native = toolcompact_compact($h, $p, $nativeReport);
                $reference = reference_compact_format($h, $p, $referenceReport);
                if (serialize($native) !== serialize($reference) || $nativeReport !== $referenceReport) {
                    if (++$differences <= 3) {
                        echo json_encode($h), ' ', json_encode(array_diff_key($p, ['summarize' => 1])), "\n";
                    }
                }
                $dropped += $nativeReport['messagesDropped'] > 0;
            }
        }
    }
}
echo "differences: $differences\n";
echo 'most cases drop messages: ', var_export($dropped > $cases / 2, true), "\n";
?>
--EXPECT--
differences: 0
most cases drop messages: true
