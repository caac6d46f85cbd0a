--TEST--
report: a JSON text with a repeated key (never edited) is estimated as its decoded array, as any JSON text is: the repeat costs nothing extra, in every format whose payload can be a JSON text
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};

foreach (['openai', 'openai-responses', 'anthropic'] as $f) {
    $bytes = [];
    foreach (['{"a":"x","a":"x","b":"y"}', '{"a":"x","b":"y"}'] as $text) {
        $h = history(
            [user($f, 'hi')],
            calls($f, [call('c1', 'read', ['path' => 'a'])]),
            results($f, [res('c1', 'read', $text)]),
        );
        $out = toolcompact_compact($h, [], $r);
        $bytes[] = $r['bytesBefore'];
        if ($out !== $h) {
            echo "$f: changed\n";
        }
    }
    // user "hi" 4, the call's arguments {"path":"a"} 12, the result {"a":"x","b":"y"} 17
    printf("%-16s %d and %d bytes\n", $f, ...$bytes);
}
// a repeated key in the arguments too
$h = history(calls('openai', [call('c1', 'read', '{"path":"a","path":"a"}')]));
toolcompact_compact($h, [], $r);
echo "arguments: {$r['bytesBefore']} bytes\n";
?>
--EXPECT--
openai           33 and 33 bytes
openai-responses 33 and 33 bytes
anthropic        33 and 33 bytes
arguments: 12 bytes
