--TEST--
exit() inside a summarize callback ends the script: the window does not swallow it
--EXTENSIONS--
toolcompact
--FILE--
<?php
register_shutdown_function(function () { echo "shutdown\n"; });
$history = [];
for ($i = 0; $i < 6; $i++) {
    $history[] = ['role' => $i % 2 ? 'assistant' : 'user', 'content' => "m$i", 'toolCalls' => [], 'toolResults' => []];
}
toolcompact_compact($history, ['maxMessages' => 3, 'summarize' => function (array $dropped): string {
    echo "summarizing\n";
    die();
}]);
echo "after exit: must not print\n";
?>
--EXPECT--
summarizing
shutdown
