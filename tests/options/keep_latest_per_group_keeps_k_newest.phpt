--TEST--
keepLatestPerGroup: the K newest occurrences of a group stay intact, older ones are compacted; an invalid K throws (tests/options/wrong_options_throw.phpt)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, summary, user};

// Four reads of the same file: one group (read has no identifier fields).
$h = array_merge([user('go')], read_pair('r1', 'a.php'), read_pair('r2', 'a.php'), read_pair('r3', 'a.php'), read_pair('r4', 'a.php'));
foreach ([2, 3, 5] as $k) {
    echo "K=$k\n", summary(toolcompact_compact($h, ['keepLatestPerGroup' => $k]));
}
// A pending call is the newest occurrence and counts toward K.
$pending = array_merge(array_slice($h, 0, 7), [read_pair('r4', 'a.php')[0]]);
echo "K=2, r4 pending\n", summary(toolcompact_compact($pending, ['keepLatestPerGroup' => 2]));
?>
--EXPECT--
K=2
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(content)
5 assistant r3(=)
6 tool r3(=)
7 assistant r4(=)
8 tool r4(=)
K=3
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(=)
5 assistant r3(=)
6 tool r3(=)
7 assistant r4(=)
8 tool r4(=)
K=5
0 user
1 assistant r1(=)
2 tool r1(=)
3 assistant r2(=)
4 tool r2(=)
5 assistant r3(=)
6 tool r3(=)
7 assistant r4(=)
8 tool r4(=)
K=2, r4 pending
0 user
1 assistant r1(=)
2 tool r1(content)
3 assistant r2(=)
4 tool r2(content)
5 assistant r3(=)
6 tool r3(=)
7 assistant r4(=)
