--TEST--
toolcompact_compact() in gemini: a response with media parts whose meta is held through a PHP reference and that only had whitespace collapsed; a jsonSerialize() inside it, run while the written form is measured, assigns a new meta to the reference (freeing the one the walk kept); the write goes on and the media part stays (no invalid read under valgrind or ASan)
--EXTENSIONS--
toolcompact
--FILE--
<?php
final class Reassigns implements JsonSerializable
{
    public int $calls = 0;

    public function __construct(private Closure $then) {}

    public function jsonSerialize(): mixed
    {
        $this->calls++;
        ($this->then)();
        return 'ok';
    }
}

// a valid meta of an earlier pass, made at run time (so that nothing else holds it)
$meta = json_decode('{"thresholdBytes":100,"omittedFields":{"x":{"bytes":500,"sha256":"' . str_repeat('ab', 32) . '"}}}', true);
$hook = new Reassigns(function () use (&$meta): void {
    $meta = json_decode(json_encode($meta), true); // an equal meta in a new array
});
$image = ['inlineData' => ['mimeType' => 'image/png', 'data' => 'QUJD']];
$history = [
    ['role' => 'user', 'parts' => [['text' => 'go']]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'shot', 'args' => ['n' => 1]]]]],
    ['role' => 'user', 'parts' => [
        ['functionResponse' => ['name' => 'shot', 'response' => [
            'log' => "first    line\n\n\n\nsecond     line", 'hook' => $hook, '_tool_compaction' => &$meta]]],
        $image,
    ]],
    ['role' => 'model', 'parts' => [['functionCall' => ['name' => 'shot', 'args' => ['n' => 2]]]]],
    ['role' => 'user', 'parts' => [['functionResponse' => ['name' => 'shot', 'response' => ['ok' => true]]]]],
];
$out = toolcompact_compact($history, ['format' => 'gemini', 'outputTrimBytes' => 1000, 'collapseWhitespace' => true], $report);
echo "collapsed: {$report['fieldsCollapsed']}, omitted: {$report['fieldsOmitted']}, changed: {$report['messagesChanged']}\n";
$response = $out[2]['parts'][0]['functionResponse']['response'];
var_dump($response['log']);
var_dump($response['hook'] === $hook, $response['_tool_compaction'] === $meta, $out[2]['parts'][1] === $image);
var_dump($hook->calls > 0, $out[4] === $history[4]);
?>
--EXPECT--
collapsed: 1, omitted: 0, changed: 1
string(23) "first line

second line"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
