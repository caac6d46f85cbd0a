--TEST--
Hostile gemini: calls and responses without ids are paired by name and order (a response answers the oldest call before it with its name that nothing answers yet; one with no such call is a result of its own), ids and the synthetic gemini:{entry}:{part} ids are never written into the history, fail-open
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\{watched_compact};
use function ToolCompact\Tests\Formats\{diff_paths};

$p = ['toolIdentifierFields' => ['read' => ['path']]];
$fc = static fn (?string $id, string $name, array $args) => ['functionCall' => ($id === null ? [] : ['id' => $id]) + ['name' => $name, 'args' => $args]];
$fr = static fn (?string $id, string $name, string $c) => ['functionResponse' => ($id === null ? [] : ['id' => $id]) + ['name' => $name, 'response' => ['content' => str_repeat($c, 300)]]];
$run = static function (array $h) use ($p) {
    $where = [];
    $out = watched_compact($h, $p + ['onOmit' => function ($sha, $json, $w) use (&$where) { $where[] = "{$w['messageIndex']}:{$w['callId']}:{$w['field']}"; }]);
    echo '  changed: ', implode(' ', diff_paths($h, $out)), "\n  offered: ", implode(' ', $where), "\n";
};

echo "no ids at all - first response answers the first read, the second the second:\n";
$run([
    ['role' => 'user', 'parts' => [['text' => 'read a.php and b.php']]],
    ['role' => 'model', 'parts' => [$fc(null, 'read', ['path' => 'a.php']), $fc(null, 'read', ['path' => 'b.php'])]],
    ['role' => 'user', 'parts' => [$fr(null, 'read', 'A'), $fr(null, 'read', 'B')]],
    ['role' => 'model', 'parts' => [$fc(null, 'read', ['path' => 'a.php'])]],
    ['role' => 'user', 'parts' => [$fr(null, 'read', 'a')]],
]);

echo "a response by id first, then one without id - it answers the other call:\n";
$run([
    ['role' => 'model', 'parts' => [$fc('x1', 'read', ['path' => 'a.php']), $fc(null, 'read', ['path' => 'b.php'])]],
    ['role' => 'user', 'parts' => [$fr('x1', 'read', 'A'), $fr(null, 'read', 'B')]],
    ['role' => 'model', 'parts' => [$fc(null, 'read', ['path' => 'b.php'])]],
    ['role' => 'user', 'parts' => [$fr(null, 'read', 'b')]],
]);

echo "responses of a name no call has - each a result of its own, whose call is not in the history: each compacted by its own size:\n";
$run([
    ['role' => 'user', 'parts' => [['text' => 'hi']]],
    ['role' => 'user', 'parts' => [$fr(null, 'list', 'L')]],
    ['role' => 'user', 'parts' => [['text' => 'again']]],
    ['role' => 'user', 'parts' => [$fr(null, 'list', 'M')]],
]);

echo "the oldest unanswered call of the name, not the newest:\n";
$run([
    ['role' => 'model', 'parts' => [$fc(null, 'read', ['path' => 'a.php'])]],
    ['role' => 'model', 'parts' => [$fc(null, 'read', ['path' => 'b.php'])]],
    ['role' => 'user', 'parts' => [$fr(null, 'read', 'A')]],
    ['role' => 'user', 'parts' => [$fr(null, 'read', 'B')]],
    ['role' => 'model', 'parts' => [$fc(null, 'read', ['path' => 'b.php'])]],
    ['role' => 'user', 'parts' => [$fr(null, 'read', 'b')]],
]);
?>
--EXPECT--
no ids at all - first response answers the first read, the second the second:
  changed: ~ 2.parts.0.functionResponse.response.content + 2.parts.0.functionResponse.response._tool_compaction
  offered: 2:gemini:1:0:content
a response by id first, then one without id - it answers the other call:
  changed: ~ 1.parts.1.functionResponse.response.content + 1.parts.1.functionResponse.response._tool_compaction
  offered: 1:gemini:0:1:content
responses of a name no call has - each a result of its own, whose call is not in the history: each compacted by its own size:
  changed: ~ 1.parts.0.functionResponse.response.content + 1.parts.0.functionResponse.response._tool_compaction ~ 3.parts.0.functionResponse.response.content + 3.parts.0.functionResponse.response._tool_compaction
  offered: 3:gemini:3:0:content 1:gemini:1:0:content
the oldest unanswered call of the name, not the newest:
  changed: ~ 3.parts.0.functionResponse.response.content + 3.parts.0.functionResponse.response._tool_compaction
  offered: 3:gemini:1:0:content
