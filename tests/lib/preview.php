<?php

declare(strict_types=1);

/**
 * Userland reference of the previews of docs/SPEC.md Part 6: what an omitted
 * string becomes, and how a marker is found again. Written from the
 * contract only.
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

/** The sha256 named by the first marker in $text, or null. */
function preview_sha256(mixed $text): ?string
{
    return is_string($text) && preg_match('/\n\[omitted\] [0-9]+ bytes, sha256=([0-9a-f]{64})\n/', $text, $m) ? $m[1] : null;
}

/** Is $value still what a pass left of an omitted value with digest $sha: "[omitted]" or its preview? */
function omitted_still(mixed $value, mixed $sha): bool
{
    return $value === '[omitted]' || (is_string($sha) && preview_sha256($value) === $sha);
}
