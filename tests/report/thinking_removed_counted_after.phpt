--TEST--
report, keepThinkingTurns (SPEC Part 4 "Thinking blocks"): the removed thinking blocks' texts, as the estimate counts them, leave bytesAfter and tokensAfter and join savedBytes; a redacted block or a signature counts nothing; a tokenCounter counts them as it counted them before
--EXTENSIONS--
toolcompact
--FILE--
<?php
$thinking = str_repeat('abcd', 100); // its JSON: 402 bytes, 101 tokens
$history = [
    ['role' => 'user', 'content' => 'task'],                                     // 6 bytes, 2 tokens
    ['role' => 'assistant', 'content' => [
        ['type' => 'thinking', 'thinking' => $thinking, 'signature' => 'sig'],
        ['type' => 'redacted_thinking', 'data' => str_repeat('x', 300)],
        ['type' => 'text', 'text' => 'ok'],                                      // 4 bytes, 1 token
    ]],
    ['role' => 'user', 'content' => 'next'],                                     // 6 bytes, 2 tokens
    ['role' => 'assistant', 'content' => [
        ['type' => 'thinking', 'thinking' => $thinking, 'signature' => 'sig'],
        ['type' => 'text', 'text' => 'ok2'],                                     // 5 bytes, 2 tokens
    ]],
    ['role' => 'user', 'content' => 'again'],                                    // 7 bytes, 2 tokens
];
$keys = ['applied', 'messagesChanged', 'bytesBefore', 'bytesAfter', 'tokensBefore', 'tokensAfter', 'savedBytes', 'firstChangedIndex', 'thinkingBlocksRemoved'];
$show = function (array $params) use ($history, $keys): void {
    $out = toolcompact_compact($history, $params + ['format' => 'anthropic'], $report);
    foreach ($keys as $key) {
        echo $key, '=', var_export($report[$key], true), ' ';
    }
    echo "\n";
};
$show(['keepThinkingTurns' => 0]);
$show(['keepThinkingTurns' => 1]);
$show(['keepThinkingTurns' => 2]);
$show(['keepThinkingTurns' => 0, 'tokenCounter' => fn (string $json): int => 1]);
?>
--EXPECT--
applied=true messagesChanged=2 bytesBefore=832 bytesAfter=28 tokensBefore=211 tokensAfter=9 savedBytes=804 firstChangedIndex=1 thinkingBlocksRemoved=3 
applied=true messagesChanged=1 bytesBefore=832 bytesAfter=430 tokensBefore=211 tokensAfter=110 savedBytes=402 firstChangedIndex=1 thinkingBlocksRemoved=2 
applied=true messagesChanged=0 bytesBefore=832 bytesAfter=832 tokensBefore=211 tokensAfter=211 savedBytes=0 firstChangedIndex=NULL thinkingBlocksRemoved=0 
applied=true messagesChanged=2 bytesBefore=832 bytesAfter=28 tokensBefore=7 tokensAfter=5 savedBytes=804 firstChangedIndex=1 thinkingBlocksRemoved=3 
