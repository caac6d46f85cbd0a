--TEST--
format auto: the first entry that tells a format gives it (entries that tell none before it are skipped), each rule of SPEC Part 4's table in its order, and the history is then compacted in that format
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace Anthropic\Testing {
    // any object of a class in the namespace Anthropic\ inside a content list tells anthropic
    final class Note { public string $type = 'text'; public string $text = 'a note'; }
}

namespace {
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};
use const ToolCompact\Tests\Formats\FORMATS;

function told(array $h): string
{
    $out = toolcompact_compact($h, [], $report);
    return var_export($report['format'], true) . ($out === $h ? '' : ' CHANGED');
}

echo "each format after entries that tell nothing:\n";
foreach (FORMATS as $f) {
    $big = static fn (string $c) => $f === 'gemini' ? ['output' => str_repeat($c, 300)] : str_repeat($c, 300);
    $h = history(
        $f === 'gemini' ? [] : [['role' => 'system', 'content' => 'You are a coding agent.'], ['role' => 'user', 'content' => 'hi']],
        ['not an entry', 42, null],
        [user($f, 'read a.php twice')],
        calls($f, [call('c1', 'read', ['path' => 'a.php'])]),
        results($f, [res('c1', 'read', $big('x'))]),
        calls($f, [call('c2', 'read', ['path' => 'a.php'])]),
        results($f, [res('c2', 'read', $big('y'))]),
    );
    $out = toolcompact_compact($h, [], $report);
    $changed = [];
    foreach ($h as $i => $entry) {
        if ($out[$i] !== $entry) {
            $changed[] = $i;
        }
    }
    printf("%-16s format=%s changed=[%s]\n", $f, var_export($report['format'], true), implode(',', $changed));
}

echo "each rule:\n";
$hi = ['role' => 'user', 'content' => 'hi'];
$cases = [
    'object entry' => [$hi, new stdClass()],
    'toolCalls key' => [$hi, ['role' => 'assistant', 'content' => null, 'toolCalls' => []]],
    'toolResults key' => [$hi, ['role' => 'tool', 'content' => 'x', 'toolResults' => []]],
    'type function_call' => [$hi, ['type' => 'function_call', 'call_id' => 'c', 'name' => 'n', 'arguments' => '{}']],
    'type function_call_output' => [$hi, ['type' => 'function_call_output', 'output' => 'x']],
    'type message' => [['type' => 'message', 'role' => 'user', 'content' => 'hi']],
    'type reasoning' => [$hi, ['type' => 'reasoning', 'id' => 'rs_1', 'summary' => []]],
    'call_id key' => [$hi, ['call_id' => 'c']],
    'parts key' => [['role' => 'user', 'parts' => []]],
    'role model' => [$hi, ['role' => 'model', 'content' => 'hello']],
    'tool_calls key' => [$hi, ['role' => 'assistant', 'content' => null, 'tool_calls' => []]],
    'tool_call_id key' => [$hi, ['role' => 'tool', 'tool_call_id' => 'c', 'content' => 'x']],
    'tool_use block' => [$hi, ['role' => 'assistant', 'content' => [['type' => 'text', 'text' => 'x'], ['type' => 'tool_use', 'id' => 't', 'name' => 'n', 'input' => []]]]],
    'tool_result block' => [['role' => 'user', 'content' => [['type' => 'tool_result', 'tool_use_id' => 't', 'content' => 'x']]]],
    'thinking block' => [$hi, ['role' => 'assistant', 'content' => [['type' => 'thinking', 'thinking' => 'hmm', 'signature' => 'sig']]]],
    'redacted_thinking block' => [$hi, ['role' => 'assistant', 'content' => [['type' => 'redacted_thinking', 'data' => 'opaque']]]],
    'Anthropic\ object block' => [$hi, ['role' => 'user', 'content' => [new Anthropic\Testing\Note()]]],
    // the first rule that applies to an entry decides
    'toolCalls before tool_calls' => [['role' => 'assistant', 'toolCalls' => [], 'tool_calls' => []]],
    'type message before parts' => [['type' => 'message', 'role' => 'user', 'parts' => []]],
    'call_id before role model' => [['role' => 'model', 'call_id' => 'c']],
    'parts before tool_calls' => [['role' => 'assistant', 'parts' => [], 'tool_calls' => []]],
    'role model before tool_call_id' => [['role' => 'model', 'tool_call_id' => 'c']],
    'tool_calls before tool_use' => [['role' => 'assistant', 'tool_calls' => [], 'content' => [['type' => 'tool_use', 'id' => 't', 'name' => 'n', 'input' => []]]]],
    // what tells nothing
    'type other' => [['type' => 'function', 'role' => 'user', 'content' => 'x'], $hi],
    'type not a string' => [['type' => 1, 'role' => 'user', 'content' => 'x'], $hi],
    'text blocks only' => [['role' => 'user', 'content' => [['type' => 'text', 'text' => 'x'], ['type' => 'image', 'source' => []]]]],
    'tool_use block in a map' => [['role' => 'assistant', 'content' => ['type' => 'tool_use', 'id' => 't', 'name' => 'n', 'input' => []]]],
];
foreach ($cases as $name => $h) {
    printf("%-31s %s\n", $name, told($h));
}
}
?>
--EXPECT--
each format after entries that tell nothing:
openai           format='openai' changed=[7]
openai-responses format='openai-responses' changed=[7]
anthropic        format='anthropic' changed=[7]
gemini           format='gemini' changed=[5]
each rule:
object entry                    'adachsoft'
toolCalls key                   'adachsoft'
toolResults key                 'adachsoft'
type function_call              'openai-responses'
type function_call_output       'openai-responses'
type message                    'openai-responses'
type reasoning                  'openai-responses'
call_id key                     'openai-responses'
parts key                       'gemini'
role model                      'gemini'
tool_calls key                  'openai'
tool_call_id key                'openai'
tool_use block                  'anthropic'
tool_result block               'anthropic'
thinking block                  'anthropic'
redacted_thinking block         'anthropic'
Anthropic\ object block         'anthropic'
toolCalls before tool_calls     'adachsoft'
type message before parts       'openai-responses'
call_id before role model       'openai-responses'
parts before tool_calls         'gemini'
role model before tool_call_id  'gemini'
tool_calls before tool_use      'openai'
type other                      'adachsoft'
type not a string               'adachsoft'
text blocks only                'adachsoft'
tool_use block in a map         'adachsoft'
