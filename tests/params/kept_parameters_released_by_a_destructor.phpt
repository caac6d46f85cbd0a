--TEST--
an object's destructor that calls the strategy again with other parameters, run when the caller lets go of the parameters array it is in, sees them resolved, and later calls still see theirs
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls) { return ['role' => 'assistant', 'content' => null, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results) { return ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => $results]; }

$h = [];
foreach (['a.php', 'a.php'] as $i => $file) {
    $h[] = asst([call("r$i", 'read', ['path' => $file])]);
    $h[] = tool([res("r$i", 'read', ['out' => str_repeat('y', 30)])]);
}
function first_result(array $h, array $params): string {
    $out = toolcompact_compact($h, $params);
    return isset($out[1]['toolResults'][0]['result']['_tool_compaction']) ? 'compacted' : 'intact';
}

// An unknown key holds an object whose destructor runs when the caller
// lets go of the array (the kept parameters do not hold it).
class CallsOnDestruct {
    public function __destruct() {
        global $h;
        echo 'destructor, threshold 5: ', first_result($h, ['outputTrimBytes' => 5]), "\n";
        echo 'destructor, threshold 500: ', first_result($h, ['outputTrimBytes' => 500]), "\n";
    }
}
$p = ['outputTrimBytes' => 10, 'note' => new CallsOnDestruct()];
echo 'first: ', first_result($h, $p), "\n";
unset($p);                                   // the destructor runs here
$second = first_result($h, ['outputTrimBytes' => 100]);  // replaces them
echo 'second: ', $second, "\n";
echo 'third: ', first_result($h, ['outputTrimBytes' => 10]), "\n";
echo "done\n";
?>
--EXPECT--
first: compacted
destructor, threshold 5: compacted
destructor, threshold 500: intact
second: intact
third: compacted
done
