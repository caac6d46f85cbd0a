<?php

declare(strict_types=1);

/**
 * Helpers for the hostile-input tests (tests/hostile/) and the fuzzer
 * (tests/lib/fuzz.php): a canonical dump of any PHP value, and a watched
 * call of toolcompact_compact() that reports every broken guarantee of
 * SPEC Part 1 "Guarantees" (input modified, warning or notice raised,
 * exception thrown, json_last_error() changed).
 *
 * Everything here is userland PHP and recursion happens in PHP frames only,
 * so values nested 100 000 levels deep can be dumped (serialize(), var_export()
 * and === would recurse on the C stack).
 */

namespace ToolCompact\Tests;

/**
 * A canonical, type-exact text of $value: equal texts for values that
 * serialize() would print the same, plus what serialize() cannot show or
 * refuses (closures, NAN vs NAN, -0.0, PHP references, cycles, resources).
 * Objects are named by class and spl_object_id (the same instance dumps the
 * same), resources by type and id. Strings longer than 64 bytes are given by
 * length and md5. A PHP reference is marked `&`, one met again on its own
 * path (a cycle) prints `*CYCLE*`.
 *
 * @param bool $references false: PHP references are read through without a
 *                         mark (for comparing outputs, where whether an
 *                         untouched reference is kept is not part of the
 *                         contract)
 */
function dump(mixed $value, bool $references = true): string
{
    $out = [];
    dump_into($out, $value, $references, []);
    return implode('', $out);
}

/**
 * @param list<string>         $out
 * @param array<string, true>  $path with $references: the ids of the PHP references
 *                                   on the path; without: the shallow
 *                                   signatures of the arrays on the path that
 *                                   hold a reference (see below)
 */
function dump_into(array &$out, mixed $value, bool $references, array $path): void
{
    switch (true) {
        case $value === null:
            $out[] = 'N';
            return;
        case is_bool($value):
            $out[] = $value ? 'T' : 'F';
            return;
        case is_int($value):
            $out[] = 'i' . $value;
            return;
        case is_float($value):
            $out[] = 'd' . bin2hex(pack('E', $value)); // NAN, INF, -0.0 exactly
            return;
        case is_string($value):
            $out[] = strlen($value) > 64
                ? 's' . strlen($value) . '#' . md5($value)
                : 's' . strlen($value) . ':' . bin2hex($value);
            return;
        case is_object($value):
            $out[] = 'O' . $value::class . '#' . spl_object_id($value);
            return;
        case is_array($value):
            break;
        default: // open or closed resource
            $out[] = 'R' . get_resource_type($value) . '#' . get_resource_id($value);
            return;
    }
    if (!$references) {
        // Read through references, a cycle is an array met again on its own
        // path. Arrays have no identity in PHP code, so "the same array" is
        // told by its shallow signature (keys, scalars, ids of the references
        // it holds), taken only for arrays that hold a reference: every cycle
        // goes through one. Whether a copy of a recursive array or the
        // reference to it is returned then dumps the same.
        $signature = dump_signature($value);
        if ($signature !== null) {
            if (isset($path[$signature])) {
                $out[] = '*CYCLE*';
                return;
            }
            $path[$signature] = true;
        }
    }
    $out[] = 'a' . count($value) . '{';
    foreach ($value as $key => $child) {
        $out[] = is_int($key) ? "k$key=" : 'k' . strlen($key) . ':' . bin2hex($key) . '=';
        $childPath = $path;
        if ($references && ($reference = \ReflectionReference::fromArrayElement($value, $key)) !== null) {
            $id = $reference->getId();
            if (isset($path[$id])) {
                $out[] = '*CYCLE*';
                continue;
            }
            if (is_array($child)) {
                $childPath[$id] = true;
            }
            $out[] = '&';
        }
        dump_into($out, $child, $references, $childPath);
    }
    $out[] = '}';
}

/** The shallow signature of an array that holds a PHP reference, else null. */
function dump_signature(array $value): ?string
{
    $signature = [];
    $held = false;
    foreach ($value as $key => $child) {
        $reference = \ReflectionReference::fromArrayElement($value, $key);
        if ($reference !== null) {
            $held = true;
            $signature[] = "$key&" . $reference->getId();
        } elseif (is_array($child)) {
            $signature[] = "$key:a" . count($child);
        } else {
            $part = [];
            dump_into($part, $child, false, []);
            $signature[] = "$key:" . implode('', $part);
        }
    }
    return $held ? implode(',', $signature) : null;
}

/**
 * serialize($value), or null when serialize() refuses it (a closure).
 * serialize() runs in C: much faster than dump() on large histories; it
 * marks a PHP reference only where it is met a second time.
 */
function serialized(mixed $value): ?string
{
    try {
        return serialize($value);
    } catch (\Throwable) {
        return null;
    }
}

