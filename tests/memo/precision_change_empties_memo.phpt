--TEST--
memo: a change of the precision setting between calls empties the memo, so that a float field is sized as (string) gives it under the new setting, as a pass without the memo sizes it
--EXTENSIONS--
toolcompact
--FILE--
<?php
/*
 * SPEC: a float field's size is the byte length of its (string) form, which
 * follows the precision setting. The same history compacted three times
 * (memoised from the second pass on), then again under another precision.
 */
$message = fn (int $i) => ['role' => 'tool', 'content' => null, 'toolCalls' => [],
    'toolResults' => [['id' => "c$i", 'toolName' => 't', 'result' => ['x' => M_PI * 1e10]]]];
$history = [$message(1), $message(2)];
$params = ['outputTrimBytes' => 12];
$bytes = fn (array $out) => $out[0]['toolResults'][0]['result']['_tool_compaction']['omittedFields']['x']['bytes'];

ini_set('precision', '14');
for ($i = 0; $i < 3; $i++) {
    $out = toolcompact_compact($history, $params);
}
var_dump(toolcompact_memo_info()['hits'] > 0);
var_dump($bytes($out) === strlen((string) (M_PI * 1e10)));

ini_set('precision', '17');
$memo = toolcompact_compact($history, $params);
ini_set('toolcompact.memo_entries', '0');
$fresh = toolcompact_compact($history, $params);
var_dump($bytes($memo) === strlen((string) (M_PI * 1e10)));
var_dump($memo === $fresh);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
