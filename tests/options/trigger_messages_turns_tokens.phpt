--TEST--
trigger: compact only once messages, turns or tokens reach their threshold (any one is enough); invalid entries throw (tests/options/wrong_options_throw.phpt); null is no trigger
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{estimate, read_pair, user};

// 2 user turns, 6 messages; the second read makes the first compactable.
$h = array_merge([user('one')], read_pair('r1', 'a.php'), [user('two')], read_pair('r2', 'a.php'));

// SPEC Part 2 token estimate of the history.
$tokens = array_sum(array_map(fn ($m) => estimate($m)[1], $h));

$cases = [
    'messages 6' => ['messages' => 6],
    'messages 7' => ['messages' => 7],
    'turns 2' => ['turns' => 2],
    'turns 3' => ['turns' => 3],
    'tokens = estimate' => ['tokens' => $tokens],
    'tokens = estimate + 1' => ['tokens' => $tokens + 1],
    'any one reached' => ['messages' => 100, 'turns' => 100, 'tokens' => $tokens],
    'none reached' => ['messages' => 100, 'turns' => 100, 'tokens' => $tokens + 1],
    'zero' => ['messages' => 0],
    'null' => null,
];
foreach ($cases as $name => $trigger) {
    $report = null;
    $out = toolcompact_compact($h, ['trigger' => $trigger], $report);
    printf("%-22s triggered=%s changed=%s reason=%s\n", $name, var_export($report['triggered'], true),
        var_export($out !== $h, true), var_export($report['reason'], true));
}
var_dump($report['tokensBefore'] === $tokens);
?>
--EXPECT--
messages 6             triggered=true changed=true reason=NULL
messages 7             triggered=false changed=false reason='trigger'
turns 2                triggered=true changed=true reason=NULL
turns 3                triggered=false changed=false reason='trigger'
tokens = estimate      triggered=true changed=true reason=NULL
tokens = estimate + 1  triggered=false changed=false reason='trigger'
any one reached        triggered=true changed=true reason=NULL
none reached           triggered=false changed=false reason='trigger'
zero                   triggered=true changed=true reason=NULL
null                   triggered=true changed=true reason=NULL
bool(true)
