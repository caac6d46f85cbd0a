--TEST--
a top-level NAN/INF float measures 3 bytes but cannot be JSON encoded: never omitted, message untouched
--EXTENSIONS--
toolcompact
--FILE--
<?php
function call($id, $tool, $args) { return ['id' => $id, 'toolName' => $tool, 'arguments' => $args]; }
function res($id, $tool, $result) { return ['id' => $id, 'toolName' => $tool, 'result' => $result]; }
function asst(array $calls, $content = null) { return ['role' => 'assistant', 'content' => $content, 'toolCalls' => $calls, 'toolResults' => []]; }
function tool(array $results, $content = 'done') { return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results]; }

$p = ['inputTrimBytes' => 1000, 'outputTrimBytes' => 0];
$payload = ['f' => NAN, 'g' => INF, 'h' => -INF];
$h = [
    asst([call('c1', 't', [])]),
    tool([res('c1', 't', $payload)], 'old'),
    asst([call('c2', 't', [])]),
    tool([res('c2', 't', [])], 'new'),
];
$out = toolcompact_compact($h, $p);
var_export($out[1]);
echo "\n";
var_dump(serialize($out) === serialize($h));
?>
--EXPECT--
array (
  'role' => 'tool',
  'content' => 'old',
  'toolCalls' => 
  array (
  ),
  'toolResults' => 
  array (
    0 => 
    array (
      'id' => 'c1',
      'toolName' => 't',
      'result' => 
      array (
        'f' => NAN,
        'g' => INF,
        'h' => -INF,
      ),
    ),
  ),
)
bool(true)
