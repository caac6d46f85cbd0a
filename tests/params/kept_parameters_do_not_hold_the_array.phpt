--TEST--
parameters kept between calls do not keep the caller's array: an object in it (under an unknown key or a known one) is destroyed as soon as the caller lets go of the array, and a later call with other values resolves them
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
class Noisy {
    public function __construct(private string $name) {}
    public function __destruct() { echo "{$this->name} destroyed\n"; }
}

foreach (['note', 'excludedTools'] as $key) {
    $p = ['outputTrimBytes' => 10, $key => new Noisy($key)];
    echo "$key: ", first_result($h, $p), ", ", first_result($h, $p), "\n";
    unset($p);
    echo "$key: unset\n";
}
$p = ['outputTrimBytes' => 10, 'note' => [new Noisy('nested')]];
first_result($h, $p);
$p = null;
echo "nested: unset\n";
echo 'other values: ', first_result($h, ['outputTrimBytes' => 100]), "\n";

// compared with the kept copy while json_encode() is visiting the array
class Reenters implements JsonSerializable {
    public function jsonSerialize(): mixed { global $h, $p; return first_result($h, $p); }
}
$p = ['outputTrimBytes' => 10, 'note' => new Reenters()];
echo json_encode($p), "\n";
echo "done\n";
?>
--EXPECT--
note: compacted, compacted
note destroyed
note: unset
excludedTools: compacted, compacted
excludedTools destroyed
excludedTools: unset
nested destroyed
nested: unset
other values: intact
{"outputTrimBytes":10,"note":"compacted"}
done
