<?php

declare(strict_types=1);

/** Comparison helpers for the differential tests. */

namespace ToolCompact\Tests;

use ReflectionReference;

/**
 * A copy of $value without PHP references (whether an implementation keeps
 * an untouched reference or copies its value is not part of the contract).
 * A reference met again on its own path (a cycle) becomes a marker string.
 */
function plain(mixed $value, array $path = []): mixed
{
    if (!is_array($value)) {
        return $value;
    }
    $copy = [];
    foreach ($value as $key => $child) {
        $childPath = $path;
        if (is_array($child) && ($ref = ReflectionReference::fromArrayElement($value, $key)) !== null) {
            if (isset($path[$ref->getId()])) {
                $copy[$key] = '*CYCLE*';
                continue;
            }
            $childPath[$ref->getId()] = true;
        }
        $copy[$key] = plain($child, $childPath);
    }
    return $copy;
}

