<?php
/**
 * SPEC Part 4 "Histories of stdClass objects", for the userland reference:
 * an array history whose stdClass entries are provider messages is read as
 * the arrays they stand for, and what changed comes back as stdClass.
 */

declare(strict_types=1);

namespace ToolCompact\Tests;

/** Does a stdClass entry, read as its array, tell a provider format? */
function json_objects_wanted(array $history): bool
{
    foreach ($history as $entry) {
        if ($entry instanceof \stdClass && !in_array(format_told_by(json_objects_as_arrays($entry)), [null, 'adachsoft'], true)) {
            return true;
        }
    }
    return false;
}

/** A value with its stdClass objects as arrays (512 levels deep at most). */
function json_objects_as_arrays(mixed $value, int $depth = 0): mixed
{
    if ($depth >= 512 || !($value instanceof \stdClass || is_array($value))) {
        return $value;
    }
    $out = [];
    foreach ((array) $value as $key => $member) {
        $out[$key] = json_objects_as_arrays($member, $depth + 1);
    }
    return $out;
}

/** The history with each stdClass entry as its array, other entries as they are. */
function json_objects_history_as_arrays(array $history): array
{
    return array_map(fn ($entry) => $entry instanceof \stdClass ? json_objects_as_arrays($entry) : $entry, $history);
}

/**
 * What a pass or restore made of the arrays, written back: an entry that did
 * not change is the very same entry of the history, a changed one has
 * stdClass objects where the history had them (and where a new member has
 * string keys).
 */
function json_objects_back(array $result, array $history, array $arrays): array
{
    if ($result === $arrays) {
        return $history;
    }
    $out = [];
    $keys = array_keys($arrays);
    // nothing dropped (a restore, a pass without a window): each entry is the one at its key
    $kept = array_keys($result) === $keys;
    // a window drops the oldest entries: an unchanged entry is matched from the newest back, so
    // that of equal entries the one kept is the one found (an entry that changed into one equal
    // to another of the history is still a changed one)
    $cursor = count($keys) - 1;
    foreach (array_reverse(array_keys($result)) as $key) {
        $entry = $result[$key];
        if ($kept) {
            $at = $arrays[$key] === $entry ? array_search($key, $keys, true) : -1;
        } else {
            for ($at = $cursor; $at >= 0 && $arrays[$keys[$at]] !== $entry; $at--);
        }
        if ($at >= 0) {
            $out[$key] = $history[$keys[$at]];
            $cursor = $at - 1;
            continue;
        }
        $orig = array_key_exists($key, $history) ? $history[$key] : null;
        $out[$key] = $orig !== null && !is_object($orig)
            ? $entry
            : json_object_back($entry, $orig, $arrays[$key] ?? null, 0);
    }
    $out = array_replace(array_fill_keys(array_keys($result), null), $out);
    return $out;
}

function json_object_back(mixed $result, mixed $orig, mixed $conv, int $depth): mixed
{
    if ($orig !== null && $conv !== null && $result === $conv) {
        return $orig;
    }
    if (!is_array($result) || $depth >= 512) {
        return $result;
    }
    $object = $orig instanceof \stdClass || (!is_array($orig) && !array_is_list($result));
    foreach (array_keys($result) as $key) {
        $object = $object && !str_starts_with((string) $key, "\0");
    }
    $out = $object ? new \stdClass() : [];
    foreach ($result as $key => $member) {
        $origMember = is_array($orig) ? ($orig[$key] ?? null) : ($orig instanceof \stdClass ? ($orig->{$key} ?? null) : null);
        $convMember = is_array($conv) ? ($conv[$key] ?? null) : null;
        $value = json_object_back($member, $origMember, $convMember, $depth + 1);
        if ($object) {
            $out->{$key} = $value;
        } else {
            $out[$key] = $value;
        }
    }
    return $out;
}
