/*
 * Histories of json_decode() objects (SPEC Part 4, "Histories of
 * stdClass objects"): an array history whose stdClass entries are
 * provider messages is read as the arrays they stand for, and what the
 * pass changes comes back as stdClass objects.
 */
#ifndef TC_FJSON_H
#define TC_FJSON_H

#include "php.h"

/* Does the array history (borrowed) hold a stdClass entry that, read as
 * its array, tells a provider format? */
bool tc_fjson_wanted(zval *history);

/* *arrays (owned by the caller): history with each stdClass entry, and the
 * stdClass objects inside it, turned into arrays; other entries as they are. */
void tc_fjson_to_arrays(zval *arrays, zval *history);

/* *out (owned by the caller): result (what a pass or restore made of
 * arrays) with each entry that did not change the very same entry of
 * history, and each changed one written back as stdClass objects where
 * history had them, a new member with string keys as one too. */
void tc_fjson_back(zval *out, zval *result, zval *history, zval *arrays);

/* Adds value (owned, taken) to out, a stdClass object when object (as the
 * property key, or index written as a string), else an array under key or
 * index. */
void tc_fjson_put(zval *out, bool object, zend_string *key, zend_ulong index, zval *value);

/* *out (owned by the caller): one changed entry result written back as
 * tc_fjson_back() writes it, orig (NULL: none) the entry of the history it
 * stands for and conv (NULL: none) orig's array form. */
void tc_fjson_back_entry(zval *out, zval *result, zval *orig, zval *conv);

#endif
