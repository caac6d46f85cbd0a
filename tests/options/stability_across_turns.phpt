--TEST--
Stability across turns: with each Part 2 option on, a message changed at turn t is byte-identical at every later turn (prompt caches keep their prefix), whether the agent sends its raw history or the compacted one back
--EXTENSIONS--
toolcompact
--FILE--
<?php
$file = __DIR__ . '/../../examples/transcripts/django__django-16502.json';
$messages = json_decode(file_get_contents($file), true)['messages'];

$options = [
    'keepLatestPerGroup' => ['keepLatestPerGroup' => 2],
    'keepRecentMessages' => ['keepRecentMessages' => 4],
    'compactInputs off' => ['compactInputs' => false, 'inputTrimBytes' => 10],
    'compactOutputs off' => ['compactOutputs' => false, 'inputTrimBytes' => 10],
    'trigger turns' => ['trigger' => ['turns' => 3]],
    'trigger tokens, tokenCounter' => ['trigger' => ['tokens' => 20000], 'tokenCounter' => fn (string $j): int => intdiv(strlen($j), 3)],
    'minSavedBytes' => ['minSavedBytes' => 5000],
    'onOmit' => ['onOmit' => function (string $sha, string $json, array $where): void {}],
    'all' => ['keepLatestPerGroup' => 2, 'keepRecentMessages' => 4, 'compactInputs' => false,
        'trigger' => ['turns' => 3], 'minSavedBytes' => 5000, 'onOmit' => function () {}],
];
foreach ($options as $name => $params) {
    foreach (['raw', 'fed back'] as $mode) {
        $frozen = [];   // message index => serialization when it first changed
        $unstable = 0;
        $history = [];
        foreach ($messages as $i => $message) {
            $history[] = $message;
            $out = toolcompact_compact($history, $params);
            foreach ($out as $j => $m) {
                if (isset($frozen[$j])) {
                    $unstable += (int) (serialize($m) !== $frozen[$j]);
                } elseif ($m !== $messages[$j]) {
                    $frozen[$j] = serialize($m);
                }
            }
            if ($mode === 'fed back') {
                $history = $out;
            }
        }
        printf("%-28s %-8s changed %s, unstable %d\n", $name, $mode, count($frozen) > 5 ? '> 5' : count($frozen), $unstable);
    }
}
?>
--EXPECT--
keepLatestPerGroup           raw      changed > 5, unstable 0
keepLatestPerGroup           fed back changed > 5, unstable 0
keepRecentMessages           raw      changed > 5, unstable 0
keepRecentMessages           fed back changed > 5, unstable 0
compactInputs off            raw      changed > 5, unstable 0
compactInputs off            fed back changed > 5, unstable 0
compactOutputs off           raw      changed > 5, unstable 0
compactOutputs off           fed back changed > 5, unstable 0
trigger turns                raw      changed > 5, unstable 0
trigger turns                fed back changed > 5, unstable 0
trigger tokens, tokenCounter raw      changed > 5, unstable 0
trigger tokens, tokenCounter fed back changed > 5, unstable 0
minSavedBytes                raw      changed > 5, unstable 0
minSavedBytes                fed back changed > 5, unstable 0
onOmit                       raw      changed > 5, unstable 0
onOmit                       fed back changed > 5, unstable 0
all                          raw      changed > 5, unstable 0
all                          fed back changed > 5, unstable 0
