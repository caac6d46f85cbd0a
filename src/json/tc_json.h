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
 * The bytes of json_encode(value, JSON_PARTIAL_OUTPUT_ON_ERROR) (a string
 * that is not valid UTF-8 counts as null), json_last_error() kept; -1 when
 * a JsonSerializable inside threw (cleared) or value is nested deeper than
 * TC_JSON_DEPTH. May run user code.
 */
zend_long tc_json_partial_bytes(zval *value);

/* json_decode($json, true, depth) into *out (owned by the caller; undefined
 * when it returns false), json_last_error() left as it was. A zend_string:
 * the decoder reads up to its terminating NUL byte. */
bool tc_json_decode(zend_string *json, int depth, zval *out);

/* Is c whitespace in a JSON text (space, tab, LF, CR)? */
static zend_always_inline bool tc_json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The offset of the first byte of s (len bytes) from i on that is not
 * whitespace; len when there is none. */
static zend_always_inline size_t tc_json_skip_space(const char *s, size_t len, size_t i)
{
	while (i < len && tc_json_space(s[i])) {
		i++;
	}
	return i;
}

/* The offset just past the string token at s[i] (a '"') of the len bytes
 * at s: past the first '"' after it that an even run of backslashes
 * precedes; 0 when there is none. Only finds the end: the token may still
 * be invalid. */
size_t tc_json_string_end(const char *s, size_t len, size_t i);

/* One member of an object text: byte offsets of its key (the string token,
 * quotes included) and of its value. */
typedef struct _tc_json_member {
	size_t key_start;
	size_t value_start, value_end;
} tc_json_member;

/*
 * json_decode($text, true) of an object text whose members are strings,
 * integers, true, false or null (tc_json_flat.c), into *out (a new array),
 * and the members' spans in text order into *members (emalloc'd, owned by
 * the caller; *count of them; NULL when there are none). False, with *out
 * undefined and nothing allocated, for every other text: decode it with
 * tc_json_decode().
 */
bool tc_json_decode_flat(const char *text, size_t len, zval *out, tc_json_member **members, uint32_t *count);

/*
 * json_decode($text, true, depth) of the len bytes at s (no NUL byte
 * needed past them) into *out (owned by the caller) for a text whose
 * integers fit in a few digits; with objects (NULL: not wanted), the
 * arrays that were objects in the text are added to it as keys (their
 * addresses). False, *out undefined and objects emptied, for every
 * other text: decode it with php_json_decode_ex().
 */
bool tc_json_decode_nested(const char *s, size_t len, int depth, zval *out, HashTable *objects);

/*
 * The size of one payload field (SPEC: string byte length; null, bool, int
 * and float the length of their (string) form; array the length of its
 * JSON, 0 when that fails; anything else 0). value is borrowed. For arrays
 * the encoding is handed to the caller through *json (owned, NULL on
 * failure) so that it is not computed twice; for other types *json is set
 * to NULL.
 */
size_t tc_json_field_size(zval *value, zend_string **json);

typedef enum {
	TC_JSON_RESULT_OK,    /* json_encode() succeeds; the result is exact */
	TC_JSON_RESULT_FAIL,  /* json_encode() would fail (or throw) */
	TC_JSON_RESULT_SLOW   /* not decided: an object inside needs PHP's encoder */
} tc_json_result;

/*
 * The byte length of json_encode(value) (default flags, depth 512) in *len,
 * without encoding it: no allocation, no user code, no change to
 * json_last_error(). *len is meaningful only for TC_JSON_RESULT_OK.
 */
tc_json_result tc_json_length(zval *value, size_t *len);

/*
 * tc_json_length() and, only when that length is above threshold, the
 * SHA-256 (hex, TC_SHA256_HEX_LEN + 1 bytes) of json_encode(value), in one
 * walk: the encoded bytes are streamed through a small buffer, the
 * encoding never built, and the digest is started when the buffer is
 * first handed to it, so that a value whose JSON fits the buffer and not
 * above threshold is never hashed. *hashed tells whether hex holds the
 * digest: only for TC_JSON_RESULT_OK with *len above threshold. *len is
 * meaningful only for TC_JSON_RESULT_OK. Like tc_json_length(), runs no
 * user code.
 */
tc_json_result tc_json_measure_sha256(zval *value, size_t threshold, size_t *len, char *hex, bool *hashed);

/* tc_json_field_measure(): only PHP's encoder can tell the size. */
#define TC_JSON_SIZE_SLOW ((size_t) -1)

/*
 * Like tc_json_field_size() (same sizes), but an array is counted without
 * being encoded, and no user code runs: an array with an object inside
 * gives TC_JSON_SIZE_SLOW, and the caller encodes it (tc_json_encode(),
 * once: its length is the size, and its digest is taken from it). With hex
 * (else NULL), an array whose size is above threshold is hashed in the same
 * walk (tc_json_measure_sha256()), as a field to be omitted then is: one
 * walk instead of two. *hashed tells whether hex holds its digest.
 */
size_t tc_json_field_measure(zval *value, size_t threshold, char *hex, bool *hashed);

/*
 * The hex SHA-256 of json_encode(value) into hex: from json when it is not
 * NULL (the value's encoding, from tc_json_encode()), else streamed,
 * else (objects inside) through PHP's encoder. Returns false where
 * json_encode() fails; hex is then undefined.
 */
bool tc_json_sha256(zval *value, zend_string *json, char *hex);

#endif
