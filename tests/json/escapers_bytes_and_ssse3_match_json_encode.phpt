--TEST--
toolcompact.escaper bytes and ssse3 in one process: omitted strings and arrays get json_encode()'s byte count and sha256 with each, for every kind of byte the escapers treat apart at offsets around their 16-byte blocks, sparse and dense, and invalid UTF-8 leaves its field as json_encode() failing does
--EXTENSIONS--
toolcompact
--FILE--
<?php
$kinds = ["\"", "\\", "/", "\n", "\t", "\x08", "\x0c", "\r", "\x01", "\x1f", "\x7f", "é", "€", "Ω", "😀",
    "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf"];
$values = [];
foreach ($kinds as $c) {
    for ($at = 0; $at < 40; $at += 3) {
        // one in a long ASCII string, twice
        $values[] = str_repeat('a', $at) . $c . str_repeat('b', 300 - $at) . $c;
        // a dense run of them, then ASCII with a few
        $values[] = str_repeat('x', $at) . str_repeat($c, 40) . str_repeat("y$c", 20) . str_repeat('z', 260);
    }
}

function compact_values(array $values, bool $asArrays): array
{
    $history = [];
    foreach ($values as $i => $value) {
        $content = $asArrays ? ['text' => $value, 'list' => [$value, 1]] : $value;
        $history[] = ['role' => 'assistant', 'content' => '', 'toolCalls' => [
            ['id' => "c$i", 'toolName' => 'write_file', 'arguments' => ['path' => 'f', 'content' => $content]],
        ]];
    }
    // the newest write of the file stays intact, all the others are compacted
    $history[] = ['role' => 'assistant', 'content' => '', 'toolCalls' => [
        ['id' => 'last', 'toolName' => 'write_file', 'arguments' => ['path' => 'f', 'content' => 'x']],
    ]];
    $out = toolcompact_compact($history, ['inputTrimBytes' => 0, 'keepRecentMessages' => 0]);
    $wrong = 0;
    foreach ($values as $i => $value) {
        $content = $history[$i]['toolCalls'][0]['arguments']['content'];
        $args = $out[$i]['toolCalls'][0]['arguments'];
        $json = json_encode($content);
        if ($json === false) {
            // SPEC: a field whose encoding fails is never omitted
            $wrong += ($args['content'] ?? null) !== $content;
            continue;
        }
        $size = $asArrays ? strlen($json) : strlen($content);
        $wrong += ($args['_tool_compaction']['omittedFields']['content'] ?? null)
            !== ['bytes' => $size, 'sha256' => hash('sha256', $json)];
    }
    return [count($values), $wrong];
}

foreach (['bytes', 'ssse3', 'bytes'] as $escaper) {
    ini_set('toolcompact.escaper', $escaper);
    foreach ([false, true] as $asArrays) {
        [$n, $wrong] = compact_values($values, $asArrays);
        printf("%s, %s: %d values, %d wrong\n", $escaper, $asArrays ? 'arrays' : 'strings', $n, $wrong);
    }
}
?>
--EXPECT--
bytes, strings: 588 values, 0 wrong
bytes, arrays: 588 values, 0 wrong
ssse3, strings: 588 values, 0 wrong
ssse3, arrays: 588 values, 0 wrong
bytes, strings: 588 values, 0 wrong
bytes, arrays: 588 values, 0 wrong
