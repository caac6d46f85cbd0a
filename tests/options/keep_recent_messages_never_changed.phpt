--TEST--
keepRecentMessages: the last N messages are never changed, but their occurrences still count as the newest
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, summary, user};

// Three reads of the same file, then a user message: 8 messages.
$h = array_merge([user('go')], read_pair('r1', 'a.php'), read_pair('r2', 'a.php'), read_pair('r3', 'a.php'), [user('thanks')]);
foreach ([0, 2, 4, 5, 100] as $n) {
    echo "N=$n\n", summary(toolcompact_compact($h, ['keepRecentMessages' => $n]));
}
?>
--EXPECT--
N=0
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(content)
5 assistant r3(=)
6 tool r3(=)
7 user
N=2
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(content)
5 assistant r3(=)
6 tool r3(=)
7 user
N=4
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(=)
5 assistant r3(=)
6 tool r3(=)
7 user
N=5
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(=)
5 assistant r3(=)
6 tool r3(=)
7 user
N=100
0 user
1 assistant r1(=)
2 tool r1(=)
3 assistant r2(=)
4 tool r2(=)
5 assistant r3(=)
6 tool r3(=)
7 user
