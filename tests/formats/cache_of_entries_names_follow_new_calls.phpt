--TEST--
cache of provider entries: when a turn added to the last history has a call that gives an id read before with another tool name, or one a result no call answered before gives, the output is the one with the cache off (a result answers the nearest call before it, so the results read before keep their names); and a history that only begins like the last one, or is shorter, is read anew
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/convert.php';

$big = str_repeat('output line ', 40);
$call = fn (string $id, string $tool, array $args): array => ['role' => 'assistant', 'content' => '',
    'toolCalls' => [['id' => $id, 'toolName' => $tool, 'arguments' => $args]], 'toolResults' => []];
$result = fn (string $id, string $tool): array => ['role' => 'tool', 'content' => '', 'toolCalls' => [],
    'toolResults' => [['id' => $id, 'toolName' => $tool, 'result' => ['output' => $big]]]];

// the newest bash x makes the older ones compactable; 'read' is excluded
$base = [['role' => 'user', 'content' => 'go', 'toolCalls' => [], 'toolResults' => []],
    $call('c1', 'bash', ['command' => 'x']), $result('c1', 'bash'),
    $call('c2', 'bash', ['command' => 'x']), $result('c2', 'bash'),
    $result('zz', 'bash'), // a result no call answers
    $call('c3', 'bash', ['command' => 'x']), $result('c3', 'bash')];
$turns = [
    'renames c1' => [$call('c1', 'read', ['path' => 'y']), $result('c1', 'read')],
    'same name again' => [$call('c2', 'bash', ['command' => 'x']), $result('c2', 'bash')],
    'answers zz' => [$call('zz', 'bash', ['command' => 'x']), $result('zz', 'bash')],
    'renames c1, not excluded' => [$call('c1', 'grep', ['pattern' => 'y']), $result('c1', 'grep')],
    'new id' => [$call('c9', 'bash', ['command' => 'x']), $result('c9', 'bash')],
];
$records = [];
$params = ['toolIdentifierFields' => ['bash' => ['command']], 'excludedTools' => ['read']];
// what onOmit is told of each omitted field, the tool among it
$recording = $params + ['onOmit' => function (string $sha, string $json, array $where) use (&$records): void {
    $records[] = $where;
}];
$run = function (array $history) use ($params, $recording, &$records): array {
    $records = [];
    $out = toolcompact_compact($history, $recording);
    return [$out, $records, toolcompact_compact($history, $params)];
};

foreach (['openai', 'openai-responses', 'anthropic'] as $format) {
    $first = convert_history($base, $format);
    foreach ($turns as $what => $turn) {
        $added = array_merge($first, array_slice(convert_history(array_merge($base, $turn), $format), count($first)));
        $others = [
            'added' => $added,
            'begins alike' => array_merge(array_slice($first, 0, -1), array_slice($added, count($first))),
            'shorter' => array_slice($first, 0, -2),
        ];
        foreach ($others as $kind => $next) {
            ini_set('toolcompact.memo_entries', '16384');
            // the last history three times (its entries are noted on the
            // first read, kept on the second, lent from the third on), then
            // the next one, twice
            for ($i = 0; $i < 3; $i++) {
                toolcompact_compact($first, $params);
            }
            $cached = [$run($next), $run($next)];
            ini_set('toolcompact.memo_entries', '0');
            $plain = $run($next);
            $same = $cached[0] === $plain && $cached[1] === $plain;
            if (!$same || $kind === 'added') {
                printf("%s, %s, %s: %s\n", $format, $what, $kind, $same ? 'as with the cache off' : 'DIFFERS');
            }
        }
    }
}
// a history with string keys, read three times, then with one more turn
// and with its keys renamed
$keys = fn (array $h, string $p): array => array_combine(array_map(fn ($i) => $p . $i, array_keys($h)), $h);
$first = convert_history($base, 'openai');
$added = array_merge($first, array_slice(convert_history(array_merge($base, $turns['renames c1, not excluded']), 'openai'), count($first)));
foreach (['added' => $keys($added, 'm'), 'renamed' => $keys($first, 'n')] as $kind => $next) {
    ini_set('toolcompact.memo_entries', '16384');
    for ($i = 0; $i < 3; $i++) {
        toolcompact_compact($keys($first, 'm'), $params);
    }
    $cached = [$run($next), $run($next)];
    ini_set('toolcompact.memo_entries', '0');
    $plain = $run($next);
    printf("string keys, %s: %s\n", $kind, $cached[0] === $plain && $cached[1] === $plain ? 'as with the cache off' : 'DIFFERS');
}
// whether a turn changes what is done to the entries read before: a new bash
// x call does (the older ones become compactable); a call that gives c1 again
// does not (each result answers the nearest call before it)
foreach (['renames c1', 'answers zz', 'renames c1, not excluded'] as $what) {
    $next = convert_history(array_merge($base, $turns[$what]), 'openai');
    $before = $run(array_slice($next, 0, 8));
    $after = $run($next);
    printf("%s matters: %s\n", $what, json_encode([$before[0], $before[1]]) !== json_encode([array_slice($after[0], 0, 8),
        array_values(array_filter($after[1], fn ($w) => $w['messageIndex'] < 8))]) ? 'yes' : 'no');
}
?>
--EXPECT--
openai, renames c1, added: as with the cache off
openai, same name again, added: as with the cache off
openai, answers zz, added: as with the cache off
openai, renames c1, not excluded, added: as with the cache off
openai, new id, added: as with the cache off
openai-responses, renames c1, added: as with the cache off
openai-responses, same name again, added: as with the cache off
openai-responses, answers zz, added: as with the cache off
openai-responses, renames c1, not excluded, added: as with the cache off
openai-responses, new id, added: as with the cache off
anthropic, renames c1, added: as with the cache off
anthropic, same name again, added: as with the cache off
anthropic, answers zz, added: as with the cache off
anthropic, renames c1, not excluded, added: as with the cache off
anthropic, new id, added: as with the cache off
string keys, added: as with the cache off
string keys, renamed: as with the cache off
renames c1 matters: no
answers zz matters: yes
renames c1, not excluded matters: no
