--TEST--
bin/toolcompact on a request body writes it back with toolcompact_compact_request(): every byte outside the changed messages as it came, one newline at the end; a body with a key twice is written from its decoding as before (SPEC Part 7 "Request bodies")
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$big = str_repeat('o', 300);
$message = fn (string $id) => '{"role":"assistant","content":[{"type":"tool_use","id":"' . $id . '","name":"ls","input":{"dir":"' . $big . '"}},{"type":"tool_use","id":"n' . $id . '","name":"now","input":{}}]}';
$history = "[ {\"role\":\"user\", \"content\":\"caf\\u00e9\"},\n  " . $message('a') . ",\n  " . $message('b') . " ]";
$body = "{\"model\":\"claude\",\n \"temperature\": 1.0, \"metadata\":{\"a\":[]},\"messages\":" . $history . "}\n";
[$code, $out, $err] = run_cli(['--report'], $body);
$expected = toolcompact_compact_request($body);
var_dump($code, $out === rtrim($expected) . "\n", $out !== $body);
echo strstr($out, '{"role":"assistant"', true), "\n";
preg_match('/^fields omitted +(.*)$/m', $err, $omitted);
echo 'report: fields omitted ', $omitted[1] ?? '?', "\n";
// --pretty writes the whole body anew, {} and 1.0 kept
[$code, $out] = run_cli(['--pretty'], $body);
var_dump($code, str_contains($out, '"temperature": 1.0'), str_contains($out, '"input": {}'), str_contains($out, "\n    \"model\""));
// a key twice: decoded (the last wins) and written as before
[$code, $out] = run_cli([], '{"x":1,"messages":' . $history . ',"x":2}');
var_dump($code, str_starts_with($out, '{"x":2,"messages":[{"role":"user","content":"café"}'));
?>
--EXPECT--
int(0)
bool(true)
bool(true)
{"model":"claude",
 "temperature": 1.0, "metadata":{"a":[]},"messages":[ {"role":"user", "content":"caf\u00e9"},
  
report: fields omitted 1
int(0)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
