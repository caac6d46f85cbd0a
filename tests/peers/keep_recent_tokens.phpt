--TEST--
keepRecentTokens leaves the newest messages alone whose estimates add up to at most N tokens (LangChain's keep {tokens: N}), counting from the newest back and stopping at the first that does not fit, in every format
--DESCRIPTION--
Follows LangChain's context editing and summarization middleware (reference.langchain.com, KeepSize
{tokens}): the most recent messages up to that many tokens are kept intact. toolcompact counts each
message's estimate (SPEC "The estimate": ceil(bytes / 4) of each JSON text a model reads), the same in
every format. Here a call's arguments {"query":"q…"} are 312 bytes of JSON (78 tokens), a result's
{"output":"o…"} 313 bytes (79 tokens), the answer "answer 1" 10 bytes (3 tokens): the newest 3 tokens
keep the answer, 82 the c3 result too, 160 the c3 call too.
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/peers.php';
use function ToolCompact\Tests\{peers_history, peers_omitted};

// user, c1 call, c1 result, c2 call, c2 result, c3 call, c3 result, answer
$history = peers_history([[['c1', 'bash'], ['c2', 'bash'], ['c3', 'grep']]]);
$params = ['keepLatestPerGroup' => 0];
foreach ([1, 3, 81, 82, 159, 160, 10_000] as $tokens) {
    echo "keep {tokens: $tokens}:\n", peers_omitted($history, $params + ['keepRecentTokens' => $tokens]), "\n";
}
?>
--EXPECT--
keep {tokens: 1}:
every format: c1 input, c1 output, c2 input, c2 output, c3 input, c3 output
keep {tokens: 3}:
every format: c1 input, c1 output, c2 input, c2 output, c3 input, c3 output
keep {tokens: 81}:
every format: c1 input, c1 output, c2 input, c2 output, c3 input, c3 output
keep {tokens: 82}:
every format: c1 input, c1 output, c2 input, c2 output, c3 input
keep {tokens: 159}:
every format: c1 input, c1 output, c2 input, c2 output, c3 input
keep {tokens: 160}:
every format: c1 input, c1 output, c2 input, c2 output
keep {tokens: 10000}:
every format: -
