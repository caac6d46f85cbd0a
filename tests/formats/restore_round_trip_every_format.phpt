--TEST--
restore: in every format, restore(compact($h, onOmit storing), lookup) === $h - JSON texts, texts, lists of parts beside an image, object payloads; onOmit called in walk order with where = messageIndex, callId, tool, field (member key or part position), payload
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\{user, call, res, calls, results, history, parts};
use const ToolCompact\Tests\Formats\FORMATS;

$N = str_repeat('n', 400);
$X = str_repeat('x', 300);
$Y = str_repeat('y', 300);
$D = str_repeat('d/', 75);
$L = str_repeat("src/a.php\n", 15);
foreach (FORMATS as $f) {
    $g = $f === 'gemini';
    $h = history(
        [user($f, 'go')],
        calls($f, [call('r1', 'read', ['path' => 'a.php', 'note' => $N])]),
        results($f, [res('r1', 'read', $g ? ['content' => $X, 'size' => 300] : json_encode(['content' => $X, 'size' => 300]))]),
        calls($f, [call('r2', 'read', ['path' => 'a.php'])]),
        results($f, [res('r2', 'read', $g ? ['output' => $Y] : $Y)]),
        calls($f, [call('l1', 'list', ['dir' => $D])]),
        results($f, [res('l1', 'list', $g ? ['files' => $L, 'note' => 'short'] : parts($f, $L, null, 'short'))]),
        calls($f, [call('l2', 'list', ['dir' => '.'])]),
        results($f, [res('l2', 'list', $g ? ['files' => 'ok'] : 'ok')]),
    );
    $before = serialize($h);
    $store = [];
    $offers = [];
    $onOmit = function (string $sha, string $json, array $where) use (&$store, &$offers) {
        $store[$sha] = $json;
        $offers[] = sprintf('%s %s %s %s %s json=%d sha ok=%s', $where['messageIndex'], $where['callId'], $where['tool'],
            var_export($where['field'], true), $where['payload'], strlen($json), var_export(hash('sha256', $json) === $sha, true));
    };
    $compacted = toolcompact_compact($h, ['onOmit' => $onOmit, 'toolIdentifierFields' => ['read' => ['path']]], $report);
    $looked = 0;
    $restored = toolcompact_restore($compacted, function (string $sha) use (&$store, &$looked) {
        $looked++;
        return $store[$sha] ?? null;
    });
    echo "$f: compacted ", var_export($compacted !== $h, true), ", fields omitted {$report['fieldsOmitted']}, offered ", count($offers),
        ", looked up $looked, restored === input: ", var_export($restored === $h, true),
        ", input unchanged: ", var_export(serialize($h) === $before, true), "\n";
    foreach ($offers as $line) {
        echo "  $line\n";
    }
}
?>
--EXPECT--
openai: compacted true, fields omitted 5, offered 5, looked up 5, restored === input: true, input unchanged: true
  6 l1 list 0 result json=182 sha ok=true
  6 l1 list 1 result json=386 sha ok=true
  5 l1 list 'dir' arguments json=227 sha ok=true
  2 r1 read 'content' result json=302 sha ok=true
  1 r1 read 'note' arguments json=402 sha ok=true
openai-responses: compacted true, fields omitted 5, offered 5, looked up 5, restored === input: true, input unchanged: true
  6 l1 list 0 result json=182 sha ok=true
  6 l1 list 1 result json=396 sha ok=true
  5 l1 list 'dir' arguments json=227 sha ok=true
  2 r1 read 'content' result json=302 sha ok=true
  1 r1 read 'note' arguments json=402 sha ok=true
anthropic: compacted true, fields omitted 5, offered 5, looked up 5, restored === input: true, input unchanged: true
  6 l1 list 0 result json=182 sha ok=true
  6 l1 list 1 result json=399 sha ok=true
  5 l1 list 'dir' arguments json=227 sha ok=true
  2 r1 read 'content' result json=302 sha ok=true
  1 r1 read 'note' arguments json=402 sha ok=true
gemini: compacted true, fields omitted 4, offered 4, looked up 4, restored === input: true, input unchanged: true
  6 l1 list 'files' result json=182 sha ok=true
  5 l1 list 'dir' arguments json=227 sha ok=true
  2 r1 read 'content' result json=302 sha ok=true
  1 r1 read 'note' arguments json=402 sha ok=true
