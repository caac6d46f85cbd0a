--TEST--
toolcompact_retrieval_tool() refuses what no provider takes: a format other than the four (adachsoft has no tool format), a name that is empty, longer than 64 bytes, starts with a digit or a dash, or holds other characters - ValueError; wrong types - TypeError
--EXTENSIONS--
toolcompact
--FILE--
<?php
declare(strict_types=1);
$try = function (callable $f): void {
    try {
        $f();
        echo "no error\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
};
foreach (['adachsoft', 'auto', 'OpenAI', '', 'claude'] as $format) {
    $try(fn () => toolcompact_retrieval_tool($format));
}
foreach (['', str_repeat('a', 65), '1abc', '-abc', 'a.b', 'a b', 'read:omitted', "é"] as $name) {
    $try(fn () => toolcompact_retrieval_tool('openai', $name));
}
$try(fn () => toolcompact_retrieval_tool([]));
$try(fn () => toolcompact_retrieval_tool('openai', null));
?>
--EXPECT--
ValueError: toolcompact_retrieval_tool(): Argument #1 ($format) must be "openai", "openai-responses", "anthropic" or "gemini"
ValueError: toolcompact_retrieval_tool(): Argument #1 ($format) must be "openai", "openai-responses", "anthropic" or "gemini"
ValueError: toolcompact_retrieval_tool(): Argument #1 ($format) must be "openai", "openai-responses", "anthropic" or "gemini"
ValueError: toolcompact_retrieval_tool(): Argument #1 ($format) must be "openai", "openai-responses", "anthropic" or "gemini"
ValueError: toolcompact_retrieval_tool(): Argument #1 ($format) must be "openai", "openai-responses", "anthropic" or "gemini"
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
ValueError: toolcompact_retrieval_tool(): Argument #2 ($name) must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore
TypeError: toolcompact_retrieval_tool(): Argument #1 ($format) must be of type string, array given
TypeError: toolcompact_retrieval_tool(): Argument #2 ($name) must be of type string, null given
