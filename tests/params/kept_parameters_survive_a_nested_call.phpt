--TEST--
parameters kept between calls stay those of the outer call while user code it runs (a JsonSerializable being sized) calls the strategy with other parameters
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls) { return ['role' => 'assistant', 'content' => null, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results) { return ['role' => 'tool', 'content' => 'r', 'toolCalls' => [], 'toolResults' => $results]; }

// Sizing an array field that holds this object runs jsonSerialize(), which
// compacts another history with parameters of its own (a new array each
// time, so that each would take the place of the kept ones).
class Nested implements JsonSerializable {
    public static int $runs = 0;
    public function jsonSerialize(): mixed {
        self::$runs++;
        $inner = [asst([call('n1', 'x', ['a' => str_repeat('i', 50)])]), asst([call('n2', 'x', ['a' => str_repeat('i', 50)])])];
        $out = toolcompact_compact($inner, ['inputTrimBytes' => 5 + self::$runs, 'excludedTools' => ['y' . self::$runs]]);
        return isset($out[0]['toolCalls'][0]['arguments']['_tool_compaction']) ? 'inner compacted' : 'inner intact';
    }
}

// Four reads of one file (one group): the three older results compacted.
// Each result has an array field with the object and a 40-byte string.
$h = [];
for ($i = 0; $i < 4; $i++) {
    $h[] = asst([call("r$i", 'read', ['path' => 'a.php'])]);
    $h[] = tool([res("r$i", 'read', ['obj' => [new Nested(), str_repeat('p', 200)], 'out' => str_repeat('y', 40)])]);
}
$params = ['outputTrimBytes' => 30, 'excludedTools' => ['grep'], 'toolIdentifierFields' => ['read' => ['path']]];
toolcompact_compact([], $params);  // kept from here on
$out = toolcompact_compact($h, $params);

echo 'nested calls: ', Nested::$runs > 0 ? 'yes' : 'no', "\n";
foreach ($out as $i => $m) {
    foreach ($m['toolResults'] as $r) {
        $meta = $r['result']['_tool_compaction'] ?? null;
        echo $r['id'], ': ', $meta === null ? 'intact'
            : 'threshold ' . $meta['thresholdBytes'] . ', omitted ' . implode(',', array_keys($meta['omittedFields'])), "\n";
    }
}
$json = json_encode($h[1]['toolResults'][0]['result']['obj']);
echo 'obj bytes as json_encode: ', $out[1]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['obj']['bytes'] === strlen($json) ? 'yes' : 'no', "\n";
// the kept parameters are still the outer ones
echo 'again: ', toolcompact_compact($h, $params) == $out ? 'same' : 'different', "\n";
?>
--EXPECT--
nested calls: yes
r0: threshold 30, omitted obj,out
r1: threshold 30, omitted obj,out
r2: threshold 30, omitted obj,out
r3: intact
obj bytes as json_encode: yes
again: same
