--TEST--
A history no format reads comes back unchanged with applied false and reason unreadable (an ArrayIterator of provider messages, an Anthropic SDK object as a message); a named format the history is not in gives reason formatMismatch; neither runs the window, and the report's format is null
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace Anthropic\Messages {
    final class MessageParam
    {
        public function __construct(public string $role, public array $content)
        {
        }
    }
}

namespace {
$big = str_repeat('x', 300);
$call = fn (string $id) => ['role' => 'assistant', 'content' => null,
    'tool_calls' => [['id' => $id, 'type' => 'function', 'function' => ['name' => 'read', 'arguments' => '{"path":"a.php"}']]]];
$openai = [
    ['role' => 'user', 'content' => 'read a.php twice'],
    $call('c1'), ['role' => 'tool', 'tool_call_id' => 'c1', 'content' => $big],
    $call('c2'), ['role' => 'tool', 'tool_call_id' => 'c2', 'content' => $big],
];
$dto = new ArrayIterator([(object) ['role' => 'user', 'content' => 'hi', 'toolCalls' => [], 'toolResults' => []]]);
$sdk = [new Anthropic\Messages\MessageParam('user', [['type' => 'text', 'text' => 'hi']])];
$params = ['outputTrimBytes' => 100, 'maxMessages' => 2];

$cases = [
    'openai, auto' => [$openai, []],
    'ArrayIterator of openai messages' => [new ArrayIterator($openai), []],
    'ArrayIterator of openai messages, named openai' => [new ArrayIterator($openai), ['format' => 'openai']],
    'an Anthropic SDK object as a message' => [$sdk, []],
    'an Anthropic SDK object as a message, named anthropic' => [$sdk, ['format' => 'anthropic']],
    'openai named gemini' => [$openai, ['format' => 'gemini']],
    'openai named adachsoft' => [$openai, ['format' => 'adachsoft']],
    'a DTO collection named openai' => [$dto, ['format' => 'openai']],
    'a DTO collection named adachsoft' => [$dto, ['format' => 'adachsoft']],
    'no entry tells a format, named openai' => [[['role' => 'user', 'content' => 'hi']], ['format' => 'openai']],
];
foreach ($cases as $name => [$history, $named]) {
    $out = toolcompact_compact($history, $named + $params, $report);
    printf("%s: applied %s, reason %s, format %s, triggered %s, results %d, dropped %d, unchanged %s\n", $name,
        var_export($report['applied'], true), $report['reason'] ?? 'null', $report['format'] ?? 'null',
        var_export($report['triggered'], true), $report['resultsCompacted'], $report['messagesDropped'],
        var_export($out === $history, true));
}
echo 'format of the SDK history: ', var_export(toolcompact_format($sdk), true), "\n";
echo 'restored SDK history unchanged: ', var_export(toolcompact_restore($sdk, fn () => null) === $sdk, true), "\n";
}
?>
--EXPECT--
openai, auto: applied true, reason null, format openai, triggered true, results 1, dropped 3, unchanged false
ArrayIterator of openai messages: applied false, reason unreadable, format null, triggered false, results 0, dropped 0, unchanged true
ArrayIterator of openai messages, named openai: applied false, reason formatMismatch, format null, triggered false, results 0, dropped 0, unchanged true
an Anthropic SDK object as a message: applied false, reason unreadable, format null, triggered false, results 0, dropped 0, unchanged true
an Anthropic SDK object as a message, named anthropic: applied false, reason unreadable, format null, triggered false, results 0, dropped 0, unchanged true
openai named gemini: applied false, reason formatMismatch, format null, triggered false, results 0, dropped 0, unchanged true
openai named adachsoft: applied false, reason formatMismatch, format null, triggered false, results 0, dropped 0, unchanged true
a DTO collection named openai: applied false, reason formatMismatch, format null, triggered false, results 0, dropped 0, unchanged true
a DTO collection named adachsoft: applied true, reason null, format adachsoft, triggered true, results 0, dropped 0, unchanged true
no entry tells a format, named openai: applied true, reason null, format openai, triggered true, results 0, dropped 0, unchanged true
format of the SDK history: NULL
restored SDK history unchanged: true
