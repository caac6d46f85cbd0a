--TEST--
Window, SPEC Part 6 "The summary": what summarize throws (its own TypeError, an exception, an Error from calling it with the wrong parameters) is reported as summaryError, its class and message, beside summaryFailed; null when summarize did not throw; exit() in summarize still ends the script
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() below) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
$u = fn (string $t) => ['role' => 'user', 'content' => $t, 'toolCalls' => [], 'toolResults' => []];
$a = fn (string $t) => ['role' => 'assistant', 'content' => $t, 'toolCalls' => [], 'toolResults' => []];
$h = [$u('u0'), $a('a1'), $u('u2'), $a('a3'), $u('u4')];

class SummaryUnavailable extends RuntimeException {}
$cases = [
    'throws' => function (array $d): string { throw new SummaryUnavailable('no model'); },
    'its own TypeError' => function (array $d): string { return strlen($d); },
    'a wrong parameter type' => fn (string $dropped): string => 'never',
    'too many required parameters' => fn (array $d, string $extra): string => 'never',
    'returns an int' => fn (array $d) => 7,
    'a summary' => fn (array $d) => 'fine',
];
foreach ($cases as $label => $summarize) {
    $out = toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => $summarize], $report);
    $error = $report['summaryError'];
    // (PHP 8.4 names a closure {closure:file:line}: read as {closure})
    printf("%s: %d kept, failed %s, error %s\n", $label, count($out), var_export($report['summaryFailed'], true),
        $error === null ? 'null' : $error['class'] . ': ' . preg_replace(['/, called in .*/', '/\{closure:[^}]*\}/'], ['', '{closure}'], $error['message']));
}
// the key comes right after summaryFailed
$keys = array_keys($report);
echo implode(',', array_slice($keys, array_search('summaryUsed', $keys, true))), "\n";
// no window: no key
toolcompact_compact($h, [], $report);
var_dump(array_key_exists('summaryError', $report));

toolcompact_compact($h, ['maxMessages' => 3, 'summarize' => function (array $d): string { exit("exit in summarize\n"); }]);
echo "not reached\n";
?>
--EXPECT--
throws: 2 kept, failed true, error SummaryUnavailable: no model
its own TypeError: 2 kept, failed true, error TypeError: strlen(): Argument #1 ($string) must be of type string, array given
a wrong parameter type: 2 kept, failed true, error TypeError: {closure}(): Argument #1 ($dropped) must be of type string, array given
too many required parameters: 2 kept, failed true, error ArgumentCountError: Too few arguments to function {closure}(), 1 passed and exactly 2 expected
returns an int: 2 kept, failed true, error null
a summary: 3 kept, failed false, error null
summaryUsed,summaryFailed,summaryError
bool(false)
exit in summarize
