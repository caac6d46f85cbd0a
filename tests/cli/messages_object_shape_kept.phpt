--TEST--
an object {"messages": [...]} (the shipped transcripts' shape) comes back as the same object: other keys copied, key order kept
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$document = ['source' => 'a/b@c:d.json', 'messages' => cli_history(), 'license' => 'MIT', 'meta' => ['turns' => 7]];
$file = cli_temp_file(json_encode($document, CLI_JSON_FLAGS));
[$code, $out, $err] = run_cli([$file]);
unlink($file);

var_dump($code, $err, $out === cli_expected($document));
$decoded = json_decode($out, true);
var_dump(array_keys($decoded));
var_dump($decoded['messages'] === toolcompact_compact(cli_history()));
// Messages keep their keys in input order too, also when they were changed.
var_dump(array_keys($decoded['messages'][3]), array_keys($decoded['messages'][3]['toolResults'][0]['result']));

// An empty list of messages is a valid (empty) history; a request body keeps its bytes.
[$code, $out] = run_cli([], '{"messages": [], "x": {"y": "z"}}');
var_dump($code, $out);
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
array(4) {
  [0]=>
  string(6) "source"
  [1]=>
  string(8) "messages"
  [2]=>
  string(7) "license"
  [3]=>
  string(4) "meta"
}
bool(true)
array(4) {
  [0]=>
  string(4) "role"
  [1]=>
  string(7) "content"
  [2]=>
  string(9) "toolCalls"
  [3]=>
  string(11) "toolResults"
}
array(3) {
  [0]=>
  string(7) "content"
  [1]=>
  string(5) "lines"
  [2]=>
  string(16) "_tool_compaction"
}
int(0)
string(34) "{"messages": [], "x": {"y": "z"}}
"
