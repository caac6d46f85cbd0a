--TEST--
a text or a part's text that already is exactly a placeholder ("[omitted] N bytes, sha256=" and 64 lowercase hex digits, whatever N) is not a field and stays; anything else that only looks like one (uppercase hex, a trailing space) is a text like any other
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{call, res, calls, results, history, placeholder, parts, items};

$B = str_repeat('b', 400);
$hex = hash('sha256', json_encode($B));
$texts = [
    'the placeholder of the text' => placeholder($B),
    'another byte count' => '[omitted] 7 bytes, sha256=' . $hex,
    'uppercase hex' => '[omitted] 150 bytes, sha256=' . strtoupper($hex),
    'a trailing space' => placeholder($B) . ' ',
    '63 hex digits' => '[omitted] 150 bytes, sha256=' . substr($hex, 1),
];
foreach (['openai', 'openai-responses', 'anthropic'] as $f) {
    echo "$f:\n";
    foreach ($texts as $name => $text) {
        foreach (['text' => $text, 'part' => parts($f, $text)] as $kind => $payload) {
            $h = history(calls($f, [call('c1', 'p', [])]), results($f, [res('c1', 'p', $payload)]),
                calls($f, [call('c2', 'p', [])]), results($f, [res('c2', 'p', 'ok')]));
            $offered = 0;
            $out = toolcompact_compact($h, ['outputTrimBytes' => 10, 'onOmit' => function () use (&$offered) { $offered++; }]);
            $payload = items($f, $out)[1]['payload'];
            $got = $kind === 'text' ? $payload : $payload[0]['text'];
            printf("  %-28s %-4s %s\n", $name, $kind, $got === $text ? "stays (offered $offered)" : ($got === placeholder($text) ? "replaced (offered $offered)" : 'UNEXPECTED ' . $got));
        }
    }
}
?>
--EXPECT--
openai:
  the placeholder of the text  text stays (offered 0)
  the placeholder of the text  part stays (offered 0)
  another byte count           text stays (offered 0)
  another byte count           part stays (offered 0)
  uppercase hex                text replaced (offered 1)
  uppercase hex                part replaced (offered 1)
  a trailing space             text replaced (offered 1)
  a trailing space             part replaced (offered 1)
  63 hex digits                text stays (offered 0)
  63 hex digits                part stays (offered 0)
openai-responses:
  the placeholder of the text  text stays (offered 0)
  the placeholder of the text  part stays (offered 0)
  another byte count           text stays (offered 0)
  another byte count           part stays (offered 0)
  uppercase hex                text replaced (offered 1)
  uppercase hex                part replaced (offered 1)
  a trailing space             text replaced (offered 1)
  a trailing space             part replaced (offered 1)
  63 hex digits                text stays (offered 0)
  63 hex digits                part stays (offered 0)
anthropic:
  the placeholder of the text  text stays (offered 0)
  the placeholder of the text  part stays (offered 0)
  another byte count           text stays (offered 0)
  another byte count           part stays (offered 0)
  uppercase hex                text replaced (offered 1)
  uppercase hex                part replaced (offered 1)
  a trailing space             text replaced (offered 1)
  a trailing space             part replaced (offered 1)
  63 hex digits                text stays (offered 0)
  63 hex digits                part stays (offered 0)
