--TEST--
Stability across turns, SPEC Part 6: a 30-turn agent loop in every format with each option of Part 6 (previews, whitespace, the budget with and without a trigger, the window by messages and by tokens, with pinned messages and a summary): a message changed at one turn is byte-identical at every later turn in which it is still there, whether the agent sends its raw history or the compacted one back
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/convert.php';

// 30 turns: the user asks, the agent reads one of four files (read again and again), lists a
// directory, and answers; every entry carries a tag of its own so that it can be found again
$adachsoft = [['role' => 'system', 'content' => 'You are a coding agent.', 'toolCalls' => [], 'toolResults' => []]];
for ($turn = 0; $turn < 30; $turn++) {
    $path = 'src/file' . ($turn % 4) . '.php';
    $adachsoft[] = user("turn $turn: look at $path");
    $adachsoft[] = asst(call("r$turn", 'read_file', ['path' => $path]), call("l$turn", 'list_dir', ['dir' => 'src']));
    $adachsoft[] = tool(res("r$turn", 'read_file', ['content' => str_repeat("<?php  // $path v$turn  \n\n\n", 12 + $turn % 5)]));
    $adachsoft[] = tool(res("l$turn", 'list_dir', ['entries' => str_repeat("src/file$turn.php\n", 8)]));
    $adachsoft[] = ['role' => 'assistant', 'content' => "done with turn $turn", 'toolCalls' => [], 'toolResults' => []];
}
$options = [
    'previews' => ['previewBytes' => 40, 'previewTail' => 20],
    'collapseWhitespace' => ['collapseWhitespace' => true, 'outputTrimBytes' => 2000],
    'targetTokens' => ['targetTokens' => 3000],
    'targetTokens, trigger' => ['targetTokens' => 2500, 'trigger' => ['tokens' => 4000]],
    'maxMessages' => ['maxMessages' => 40],
    'maxMessages, first user, summary' => ['maxMessages' => 40, 'keepFirstUser' => true,
        'summarize' => fn (array $dropped): string => count($dropped) . ' messages'],
    'maxTokensWindow' => ['maxTokensWindow' => 2500, 'previewBytes' => 30],
];
foreach (['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
    $entries = $format === 'adachsoft' ? $adachsoft : convert_history($adachsoft, $format);
    foreach ($entries as $i => $entry) {
        $entries[$i]['tag'] = "e$i";
    }
    foreach ($options as $name => $params) {
        $line = [];
        foreach (['raw', 'fed back'] as $mode) {
            $frozen = [];   // tag => serialization when it first changed
            $unstable = $dropped = 0;
            $history = [];
            foreach ($entries as $i => $entry) {
                $history[] = $entry;
                $out = toolcompact_compact($history, $params + ['format' => $format], $report);
                $dropped += $report['messagesDropped'] ?? 0;
                foreach ($out as $m) {
                    $tag = $m['tag'] ?? null; // a summary has none
                    if ($tag === null) {
                        continue;
                    }
                    if (isset($frozen[$tag])) {
                        $unstable += (int) (serialize($m) !== $frozen[$tag]);
                    } elseif ($m !== $entries[(int) substr($tag, 1)]) {
                        $frozen[$tag] = serialize($m);
                    }
                }
                if ($mode === 'fed back') {
                    $history = $out;
                }
            }
            $line[] = sprintf('%s: changed %s, unstable %d%s', $mode, count($frozen) > 5 ? '> 5' : count($frozen), $unstable,
                isset($params['maxMessages']) || isset($params['maxTokensWindow']) ? ($dropped > 0 ? ', dropped' : ', none dropped') : '');
        }
        printf("%-16s %-34s %s\n", $format, $name, implode('; ', $line));
    }
}
?>
--EXPECT--
adachsoft        previews                           raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
adachsoft        collapseWhitespace                 raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
adachsoft        targetTokens                       raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
adachsoft        targetTokens, trigger              raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
adachsoft        maxMessages                        raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
adachsoft        maxMessages, first user, summary   raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
adachsoft        maxTokensWindow                    raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
openai           previews                           raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai           collapseWhitespace                 raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai           targetTokens                       raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai           targetTokens, trigger              raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai           maxMessages                        raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
openai           maxMessages, first user, summary   raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
openai           maxTokensWindow                    raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
openai-responses previews                           raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai-responses collapseWhitespace                 raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai-responses targetTokens                       raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai-responses targetTokens, trigger              raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
openai-responses maxMessages                        raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
openai-responses maxMessages, first user, summary   raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
openai-responses maxTokensWindow                    raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
anthropic        previews                           raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
anthropic        collapseWhitespace                 raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
anthropic        targetTokens                       raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
anthropic        targetTokens, trigger              raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
anthropic        maxMessages                        raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
anthropic        maxMessages, first user, summary   raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
anthropic        maxTokensWindow                    raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
gemini           previews                           raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
gemini           collapseWhitespace                 raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
gemini           targetTokens                       raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
gemini           targetTokens, trigger              raw: changed > 5, unstable 0; fed back: changed > 5, unstable 0
gemini           maxMessages                        raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
gemini           maxMessages, first user, summary   raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
gemini           maxTokensWindow                    raw: changed > 5, unstable 0, dropped; fed back: changed > 5, unstable 0, dropped
