--TEST--
resolve(): a threshold that is not an int >= 0 falls back to 100
--EXTENSIONS--
toolcompact
--FILE--
<?php
$bad = ['"50"' => '50', '50.0' => 50.0, 'true' => true, 'null' => null, '-1' => -1, 'array' => [50], 'object' => new stdClass, 'PHP_INT_MIN' => PHP_INT_MIN];
foreach ($bad as $label => $v) {
    $r = ToolCompact\ToolCompactionStrategyParams::resolve(['inputTrimBytes' => $v, 'outputTrimBytes' => $v]);
    echo $label, ': ';
    var_dump($r['inputTrimBytes'], $r['outputTrimBytes']);
}
$r = ToolCompact\ToolCompactionStrategyParams::resolve(['inputTrimBytes' => 0, 'outputTrimBytes' => PHP_INT_MAX]);
var_dump($r['inputTrimBytes'], $r['outputTrimBytes'] === PHP_INT_MAX);
?>
--EXPECT--
"50": int(100)
int(100)
50.0: int(100)
int(100)
true: int(100)
int(100)
null: int(100)
int(100)
-1: int(100)
int(100)
array: int(100)
int(100)
object: int(100)
int(100)
PHP_INT_MIN: int(100)
int(100)
int(0)
bool(true)
