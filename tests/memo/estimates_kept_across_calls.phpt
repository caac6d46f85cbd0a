--TEST--
Memo: the estimates it keeps of messages give, at every call of an agent loop, the reference's trigger.tokens decision, minSavedBytes gate and report, also after serialize_precision changes
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/reference.php';

use function ToolCompact\Tests\{asst, call, res, tool, user, reference_compact};

// messages with floats (whose JSON length follows serialize_precision),
// escapes and multibyte text in content, arguments and results, and
// messages without calls and results
$turn = static function (int $i): array {
    $path = 'src/f' . ($i % 3) . '.php';
    return [
        user(str_repeat("note \u{2014} $i\\/", 10 + $i)),
        asst(call("c$i", 'read', ['path' => $path, 'ratio' => $i / 7])),
        tool(res("c$i", 'read', ['content' => str_repeat("l\u{e9}ne \"$i\"\n", 20 + $i), 'score' => 1 / ($i + 3)]),
            "read $path: " . ($i / 9)),
    ];
};
$settings = [
    'tokens' => ['trigger' => ['tokens' => 2400]],
    'tokens and gate' => ['trigger' => ['tokens' => 900], 'minSavedBytes' => 2500],
    'gate' => ['minSavedBytes' => 400],
];
foreach ($settings as $label => $params) {
    ini_set('serialize_precision', '-1');
    $history = [user('go')];
    $calls = $differences = $triggered = 0;
    $applied = [];
    for ($i = 0; $i < 14; $i++) {
        array_push($history, ...$turn($i)); // the same message arrays each call
        if ($i === 9) {
            ini_set('serialize_precision', '4');
        }
        // three calls over the same history: the memo is used from the second
        for ($call = 0; $call < 3; $call++) {
            $native = toolcompact_compact($history, $params, $report);
            $reference = reference_compact($history, $params, $referenceReport);
            $calls++;
            if ($native !== $reference || $report !== $referenceReport) {
                $differences++;
            }
        }
        $triggered += $report['triggered'];
        $applied[] = $report['applied'] ? 'A' : '-';
    }
    echo "$label: $calls calls, $differences differences, triggered at $triggered of 14 lengths, ", implode('', $applied), "\n";
}
$info = toolcompact_memo_info();
var_dump($info['hits'] > 100);
?>
--EXPECT--
tokens: 42 calls, 0 differences, triggered at 3 of 14 lengths, -----------AAA
tokens and gate: 42 calls, 0 differences, triggered at 9 of 14 lengths, ------------AA
gate: 42 calls, 0 differences, triggered at 14 of 14 lengths, ----AAAAAAAAAA
bool(true)
