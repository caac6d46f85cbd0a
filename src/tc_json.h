/*
 * JSON encoding and payload sizing exactly as the userland strategy does
 * them with json_encode() and (string) casts, without side effects visible
 * to PHP code: json_last_error() is untouched and exceptions thrown by a
 * JsonSerializable are swallowed (an encoding failure, fail-open).
 */
#ifndef TC_JSON_H
#define TC_JSON_H

#include "php.h"

/* json_encode()'s default depth, which the strategy uses. */
#define TC_JSON_DEPTH 512

/*
 * Returns json_encode(value) with default flags and depth 512, or NULL where
 * json_encode() would return false (or throw). value is borrowed; the caller
 * owns the returned string. An array nested deeper than TC_JSON_DEPTH is
 * reported as a failure without being encoded.
 */
zend_string *tc_json_encode(zval *value);

/*
 * The size of one payload field (SPEC: string byte length; null, bool, int
 * and float the length of their (string) form; array the length of its
 * JSON, 0 when that fails; anything else 0). value is borrowed. For arrays
 * the encoding is handed to the caller through *json (owned, NULL on
 * failure) so that it is not computed twice; for other types *json is set
 * to NULL.
 */
size_t tc_json_field_size(zval *value, zend_string **json);

#endif
