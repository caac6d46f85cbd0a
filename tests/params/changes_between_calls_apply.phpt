--TEST--
every call of a request reads the parameters array as it is then: a write (copy on write), a write through a PHP reference at any depth the parameters are read from, a callable that resolves only later
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls) { return ['role' => 'assistant', 'content' => null, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results) { return ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => $results]; }

// Two reads of different files, each result 30 bytes: grouped by path they
// are two groups (nothing older to compact); grouped by tool name only,
// the first read is an older copy of the second.
$h = [];
foreach (['a.php', 'b.php'] as $i => $file) {
    $h[] = asst([call("r$i", 'read', ['path' => $file])]);
    $h[] = tool([res("r$i", 'read', ['out' => str_repeat('y', 30)])]);
}
function first_result(array $h, $params): string {
    $out = toolcompact_compact($h, $params);
    return isset($out[1]['toolResults'][0]['result']['_tool_compaction']) ? 'compacted' : 'intact';
}

$p = ['outputTrimBytes' => 10];
echo 'threshold 10: ', first_result($h, $p), "\n";            // compacted
$p['outputTrimBytes'] = 100;
echo 'threshold 100: ', first_result($h, $p), "\n";           // intact
$q = $p;
$q['outputTrimBytes'] = 10;
echo 'a copy at 10: ', first_result($h, $q), "\n";            // compacted
echo 'the original: ', first_result($h, $p), "\n";            // intact
$p['outputTrimBytes'] = 10;
$p['excludedTools'][] = 'read';
echo 'read excluded: ', first_result($h, $p), "\n";           // intact
unset($p['excludedTools']);
$p['toolIdentifierFields'] = ['read' => ['path']];
echo 'grouped by path: ', first_result($h, $p), "\n";         // intact
$p['toolIdentifierFields']['read'] = [];
echo 'one group: ', first_result($h, $p), "\n";               // compacted

// through references, which change the array without a write to it
$t = 10;
$r = ['outputTrimBytes' => &$t];
echo 'ref 10: ', first_result($h, $r), "\n";                  // compacted
$t = 100;
echo 'ref 100: ', first_result($h, $r), "\n";                 // intact
$names = ['path'];
$r = ['outputTrimBytes' => 10, 'toolIdentifierFields' => ['read' => &$names]];
echo 'ref list [path]: ', first_result($h, $r), "\n";         // intact
$names = [];
echo 'ref list []: ', first_result($h, $r), "\n";             // compacted
$name = 'path';
$r = ['outputTrimBytes' => 10, 'toolIdentifierFields' => ['read' => [&$name]]];
echo 'ref name path: ', first_result($h, $r), "\n";           // intact
$name = 'nothing';
echo 'ref name nothing: ', first_result($h, $r), "\n";        // compacted (both null)
$tool = 'read';
$r = ['outputTrimBytes' => 10, 'excludedTools' => [&$tool]];
echo 'ref excluded read: ', first_result($h, $r), "\n";       // intact
$tool = 'grep';
echo 'ref excluded grep: ', first_result($h, $r), "\n";       // compacted

// a literal array each time (immutable under opcache)
foreach ([10, 100, 10] as $n) {
    echo "literal $n: ", first_result($h, $n === 10 ? ['outputTrimBytes' => 10] : ['outputTrimBytes' => 100]), "\n";
}

// a callable named before its function exists: a ValueError until it does
$counted = 0;
$c = ['tokenCounter' => 'late_counter'];
try {
    toolcompact_compact($h, $c, $report);
} catch (ValueError $e) {
    echo get_class($e), "\n";
}
echo 'counter before: ', $counted > 0 ? 'used' : 'not used', "\n";
eval('function late_counter(string $text): int { $GLOBALS["counted"]++; return 1; }');
toolcompact_compact($h, $c, $report);
echo 'counter after: ', $counted > 0 ? 'used' : 'not used', "\n";
?>
--EXPECT--
threshold 10: compacted
threshold 100: intact
a copy at 10: compacted
the original: intact
read excluded: intact
grouped by path: intact
one group: compacted
ref 10: compacted
ref 100: intact
ref list [path]: intact
ref list []: compacted
ref name path: intact
ref name nothing: compacted
ref excluded read: intact
ref excluded grep: compacted
literal 10: compacted
literal 100: intact
literal 10: compacted
ValueError
counter before: not used
counter after: used
