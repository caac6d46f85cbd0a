--TEST--
a --params file with an option of ours of the wrong type or value: exit 1, a message naming the file and the option, nothing on stdout; a wrong value of the Composer package's four falls back as before (exit 0)
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$history = cli_temp_file(cli_history_json());
foreach (['{"maxMessages": "6"}', '{"keepRecentMessages": -1}', '{"trigger": {"tokenz": 5}}', '{"format": "bogus"}',
    '{"collapseWhitespace": 1}', '{"inputTrimBytes": "5", "excludedTools": "bash"}'] as $contents) {
    $params = cli_temp_file($contents);
    [$code, $out, $err] = run_cli(['--params', $params, $history], null, true, ['pcre.jit' => '0']);
    echo $contents, ': ', $code, ', stdout ', $out === '' ? 'empty' : 'written', "\n";
    echo str_replace($params, 'PARAMS', $err);
    unlink($params);
}
unlink($history);
?>
--EXPECT--
{"maxMessages": "6"}: 1, stdout empty
toolcompact: PARAMS: Option "maxMessages" must be of type ?int, string given
{"keepRecentMessages": -1}: 1, stdout empty
toolcompact: PARAMS: Option "keepRecentMessages" must be greater than or equal to 0
{"trigger": {"tokenz": 5}}: 1, stdout empty
toolcompact: PARAMS: Option "trigger" must have only the keys "tokens", "messages", "turns", "toolUses", "fraction" and "mode", "tokenz" given
{"format": "bogus"}: 1, stdout empty
toolcompact: PARAMS: Option "format" must be "auto", "adachsoft", "openai", "openai-responses", "anthropic" or "gemini"
{"collapseWhitespace": 1}: 1, stdout empty
toolcompact: PARAMS: Option "collapseWhitespace" must be of type bool, int given
{"inputTrimBytes": "5", "excludedTools": "bash"}: 0, stdout written
