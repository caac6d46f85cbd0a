--TEST--
Whitespace, SPEC Part 6: collapseWhitespace is a bool, anything else a TypeError; the report has fieldsCollapsed right after fieldsOmitted (and fieldsPreviewed) only when it is on; a history without whitespace to collapse is returned as it is
--EXTENSIONS--
toolcompact
--FILE--
<?php
use ToolCompact\ToolCompactionStrategyParams as P;

set_error_handler(function (int $no, string $message): bool { echo "warning: $message\n"; return true; });
foreach (['true' => true, '1' => 1, '"true"' => 'true', 'null' => null, 'false' => false, '[]' => []] as $name => $value) {
    try {
        printf("%-7s %s\n", $name, var_export(P::resolve(['collapseWhitespace' => $value])['collapseWhitespace'], true));
    } catch (TypeError $e) {
        printf("%-7s %s\n", $name, $e::class);
    }
}
echo 'constant: ', P::COLLAPSE_WHITESPACE, "\n";

$h = [
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'a', 'toolName' => 't', 'arguments' => []]], 'toolResults' => []],
    ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => [['id' => 'a', 'toolName' => 't', 'result' => ['s' => 'tidy text']]]],
    ['role' => 'assistant', 'content' => null, 'toolCalls' => [['id' => 'b', 'toolName' => 't', 'arguments' => []]], 'toolResults' => []],
];
foreach ([[], ['collapseWhitespace' => false], ['collapseWhitespace' => true], ['collapseWhitespace' => true, 'previewBytes' => 5]] as $params) {
    $out = toolcompact_compact($h, $params, $report);
    echo json_encode($params), ': ', implode(',', array_slice(array_keys($report), 6, 3)), '; unchanged: ', var_export($out === $h, true), "\n";
}
?>
--EXPECT--
true    true
1       TypeError
"true"  TypeError
null    TypeError
false   false
[]      TypeError
constant: collapseWhitespace
[]: fieldsOmitted,bytesBefore,bytesAfter; unchanged: true
{"collapseWhitespace":false}: fieldsOmitted,bytesBefore,bytesAfter; unchanged: true
{"collapseWhitespace":true}: fieldsOmitted,fieldsCollapsed,bytesBefore; unchanged: true
{"collapseWhitespace":true,"previewBytes":5}: fieldsOmitted,fieldsPreviewed,fieldsCollapsed; unchanged: true
