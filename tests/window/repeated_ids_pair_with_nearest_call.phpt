--TEST--
Window, SPEC Part 6: ids repeated on every turn (call_0, as local models write them) pair each result with the nearest call before it that no result answers yet, so maxMessages drops old turns, and a call is never separated from its result
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Window\{u, a, c, r, run, kept};

// 0 u0 | 1 call_0 read_file, 2 its result, 3 text | 4 u1 | 5 call_0 bash, 6 its result, 7 text | 8 u2 | 9 call_0 grep, 10 its result, 11 text
$history = function (string $f): array {
    $h = [u($f, 'u0')];
    foreach (['read_file', 'bash', 'grep'] as $turn => $tool) {
        if ($turn > 0) {
            $h[] = u($f, "u$turn");
        }
        $h[] = c($f, ['call_0', $tool, ['q' => $tool]]);
        $h[] = r($f, ['call_0', $tool, "$tool output"]);
        $h[] = a($f, "t$turn");
    }
    return $h;
};
$pairs = [[1, 2], [5, 6], [9, 10]];
foreach (['openai', 'openai-responses', 'anthropic', 'gemini'] as $f) {
    $h = $history($f);
    echo "$f\n";
    // maxMessages 4: the cut at 8 (u2) parts no pair
    run($f, $h, ['maxMessages' => 4]);
    // maxMessages 3: the cut at 9; anthropic and gemini move it to the user message before it
    run($f, $h, ['maxMessages' => 3]);
    $separated = [];
    for ($max = 1; $max <= count($h); $max++) {
        $kept = explode(' ', kept($h, toolcompact_compact($h, ['format' => $f, 'maxMessages' => $max])));
        foreach ($pairs as [$call, $result]) {
            if (in_array((string) $call, $kept, true) !== in_array((string) $result, $kept, true)) {
                $separated[] = "maxMessages $max: $call/$result";
            }
        }
    }
    echo '  separated: ', $separated === [] ? 'none' : implode(', ', $separated), "\n";
}
?>
--EXPECT--
openai
openai           kept 8 9 10 11 | dropped 8 from 0 to 7, met true
openai           kept 9 10 11 | dropped 9 from 0 to 8, met true
  separated: none
openai-responses
openai-responses kept 8 9 10 11 | dropped 8 from 0 to 7, met true
openai-responses kept 9 10 11 | dropped 9 from 0 to 8, met true
  separated: none
anthropic
anthropic        kept 8 9 10 11 | dropped 8 from 0 to 7, met true
anthropic        kept 8 9 10 11 | dropped 8 from 0 to 7, met false
  separated: none
gemini
gemini           kept 8 9 10 11 | dropped 8 from 0 to 7, met true
gemini           kept 8 9 10 11 | dropped 8 from 0 to 7, met false
  separated: none
