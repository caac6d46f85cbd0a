--TEST--
restore: a lookup that returns null, a string that does not match, JSON of another value or no string leaves every field omitted (the compacted history comes back as it is); a lookup that knows only some values restores those; a lookup that throws reaches the caller; restore never modifies its input
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\sample_history;
use const ToolCompact\Tests\Formats\{FORMATS, SAMPLE_PARAMS};

foreach (FORMATS as $f) {
    $h = sample_history($f);
    $store = [];
    $compacted = toolcompact_compact($h, SAMPLE_PARAMS + ['onOmit' => function ($sha, $json) use (&$store) { $store[$sha] = $json; }]);
    $before = serialize($compacted);
    echo "$f (", count($store), " stored):\n";
    $lookups = [
        'null' => fn ($sha) => null,
        'empty string' => fn ($sha) => '',
        'JSON of another value' => fn ($sha) => '"another value"',
        'the value with another encoding' => fn ($sha) => isset($store[$sha]) ? json_encode(json_decode($store[$sha]), JSON_PRETTY_PRINT) . ' ' : null,
        'an int' => fn ($sha) => 42,
        'an array' => fn ($sha) => [$store[$sha] ?? null],
        'a Stringable' => fn ($sha) => new class ($store[$sha] ?? '') { public function __construct(private string $s) {} public function __toString(): string { return $this->s; } },
    ];
    foreach ($lookups as $name => $lookup) {
        $calls = 0;
        $out = toolcompact_restore($compacted, function ($sha) use ($lookup, &$calls) { $calls++; return $lookup($sha); });
        printf("  %-32s looked up %d, left as compacted: %s\n", $name, $calls, var_export($out === $compacted, true));
    }
    // every other stored value only
    $some = array_slice($store, 0, 2, true);
    $partial = toolcompact_restore($compacted, fn ($sha) => $some[$sha] ?? null);
    $rest = array_diff_key($store, $some);
    $seen = [];
    $full = toolcompact_restore($partial, function ($sha) use ($rest, &$seen) { $seen[] = $sha; return $rest[$sha] ?? null; });
    printf("  partial: changed %s, then the rest: looked up only the rest %s, === input %s\n",
        var_export($partial !== $compacted && $partial !== $h, true),
        var_export(count($seen) === count($rest) && array_diff($seen, array_keys($rest)) === [], true), var_export($full === $h, true));
    try {
        toolcompact_restore($compacted, function ($sha) { throw new RuntimeException("lookup failed for $sha"); });
        echo "  NOT THROWN\n";
    } catch (RuntimeException $e) {
        echo '  thrown: ', get_class($e), ' ', strlen($e->getMessage()) === strlen('lookup failed for ') + 64 ? 'with its message' : 'WRONG MESSAGE', "\n";
    }
    echo '  restore input unchanged: ', var_export(serialize($compacted) === $before, true), "\n";
}
?>
--EXPECT--
openai (4 stored):
  null                             looked up 4, left as compacted: true
  empty string                     looked up 4, left as compacted: true
  JSON of another value            looked up 4, left as compacted: true
  the value with another encoding  looked up 4, left as compacted: true
  an int                           looked up 4, left as compacted: true
  an array                         looked up 4, left as compacted: true
  a Stringable                     looked up 4, left as compacted: true
  partial: changed true, then the rest: looked up only the rest true, === input true
  thrown: RuntimeException with its message
  restore input unchanged: true
openai-responses (4 stored):
  null                             looked up 4, left as compacted: true
  empty string                     looked up 4, left as compacted: true
  JSON of another value            looked up 4, left as compacted: true
  the value with another encoding  looked up 4, left as compacted: true
  an int                           looked up 4, left as compacted: true
  an array                         looked up 4, left as compacted: true
  a Stringable                     looked up 4, left as compacted: true
  partial: changed true, then the rest: looked up only the rest true, === input true
  thrown: RuntimeException with its message
  restore input unchanged: true
anthropic (4 stored):
  null                             looked up 4, left as compacted: true
  empty string                     looked up 4, left as compacted: true
  JSON of another value            looked up 4, left as compacted: true
  the value with another encoding  looked up 4, left as compacted: true
  an int                           looked up 4, left as compacted: true
  an array                         looked up 4, left as compacted: true
  a Stringable                     looked up 4, left as compacted: true
  partial: changed true, then the rest: looked up only the rest true, === input true
  thrown: RuntimeException with its message
  restore input unchanged: true
gemini (3 stored):
  null                             looked up 3, left as compacted: true
  empty string                     looked up 3, left as compacted: true
  JSON of another value            looked up 3, left as compacted: true
  the value with another encoding  looked up 3, left as compacted: true
  an int                           looked up 3, left as compacted: true
  an array                         looked up 3, left as compacted: true
  a Stringable                     looked up 3, left as compacted: true
  partial: changed true, then the rest: looked up only the rest true, === input true
  thrown: RuntimeException with its message
  restore input unchanged: true
