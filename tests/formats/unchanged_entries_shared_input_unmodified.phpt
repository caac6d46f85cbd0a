--TEST--
validity: the input is never modified, entries the pass leaves alone are the very same values (===, objects inside them the same instances, no copy made: memory grows by the output's own list only), and a changed entry keeps every other value as it was
--EXTENSIONS--
toolcompact
--INI--
; the memory measured is the output's: without the cache of entries met before (and the memo)
toolcompact.memo_entries=0
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};
use const ToolCompact\Tests\Formats\FORMATS;

foreach (FORMATS as $f) {
    $tag = new stdClass();
    $big = static fn (string $c, int $n) => $f === 'gemini' ? ['output' => str_repeat($c, $n)] : str_repeat($c, $n);
    $h = history(
        [user($f, 'start')],
        calls($f, [call('old', 'read', ['path' => 'a.php'])]),
        results($f, [res('old', 'read', $big('x', 300))]),
    );
    // an object beside the payload, in the entry that changes
    $h[count($h) - 1]['metadata'] = $tag;
    for ($i = 0; $i < 1500; $i++) {
        $h = history($h, calls($f, [call("c$i", "tool$i", ['n' => $i])]), results($f, [res("c$i", "tool$i", $big('s', 20))]));
        $h[count($h) - 1]['metadata'] = $tag;
    }
    $h = history($h, calls($f, [call('new', 'read', ['path' => 'a.php'])]), results($f, [res('new', 'read', $big('y', 300))]));
    $before = serialize($h);

    // what separating the list alone costs (the output is a new list)
    $m0 = memory_get_usage();
    $list = $h;
    $list[0] = null;
    $separation = memory_get_usage() - $m0;
    unset($list);

    toolcompact_compact([], []); // parameters resolved once per request
    $m0 = memory_get_usage();
    $out = toolcompact_compact($h, []);
    $grown = memory_get_usage() - $m0;

    $same = $changed = [];
    foreach ($h as $k => $entry) {
        if ($out[$k] === $entry) {
            $same[] = $k;
        } else {
            $changed[] = $k;
        }
    }
    $c = $changed[0] ?? null;
    printf("%-16s same %d, changed [%s], metadata kept: %s, memory grown beyond the list's: %s, input unchanged: %s\n",
        $f, count($same), implode(',', $changed), var_export($c !== null && $out[$c]['metadata'] === $tag, true),
        $grown - $separation < 64 * 1024 ? 'no' : "YES ($grown bytes, the list alone $separation)",
        var_export(serialize($h) === $before, true));
    unset($out, $h);
}
?>
--EXPECT--
openai           same 3004, changed [2], metadata kept: true, memory grown beyond the list's: no, input unchanged: true
openai-responses same 3004, changed [2], metadata kept: true, memory grown beyond the list's: no, input unchanged: true
anthropic        same 3004, changed [2], metadata kept: true, memory grown beyond the list's: no, input unchanged: true
gemini           same 3004, changed [2], metadata kept: true, memory grown beyond the list's: no, input unchanged: true