/**
 * A fingerprint of $value by value, PHP references read through: md5 of
 * dump() without reference marks.
 */
function fingerprint(mixed $value): string
{
    return md5(dump($value, false));
}

/**
 * A fast fingerprint: serialize() (dump() when it refuses). serialize() marks
 * a PHP reference met twice only when its refcount is above 1, so it can
 * differ after a call whose output shares such a reference (a recursive
 * array): a difference must be confirmed with fingerprint().
 */
function quick_fingerprint(mixed $value): string
{
    return serialized($value) ?? 'dump:' . fingerprint($value);
}

/**
 * Whether two outputs are the same, PHP references read through: equal
 * serialize() (each side uses the same instances of the input's objects),
 * else equal dump().
 */
function same_output(mixed $a, mixed $b): bool
{
    $sa = serialized($a);
    if ($sa !== null && $sa === serialized($b)) {
        return true;
    }
    return dump($a, false) === dump($b, false);
}

/**
 * toolcompact_compact($history, $params) under watch. Returns its result
 * (null if it threw) and prints one line per broken guarantee:
 * `THROWN`, `RAISED` (any warning, notice or deprecation), `JSON ERROR
 * CHANGED`, `INPUT MODIFIED`, `PARAMS MODIFIED`.
 *
 * The input is compared by value (fingerprint()): the output may share the
 * input's PHP references, which raises their refcount and so makes a
 * reference that PHP ignored (refcount 1) visible to dump().
 *
 * @param callable|null $fingerprint how the input is compared before and
 *                                   after (default: fingerprint())
 */
function watched_compact(array $history, array $params = [], ?callable $fingerprint = null): ?array
{
    $fingerprint ??= fingerprint(...);
    $historyBefore = $fingerprint($history);
    $paramsBefore = $fingerprint($params);

    $raised = [];
    set_error_handler(static function (int $errno, string $message) use (&$raised): bool {
        $raised[] = "$errno $message";
        return true;
    });
    json_decode('{'); // a non-zero error state the call must leave as it is
    $jsonError = json_last_error();
    $out = null;
    try {
        $out = toolcompact_compact($history, $params);
    } catch (\Throwable $e) {
        echo 'THROWN ', $e::class, ': ', $e->getMessage(), "\n";
    } finally {
        $jsonAfter = json_last_error();
        restore_error_handler();
    }
    foreach ($raised as $line) {
        echo "RAISED $line\n";
    }
    if ($jsonAfter !== $jsonError) {
        echo "JSON ERROR CHANGED from $jsonError to $jsonAfter\n";
    }
    if ($fingerprint($history) !== $historyBefore) {
        echo "INPUT MODIFIED\n";
    }
    if ($fingerprint($params) !== $paramsBefore) {
        echo "PARAMS MODIFIED\n";
    }
    return $out;
}

/**
 * Prints `output as expected` when $actual and $expected dump the same
 * (PHP references read through), else both dumps (cut at 2 000 bytes).
 *
 * @param bool $quick false: never serialize() (which recurses on the C stack
 *                    into objects nested too deep for it)
 */
function expect_output(mixed $actual, mixed $expected, bool $quick = true): void
{
    if ($quick ? same_output($actual, $expected) : dump($actual, false) === dump($expected, false)) {
        echo "output as expected\n";
        return;
    }
    $a = dump($actual, false);
    $e = dump($expected, false);
    echo "OUTPUT DIFFERS\n  expected: ", substr($e, 0, 2000), "\n  actual:   ", substr($a, 0, 2000), "\n";
}

/** ['bytes' => size, 'sha256' => sha256 of json_encode($value)]: one omittedFields entry (SPEC). */
function omitted_entry(mixed $value, ?int $bytes = null): array
{
    $json = json_encode($value);
    return ['bytes' => $bytes ?? (is_string($value) ? strlen($value) : strlen($json)), 'sha256' => hash('sha256', $json)];
}

/** The tool-message content SPEC "Tool message content" prescribes. */
function placeholder(string $toolName, string $id): string
{
    return "[tool_compaction] Tool result compacted for tool=$toolName, callId=$id. Large fields omitted.";
}

/** An assistant message holding $calls. */
function assistant(array $calls): array
{
    return ['role' => 'assistant', 'content' => null, 'toolCalls' => $calls, 'toolResults' => []];
}

/** A tool message holding $results. */
function tool(array $results, ?string $content = 'raw'): array
{
    return ['role' => 'tool', 'content' => $content, 'toolCalls' => [], 'toolResults' => $results];
}

function call(mixed $id, mixed $toolName, mixed $arguments): array
{
    return ['id' => $id, 'toolName' => $toolName, 'arguments' => $arguments];
}

function result(mixed $id, mixed $toolName, mixed $result): array
{
    return ['id' => $id, 'toolName' => $toolName, 'result' => $result];
}
