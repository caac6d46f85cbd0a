<?php

declare(strict_types=1);

/**
 * Userland reference of the previews and the whitespace collapsing of
 * docs/SPEC.md Part 6: what an omitted string becomes, how a marker is found
 * again, what a kept string becomes. Written from the contract only.
 */

namespace ToolCompact\Tests;

/**
 * The preview of $s (valid UTF-8) whose digest is $sha: at most $head bytes
 * from its start and at most $tail bytes from its end, each cut at a
 * character boundary, around the marker naming the bytes cut; null when it
 * would not be shorter than $s.
 */
function reference_preview(string $s, string $sha, int $head, int $tail): ?string
{
    $length = strlen($s);
    $isContinuation = fn (int $i): bool => $i < $length && (ord($s[$i]) & 0xC0) === 0x80;
    $end = min($head, $length);
    while ($end > 0 && $isContinuation($end)) {
        $end--;
    }
    $start = max($end, $length - $tail);
    while ($isContinuation($start)) {
        $start++;
    }
    $preview = substr($s, 0, $end) . "\n[omitted] " . ($start - $end) . " bytes, sha256=$sha\n" . substr($s, $start);
    return strlen($preview) < $length ? $preview : null;
}

/**
 * Every marker in $text, overlapping ones too, in order of their start:
 * [start, end, bytes cut, sha256].
 *
 * @return list<array{int, int, int, string}>
 */
function preview_markers(string $text): array
{
    preg_match_all('/(?=(\n\[omitted\] ([0-9]+) bytes, sha256=([0-9a-f]{64})\n))/', $text, $found, PREG_SET_ORDER | PREG_OFFSET_CAPTURE);
    return array_map(fn (array $m): array => [$m[1][1], $m[1][1] + strlen($m[1][0]), (int) $m[2][0], $m[3][0]], $found);
}

/** The sha256 named by the first marker in $text, or null. */
function preview_sha256(mixed $text): ?string
{
    return is_string($text) ? (preview_markers($text)[0][3] ?? null) : null;
}

/** Is $value still what a pass left of an omitted value with digest $sha: "[omitted]", or a text with a marker naming it? */
function omitted_still(mixed $value, mixed $sha): bool
{
    return $value === '[omitted]' || (is_string($value) && in_array($sha, array_column(preview_markers($value), 3), true));
}

/** Could $original be what the preview $text with the marker $m was made of? */
function preview_of(string $text, array $m, string $original): bool
{
    [$start, $end, $cut] = $m;
    $tail = substr($text, $end);
    return strlen($original) === $start + $cut + strlen($tail)
        && str_starts_with($original, substr($text, 0, $start)) && str_ends_with($original, $tail);
}

/**
 * SPEC Part 6, collapseWhitespace: inside each line (lines end at "\n"),
 * after its indentation, runs of two or more spaces and tabs become one
 * space and trailing ones go; a line of nothing but spaces and tabs is
 * blank and empty; of blank lines in a row only the first stays.
 */
function reference_collapse(string $s): string
{
    $lines = [];
    $previousBlank = false;
    foreach (explode("\n", $s) as $line) {
        $blank = trim($line, " \t") === '';
        if ($blank && $previousBlank) {
            continue;
        }
        $previousBlank = $blank;
        if ($blank) {
            $lines[] = '';
            continue;
        }
        $indent = substr($line, 0, strspn($line, " \t"));
        $rest = rtrim(substr($line, strlen($indent)), " \t");
        $lines[] = $indent . preg_replace('/[ \t]{2,}/', ' ', $rest);
    }
    return implode("\n", $lines);
}
