--TEST--
positions count the history's own entries in every format (keepRecentMessages, trigger.messages, firstChangedIndex, onOmit's messageIndex), and a user turn is a user entry that holds no result: one that holds results and text is none (trigger.turns)
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};
use const ToolCompact\Tests\Formats\FORMATS;

foreach (FORMATS as $f) {
    $g = $f === 'gemini';
    $big = static fn (string $c) => $g ? ['output' => str_repeat($c, 400)] : str_repeat($c, 400);
    $h = history(
        [user($f, 'first turn')],
        calls($f, [call('c1', 'read', ['path' => 'a'])]),
        results($f, [res('c1', 'read', $big('x'))]),
        calls($f, [call('c2', 'read', ['path' => 'a'])]),
        results($f, [res('c2', 'read', $big('y'))]),
        calls($f, [call('c3', 'read', ['path' => 'a'])]),
        results($f, [res('c3', 'read', $big('z'))]),
    );
    // the last result entry also says something, in the formats where one entry can
    if ($f === 'anthropic') {
        $h[6]['content'][] = ['type' => 'text', 'text' => 'second turn'];
    } elseif ($g) {
        $h[6]['parts'][] = ['text' => 'second turn'];
    } else {
        $h[] = user($f, 'second turn');
    }
    $n = count($h);
    echo "$f ($n entries):\n";
    foreach ([0, 3, 4, 5] as $k) {
        $where = [];
        toolcompact_compact($h, ['keepRecentMessages' => $k, 'onOmit' => function ($s, $j, $w) use (&$where) { $where[] = $w['messageIndex']; }], $r);
        printf("  keepRecentMessages %d: changed %d, first %s, offered at [%s]\n", $k, $r['messagesChanged'], var_export($r['firstChangedIndex'], true), implode(',', $where));
    }
    foreach (['messages' => [$n, $n + 1], 'turns' => [1, 2, 3]] as $key => $values) {
        foreach ($values as $v) {
            toolcompact_compact($h, ['trigger' => [$key => $v]], $r);
            printf("  trigger.%s %d: triggered %s\n", $key, $v, var_export($r['triggered'], true));
        }
    }
}
?>
--EXPECT--
openai (8 entries):
  keepRecentMessages 0: changed 2, first 2, offered at [4,2]
  keepRecentMessages 3: changed 2, first 2, offered at [4,2]
  keepRecentMessages 4: changed 1, first 2, offered at [2]
  keepRecentMessages 5: changed 1, first 2, offered at [2]
  trigger.messages 8: triggered true
  trigger.messages 9: triggered false
  trigger.turns 1: triggered true
  trigger.turns 2: triggered true
  trigger.turns 3: triggered false
openai-responses (8 entries):
  keepRecentMessages 0: changed 2, first 2, offered at [4,2]
  keepRecentMessages 3: changed 2, first 2, offered at [4,2]
  keepRecentMessages 4: changed 1, first 2, offered at [2]
  keepRecentMessages 5: changed 1, first 2, offered at [2]
  trigger.messages 8: triggered true
  trigger.messages 9: triggered false
  trigger.turns 1: triggered true
  trigger.turns 2: triggered true
  trigger.turns 3: triggered false
anthropic (7 entries):
  keepRecentMessages 0: changed 2, first 2, offered at [4,2]
  keepRecentMessages 3: changed 1, first 2, offered at [2]
  keepRecentMessages 4: changed 1, first 2, offered at [2]
  keepRecentMessages 5: changed 0, first NULL, offered at []
  trigger.messages 7: triggered true
  trigger.messages 8: triggered false
  trigger.turns 1: triggered true
  trigger.turns 2: triggered false
  trigger.turns 3: triggered false
gemini (7 entries):
  keepRecentMessages 0: changed 2, first 2, offered at [4,2]
  keepRecentMessages 3: changed 1, first 2, offered at [2]
  keepRecentMessages 4: changed 1, first 2, offered at [2]
  keepRecentMessages 5: changed 0, first NULL, offered at []
  trigger.messages 7: triggered true
  trigger.messages 8: triggered false
  trigger.turns 1: triggered true
  trigger.turns 2: triggered false
  trigger.turns 3: triggered false
