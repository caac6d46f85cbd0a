--TEST--
Hostile: a tokenCounter that calls exit() ends the script there: nothing after it runs, not even the rest of the pass
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/build.php';
use function ToolCompact\Tests\{read_pair, user};

$h = array_merge([user('go')], read_pair('r1', 'a.php', 400), read_pair('r2', 'a.php', 500));
$calls = 0;
register_shutdown_function(function () use (&$calls) { echo "shutdown after $calls call(s)\n"; });
toolcompact_compact($h, ['tokenCounter' => function (string $json) use (&$calls): int { $calls++; exit(); }], $report);
echo "NOT REACHED\n";
?>
--EXPECT--
shutdown after 1 call(s)
