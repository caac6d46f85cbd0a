--TEST--
onOmit that throws, in every format: the exception reaches the caller, $report is not written, the input is unchanged
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/formats_build.php';
use function ToolCompact\Tests\Formats\sample_history;
use const ToolCompact\Tests\Formats\{FORMATS, SAMPLE_PARAMS};

foreach (FORMATS as $f) {
    $h = sample_history($f);
    $before = serialize($h);
    $report = 'untouched';
    $n = 0;
    try {
        toolcompact_compact($h, SAMPLE_PARAMS + ['onOmit' => function () use (&$n) { if (++$n === 2) { throw new DomainException('store full'); } }], $report);
        echo "$f: NOT THROWN\n";
    } catch (DomainException $e) {
        printf("%s: thrown %s after %d calls, report %s, input unchanged %s\n", $f, $e->getMessage(), $n,
            var_export($report, true), var_export(serialize($h) === $before, true));
    }
}
?>
--EXPECT--
openai: thrown store full after 2 calls, report 'untouched', input unchanged true
openai-responses: thrown store full after 2 calls, report 'untouched', input unchanged true
anthropic: thrown store full after 2 calls, report 'untouched', input unchanged true
gemini: thrown store full after 2 calls, report 'untouched', input unchanged true
