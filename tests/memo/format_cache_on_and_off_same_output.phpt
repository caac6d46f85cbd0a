--TEST--
toolcompact.format_cache: an agent loop gets at every call the output of a call with the memo off, with the cache of provider entries on, off, and switched between calls, in the adachsoft format and in every provider format
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/convert.php';

var_dump(ini_get('toolcompact.format_cache')); // on by default
$made = [user('fix it')];
for ($i = 0; $i < 6; $i++) {
    array_push($made, ...read_pair("r$i", $i % 2 ? 'a.php' : 'b.php', 200 + 100 * $i));
}
$histories = [
    'transcript' => transcripts()['transcripts/django__django-16502.json'],
    'made' => $made,
];
$params = ['toolIdentifierFields' => ['bash' => ['command'], 'read_file' => ['path']]];

/** An agent loop over new copies of $history's arrays; $switch($n) runs before call $n. */
function loop(array $history, array $params, callable $switch): array
{
    $history = unserialize(serialize($history));
    $outputs = [];
    $grown = [];
    foreach ($history as $n => $entry) {
        $grown[] = $entry;
        $switch($n);
        $outputs[] = serialize(toolcompact_compact($grown, $params));
        $outputs[] = serialize(toolcompact_compact($grown, $params)); // the same arrays again
    }
    return $outputs;
}

$set = fn (bool $on) => ini_set('toolcompact.format_cache', $on ? '1' : '0');
$variants = [
    'on' => fn (int $n) => $set(true),
    'off' => fn (int $n) => $set(false),
    'switched' => fn (int $n) => $set(intdiv($n, 3) % 2 === 0),
];
foreach ($histories as $name => $adachsoft) {
    foreach (['adachsoft', 'openai', 'openai-responses', 'anthropic', 'gemini'] as $format) {
        $history = $format === 'adachsoft' ? $adachsoft : convert_history($adachsoft, $format);
        ini_set('toolcompact.memo_entries', '0');
        $plain = loop($history, $params, fn (int $n) => null);
        ini_set('toolcompact.memo_entries', '16384');
        $differ = [];
        foreach ($variants as $variant => $switch) {
            $count = count(array_diff_assoc(loop($history, $params, $switch), $plain));
            if ($count) {
                $differ[] = "$variant: $count";
            }
        }
        echo "$name $format: ", $differ ? implode(', ', $differ) . ' calls differ' : 'the same', "\n";
    }
}
?>
--EXPECT--
string(1) "1"
transcript adachsoft: the same
transcript openai: the same
transcript openai-responses: the same
transcript anthropic: the same
transcript gemini: the same
made adachsoft: the same
made openai: the same
made openai-responses: the same
made anthropic: the same
made gemini: the same
