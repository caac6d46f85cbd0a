--TEST--
Hostile: objects nested 100 000 deep inside an array field: no stack overflow, the field is an encoding failure (size 0, kept), the rest is compacted
--DESCRIPTION--
json_encode() checks its 512-level limit only on its way back up, so an
object chain 100 000 deep would exhaust the C stack inside the encoder. The
depth precheck counts objects (their public properties) as the encoder
does; private properties are not encoded, so nesting there does not count.
--EXTENSIONS--
toolcompact
--SKIPIF--
<?php
// A debug build of PHP cannot free such a value even without the extension:
// its unoptimised destructor recurses once per level and overflows the C stack.
if (PHP_DEBUG) die('skip a debug build of PHP overflows the C stack freeing values nested 100 000 deep');
?>
--FILE--
<?php
require __DIR__ . '/../lib/hostile.php';
use function ToolCompact\Tests\{watched_compact, expect_output, assistant, tool, call, result, placeholder, omitted_entry};

final class Hidden
{
    public string $v = 'x';
    private array $deep;
    public function __construct() { $this->deep = [1]; for ($i = 0; $i < 100000; $i++) { $this->deep = [$this->deep]; } }
}

$chain = new stdClass();
for ($i = 0; $i < 100000; $i++) {
    $next = new stdClass();
    $next->child = $chain;
    $chain = $next;
}
$hidden = new Hidden();
$output = str_repeat('o', 200);
$old = ['chain' => [$chain], 'hidden' => [$hidden, 'padding'], 'output' => $output];
$history = [
    assistant([call('c1', 'read', [])]),
    tool([result('c1', 'read', $old)]),
    assistant([call('c2', 'read', [])]),
    tool([result('c2', 'read', ['output' => 'new'])]),
];

$out = watched_compact($history, ['outputTrimBytes' => 10]);

// SPEC: an array field is sized by json_encode(); a failure (depth) is size 0
// and never omitted. [$hidden, 'padding'] encodes as [{"v":"x"},"padding"].
$expected = $history;
$expected[1]['content'] = placeholder('read', 'c1');
$expected[1]['toolResults'][0]['result'] = [
    'chain' => [$chain],
    'hidden' => '[omitted]',
    'output' => '[omitted]',
    '_tool_compaction' => ['thresholdBytes' => 10, 'omittedFields' => [
        'hidden' => omitted_entry([$hidden, 'padding']),
        'output' => omitted_entry($output),
    ]],
];
expect_output($out, $expected, false);
var_dump(strlen(json_encode([$hidden, 'padding'])), $out[1]['toolResults'][0]['result']['chain'][0] === $chain);

// Free the chain link by link: PHP's own destructor recurses once per level,
// which the C stack does not hold 100 000 times over with the system allocator.
for ($link = $chain; $link !== null; $link = $next) {
    $next = $link->child ?? null;
    unset($link->child);
}
?>
--EXPECT--
output as expected
int(21)
bool(true)
