--TEST--
report: the estimate of a provider history counts a string content and each payload as the walk sees it (a JSON text's decoded array, an object, a text as [0 => text], a placeholder as []), each text's tokens ceil(bytes / 4); a gemini text part counts as a string content does
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};
use const ToolCompact\Tests\Formats\FORMATS;

foreach (FORMATS as $f) {
    $g = $f === 'gemini';
    $h = history(
        [user($f, 'hi')],
        calls($f, [call('c1', 'read', ['path' => 'a'])]),
        results($f, [res('c1', 'read', $g ? ['output' => str_repeat('x', 150)] : str_repeat('x', 150))]),
        calls($f, [call('c2', 'read', ['path' => 'a'])]),
        results($f, [res('c2', 'read', $g ? ['output' => 'ok'] : 'ok')]),
    );
    toolcompact_compact($h, [], $r);
    printf("%-16s bytes %d -> %d, tokens %d -> %d, saved %d\n", $f, $r['bytesBefore'], $r['bytesAfter'], $r['tokensBefore'], $r['tokensAfter'], $r['savedBytes']);
    if (!$g) {
        // the output estimated as an input must give the same figures as "after"
        $out = toolcompact_compact($h, []);
        toolcompact_compact($out, [], $again);
        printf("%-16s the output estimated again: bytes %d, tokens %d\n", '', $again['bytesBefore'], $again['tokensBefore']);
        // the gate sees the saving
        toolcompact_compact($h, ['minSavedBytes' => 100], $r);
        printf("%-16s minSavedBytes 100: applied %s\n", '', var_export($r['applied'], true));
    }
}

echo "a list of parts (openai), its fields position => text, a placeholder part no field:\n";
$f = 'openai';
$h = history(
    [user($f, 'hi')],
    calls($f, [call('c1', 'read', ['path' => 'a'])]),
    results($f, [res('c1', 'read', [['type' => 'text', 'text' => str_repeat('x', 150)], ['type' => 'text', 'text' => 'short']])]),
    calls($f, [call('c2', 'read', ['path' => 'a'])]),
    results($f, [res('c2', 'read', 'ok')]),
);
toolcompact_compact($h, [], $r);
printf("bytes %d -> %d, tokens %d -> %d, saved %d\n", $r['bytesBefore'], $r['bytesAfter'], $r['tokensBefore'], $r['tokensAfter'], $r['savedBytes']);
?>
--EXPECT--
openai           bytes 188 -> 36, tokens 48 -> 10, saved 152
                 the output estimated again: bytes 36, tokens 10
                 minSavedBytes 100: applied true
openai-responses bytes 188 -> 36, tokens 48 -> 10, saved 152
                 the output estimated again: bytes 36, tokens 10
                 minSavedBytes 100: applied true
anthropic        bytes 188 -> 36, tokens 48 -> 10, saved 152
                 the output estimated again: bytes 36, tokens 10
                 minSavedBytes 100: applied true
gemini           bytes 206 -> 206, tokens 52 -> 52, saved 0
a list of parts (openai), its fields position => text, a placeholder part no field:
bytes 196 -> 47, tokens 50 -> 13, saved 149
