--TEST--
JSON that is not a list of messages (nor {"messages": [...]}): exit 1 and a message saying what was found
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$cases = [
    '{}',
    '"a string"',
    '42',
    'true',
    'null',
    '{"messages": 5}',
    '{"messages": {"role": "user"}}',
    '[1, 2]',
    '[{"role": "user", "content": "hi"}, [1, 2]]',
    '{"messages": [{"role": "user"}, "hi"]}',
];
foreach ($cases as $stdin) {
    [$code, $out, $err] = run_cli([], $stdin);
    echo $stdin, ' => ', $code, ' ', var_export($out, true), "\n", $err;
}
?>
--EXPECT--
{} => 1 ''
toolcompact: standard input: not a list of messages (got an object without a "messages", "contents" or "input" key); expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
"a string" => 1 ''
toolcompact: standard input: not a list of messages (got a string); expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
42 => 1 ''
toolcompact: standard input: not a list of messages (got a number); expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
true => 1 ''
toolcompact: standard input: not a list of messages (got a boolean); expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
null => 1 ''
toolcompact: standard input: not a list of messages (got null); expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
{"messages": 5} => 1 ''
toolcompact: standard input: "messages" is not a list; expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
{"messages": {"role": "user"}} => 1 ''
toolcompact: standard input: "messages" is not a list; expected a list of messages ([{"role": ...}, ...]) or {"messages": [...]} ("contents" or "input" in place of "messages" too)
[1, 2] => 1 ''
toolcompact: standard input: item 0 is not a message (a JSON object, like {"role": "user", "content": "..."})
[{"role": "user", "content": "hi"}, [1, 2]] => 1 ''
toolcompact: standard input: item 1 is not a message (a JSON object, like {"role": "user", "content": "..."})
{"messages": [{"role": "user"}, "hi"]} => 1 ''
toolcompact: standard input: messages[1] is not a message (a JSON object, like {"role": "user", "content": "..."})
