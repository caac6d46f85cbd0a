/*
 * Restoring omitted payload fields (SPEC.md Part 2, "onOmit"): the inverse
 * of a pass whose omitted values were stored by an onOmit callback.
 */
#ifndef TC_RESTORE_H
#define TC_RESTORE_H

#include "php.h"

#include "../engine/tc_params.h"

/*
 * Puts omitted fields of history (an array or a Traversable collection of
 * messages, borrowed, never modified) back into *out (owned by the caller):
 * for each field a valid meta lists whose value is still "[omitted]", the
 * JSON that lookup(sha256) returns is decoded back in place when its
 * SHA-256 matches; the meta loses the restored entries and goes away when
 * none is left. A tool message's placeholder content is restored from the
 * content record of a meta the same way. A field whose lookup returns
 * anything else, or JSON that does not match or does not decode, stays
 * omitted. Unchanged messages are shared; when nothing changes *out is the
 * history itself with one more reference.
 *
 * Returns FAILURE, with *out set to null, when lookup threw (the exception
 * is left for the caller).
 */
zend_result tc_restore(zval *out, zval *history, const tc_callable *lookup);

/* The string lookup(sha) returns when its SHA-256 is sha (a new reference),
 * else NULL; *threw is set when the lookup threw. */
zend_string *tc_restore_stored(const tc_callable *lookup, zend_string *sha, bool *threw);

/* Decodes a stored JSON text as restore does (objects as arrays) into
 * *value (owned by the caller); false when it does not decode. */
/* Is current (a payload's field, borrowed, NULL: none) still what the pass
 * left of the value of the omittedFields entry (borrowed): "[omitted]", or a
 * preview naming the entry's sha256 (SPEC Part 6)? */
bool tc_restore_omitted_still(zval *current, zval *entry);

bool tc_restore_decode(zend_string *json, zval *value);

/* Restores the omitted fields of one array payload (borrowed) into *out
 * (owned by the caller) and returns true when anything came back; *threw
 * is set when the lookup threw. */
bool tc_restore_object(const tc_callable *lookup, zval *payload, zval *out, bool *threw);

#endif
