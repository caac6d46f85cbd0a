--TEST--
toolcompact.sha256_pairs: 0 or 1, set anywhere; any other value at run time warns and leaves the setting as it was, and phpinfo() names what pairs hash with on this CPU
--EXTENSIONS--
toolcompact
--INI--
toolcompact.sha256_pairs=0
--FILE--
<?php
ob_start();
(new ReflectionExtension('toolcompact'))->info();
$info = ob_get_clean();
// the SHA extensions where the CPU has them, else none (one at a time)
var_dump((bool) preg_match('/^SHA-256 pairs => (SHA extensions|none \(one at a time\))$/m', $info));
var_dump(ini_get('toolcompact.sha256_pairs'));
var_dump(ini_set('toolcompact.sha256_pairs', '1'));
set_error_handler(function (int $no, string $message): bool {
    echo $message, "\n";
    return true;
});
foreach (['2', '3', '-1', 'on', '', '01'] as $value) {
    var_dump(ini_set('toolcompact.sha256_pairs', $value));
}
restore_error_handler();
var_dump(ini_get('toolcompact.sha256_pairs'));
// the setting in force is still 1: a pass gives the output of 0
$history = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c1', 'name' => 'read', 'arguments' => ['path' => 'a']]]],
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'c1', 'toolName' => 'read', 'result' => ['out' => str_repeat("x\u{e9}", 3000)]]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'c2', 'name' => 'read', 'arguments' => ['path' => 'a']]]],
    ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'c2', 'toolName' => 'read', 'result' => ['out' => 'y']]]],
];
$paired = toolcompact_compact($history, ['outputTrimBytes' => 100]);
ini_set('toolcompact.sha256_pairs', '0');
var_dump($paired === toolcompact_compact($history, ['outputTrimBytes' => 100]));
var_dump($paired[1]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['out']['sha256']
    === hash('sha256', json_encode($history[1]['toolResults'][0]['result']['out'])));
ini_restore('toolcompact.sha256_pairs');
var_dump(ini_get('toolcompact.sha256_pairs'));
?>
--EXPECT--
bool(true)
string(1) "0"
string(1) "0"
ini_set(): toolcompact.sha256_pairs must be 0 or 1, "2" given; unchanged
bool(false)
ini_set(): toolcompact.sha256_pairs must be 0 or 1, "3" given; unchanged
bool(false)
ini_set(): toolcompact.sha256_pairs must be 0 or 1, "-1" given; unchanged
bool(false)
ini_set(): toolcompact.sha256_pairs must be 0 or 1, "on" given; unchanged
bool(false)
ini_set(): toolcompact.sha256_pairs must be 0 or 1, "" given; unchanged
bool(false)
ini_set(): toolcompact.sha256_pairs must be 0 or 1, "01" given; unchanged
bool(false)
string(1) "1"
bool(true)
bool(true)
string(1) "0"
