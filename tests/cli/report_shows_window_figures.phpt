--TEST--
--report shows what the window and targetTokens did when a params file asks for them (messages dropped and their positions, window met, target met, summary used), shows none of it otherwise, and an empty Gemini part {} in the history does not make it fail after the output is written
--EXTENSIONS--
toolcompact
--INI--
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$turn = fn (int $i) => [['role' => 'user', 'content' => "question $i " . str_repeat('x', 200)],
    ['role' => 'assistant', 'content' => "answer $i"]];
$history = array_merge(...array_map($turn, range(1, 5)));
$params = ['maxMessages' => 4, 'targetTokens' => 1];
$file = cli_temp_file(json_encode($params));
[$code, $out, $err] = run_cli(['--report', '--params', $file], json_encode($history));
unlink($file);
toolcompact_compact($history, $params, $report);
var_dump($code, $out === cli_expected($history, $params));
foreach (explode("\n", $err) as $line) {
    if (preg_match('/^(messages dropped|window met|target met|summary)/', $line)) {
        echo $line, "\n";
    }
}
printf("report: dropped %d, from %d to %d\n", $report['messagesDropped'], $report['droppedFrom'], $report['droppedTo']);

echo "--- no window asked for\n";
[$code, , $err] = run_cli(['--report'], json_encode($history));
var_dump($code, preg_match('/^(messages dropped|window met|target met)/m', $err));

echo "--- gemini, an empty part\n";
$gemini = '[{"role":"user","parts":[{"text":"hi"},{}]},{"role":"model","parts":[{"functionCall":{"name":"ls","args":{}}},{}]},'
    . '{"role":"user","parts":[{"functionResponse":{"name":"ls","response":{}}}]}]';
[$code, $out, $err] = run_cli(['--report'], $gemini);
var_dump($code, $out === $gemini . "\n", str_contains($err, 'format               gemini'));
?>
--EXPECT--
int(0)
bool(true)
messages dropped     6 (positions 0 to 5)
window met           yes
target met           no
summary used         no
report: dropped 6, from 0 to 5
--- no window asked for
int(0)
int(0)
--- gemini, an empty part
int(0)
bool(true)
bool(true)
