--TEST--
call index: 64 call ids with the same PHP hash (DJBX33A twins) in one message of parallel calls, and ids in runs (call_1, call_2, ...) whose hashes are next to each other, each find their own call (its group, and whether it stays intact), as the table grows from the size a short history starts with; with and without the memo
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';
use function ToolCompact\Tests\{asst, call, tool, res, user, summary, reference_compact};

/* "Ez" and "FY" hash alike, and so do strings that differ only in such
 * pairs: six pairs give 64 ids of one hash. */
$ids = [''];
for ($k = 0; $k < 6; $k++) {
    $next = [];
    foreach ($ids as $id) {
        $next[] = $id . 'Ez';
        $next[] = $id . 'FY';
    }
    $ids = $next;
}
$hashes = [];
foreach ($ids as $id) {
    $h = 5381;
    foreach (str_split($id) as $c) {
        $h = ($h * 33 + ord($c)) & 0xffffffff;
    }
    $hashes[$h] = true;
}
echo count($ids), " ids, ", count($hashes), " hash\n";

/* One message calls read on 64 paths, one per twin id (each its own group);
 * a later message reads the even paths again, so the older reads of those
 * are compacted and the odd ones stay intact. Then a run of ids call_1 ..
 * call_300 reads four paths in turn. */
$big = str_repeat('x', 300);
$calls = $results = [];
foreach ($ids as $n => $id) {
    $calls[] = call($id, 'read', ['path' => "p$n"]);
    $results[] = res($id, 'read', ['content' => "$big $n"]);
}
$history = [user('go'), asst(...$calls), ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => $results]];
foreach ($ids as $n => $id) {
    if ($n % 2 === 0) {
        $history[] = asst(call("again$n", 'read', ['path' => "p$n"]));
        $history[] = tool(res("again$n", 'read', ['content' => "$big again $n"]));
    }
}
for ($t = 1; $t <= 300; $t++) {
    $history[] = asst(call("call_$t", 'read', ['path' => 'q' . ($t % 4)]));
    $history[] = tool(res("call_$t", 'read', ['content' => "$big $t"]));
}
$params = ['toolIdentifierFields' => ['read' => ['path']]];
$expected = reference_compact($history, $params);

foreach (['0', '1000'] as $memo) {
    ini_set('toolcompact.memo_entries', $memo);
    for ($call = 1; $call <= 2; $call++) {
        $out = toolcompact_compact($history, $params);
        echo "memo $memo, call $call: ", $out === $expected ? 'as the reference' : "differs:\n" . summary($out), "\n";
    }
}
$kept = 0;
foreach ($expected[2]['toolResults'] as $n => $result) {
    $kept += isset($result['result']['_tool_compaction']) ? 0 : 1;
}
echo "results of the parallel calls kept intact: $kept\n";
?>
--EXPECT--
64 ids, 1 hash
memo 0, call 1: as the reference
memo 0, call 2: as the reference
memo 1000, call 1: as the reference
memo 1000, call 2: as the reference
results of the parallel calls kept intact: 32
