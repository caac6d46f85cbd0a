--TEST--
toolcompact.escaper: a php.ini-only cap on the JSON escaper (names in any case); the capped escaper is the one phpinfo() names, and omitted strings still get json_encode()'s bytes and sha256
--EXTENSIONS--
toolcompact
--INI--
toolcompact.escaper=SSE2
--FILE--
<?php
ob_start();
(new ReflectionExtension('toolcompact'))->info();
$info = ob_get_clean();
// SSE2 on x86-64, nothing faster than the cap; byte by byte elsewhere
var_dump((bool) preg_match('/^JSON escaper => (sse2|bytes)$/m', $info));
var_dump(ini_get('toolcompact.escaper'));
var_dump(ini_set('toolcompact.escaper', 'auto'));
var_dump(ini_get('toolcompact.escaper'));

// strings long enough for every block size (and for their "[omitted]" and meta
// to be shorter, SPEC Part 4), escapes and non-ASCII at each
// offset of a block (what the escaper writes is hashed, never built)
$values = [];
foreach (["\"", "\\", "/", "\n", "\x01", "é", "€", "😀", "\x1f"] as $k => $c) {
    for ($at = 0; $at < 70; $at += 7) {
        $values[] = str_repeat('a', $at) . $c . str_repeat('b', 290 - $at) . $c;
    }
}
$history = [];
foreach ($values as $i => $value) {
    $history[] = ['role' => 'assistant', 'content' => '', 'toolCalls' => [
        ['id' => "c$i", 'toolName' => 'write_file', 'arguments' => ['path' => 'f', 'content' => $value]],
    ]];
}
// the newest write of the file stays intact, the 90 before it are compacted
$history[] = ['role' => 'assistant', 'content' => '', 'toolCalls' => [
    ['id' => 'last', 'toolName' => 'write_file', 'arguments' => ['path' => 'f', 'content' => 'x']],
]];
$out = toolcompact_compact($history, ['inputTrimBytes' => 0, 'keepRecentMessages' => 0]);
$bad = 0;
foreach ($values as $i => $value) {
    $entry = $out[$i]['toolCalls'][0]['arguments']['_tool_compaction']['omittedFields']['content'] ?? null;
    $bad += $entry !== ['bytes' => strlen($value), 'sha256' => hash('sha256', json_encode($value))];
}
printf("%d values, %d wrong\n", count($values), $bad);
?>
--EXPECT--
bool(true)
string(4) "SSE2"
bool(false)
string(4) "SSE2"
90 values, 0 wrong
