--TEST--
restore: two calls with the same id in one message, and their two results, each payload a JSON text whose members are not written as json_encode() writes them - onOmit gets the whole-text record of each payload right after that payload's fields, and restore(compact($h)) === $h in every format
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history};
use const ToolCompact\Tests\Formats\FORMATS;

// "/" unescaped: each text differs from json_encode() of its members (SPEC Part 4, "Restoring")
$text = fn (array $a) => json_encode($a, JSON_UNESCAPED_SLASHES);
foreach (FORMATS as $f) {
    $object = in_array($f, ['anthropic', 'gemini'], true); // calls carry an object
    $args = fn (string $c) => ['note' => str_repeat("$c/", 200), 'path' => $c];
    $out = fn (string $c) => $f === 'gemini' ? ['o' => str_repeat("$c/", 150)] : $text(['o' => str_repeat("$c/", 150)]);
    $h = history(
        [user($f, 'go')],
        calls($f, [call('c1', 'read', $object ? $args('a') : $text($args('a'))), call('c1', 'read', $object ? $args('b') : $text($args('b')))]),
        results($f, [res('c1', 'read', $out('x')), res('c1', 'read', $out('y'))]),
        calls($f, [call('c2', 'read', ['path' => 'z'])]),
        results($f, [res('c2', 'read', 'ok')]),
    );
    $store = [];
    $offers = [];
    $onOmit = function (string $sha, string $json, array $where) use (&$store, &$offers) {
        $store[$sha] = $json;
        $offers[] = sprintf('%d %s %s %s', $where['messageIndex'], $where['callId'], var_export($where['field'], true), $where['payload'])
            . ($where['field'] === null ? ' ' . substr(json_decode($json), 0, 14) : '');
    };
    $compacted = toolcompact_compact($h, ['onOmit' => $onOmit], $report);
    $restored = toolcompact_restore($compacted, fn (string $sha) => $store[$sha] ?? null);
    echo "$f: fields omitted {$report['fieldsOmitted']}, restored === input: ", var_export($restored === $h, true), "\n";
    foreach ($offers as $line) {
        echo "  $line\n";
    }
}
?>
--EXPECT--
openai: fields omitted 4, restored === input: true
  3 c1 'o' result
  3 c1 NULL result {"o":"y/y/y/y/
  2 c1 'o' result
  2 c1 NULL result {"o":"x/x/x/x/
  1 c1 'note' arguments
  1 c1 NULL arguments {"note":"b/b/b
  1 c1 'note' arguments
  1 c1 NULL arguments {"note":"a/a/a
openai-responses: fields omitted 4, restored === input: true
  4 c1 'o' result
  4 c1 NULL result {"o":"y/y/y/y/
  3 c1 'o' result
  3 c1 NULL result {"o":"x/x/x/x/
  2 c1 'note' arguments
  2 c1 NULL arguments {"note":"b/b/b
  1 c1 'note' arguments
  1 c1 NULL arguments {"note":"a/a/a
anthropic: fields omitted 4, restored === input: true
  2 c1 'o' result
  2 c1 NULL result {"o":"y/y/y/y/
  2 c1 'o' result
  2 c1 NULL result {"o":"x/x/x/x/
  1 c1 'note' arguments
  1 c1 'note' arguments
gemini: fields omitted 4, restored === input: true
  2 c1 'o' result
  2 c1 'o' result
  1 c1 'note' arguments
  1 c1 'note' arguments
