/*
 * The digests of omitted strings two at a time: sha256 of json_encode() of
 * a string, taken by tc_sha256_pair_add() and written into the string that
 * holds its hex once the pair's two streams get to its end. With the CPU's
 * SHA extensions two streams side by side cost less than one after the
 * other (tc_sha256_blocks2()).
 *
 * Only strings whose JSON encoding cannot fail may be added (valid UTF-8,
 * tc_sha256_pair_takes()): the field is omitted before its digest is known.
 */
#ifndef TC_SHA256_PAIR_H
#define TC_SHA256_PAIR_H

#include "php.h"
#include "tc_json_escape.h"

/* Bytes of escaped JSON a stream escapes ahead of its compress. */
#define TC_SHA256_PAIR_BUF 2048

typedef struct {
	zend_string *src;    /* held; NULL: the stream is free */
	zend_string *hex;    /* held; gets the 64 hex digits (and a NUL) */
	size_t pos;          /* bytes of src escaped so far */
	size_t off;          /* bytes of buf compressed so far */
	size_t used;         /* bytes in buf */
	uint64_t total;      /* bytes compressed before buf's */
	bool closed;         /* the closing quote and the padding are in buf */
	uint32_t h[8];
	/* the escaper's slack, the closing quote, at most 72 bytes of padding */
	unsigned char buf[TC_SHA256_PAIR_BUF + TC_JSON_ESCAPE_SLACK + 1 + 72];
} tc_sha256_stream;

/*
 * How many added strings wait for a stream. At the end of a pass the
 * longest waiting one goes first into each free stream, so that the two
 * streams end near each other and little is left for one stream alone.
 */
#define TC_SHA256_PAIR_WAIT 16

typedef struct {
	zend_string *src;  /* held */
	zend_string *hex;  /* held */
} tc_sha256_waiting;

/* Lives in the walker (tc_walk.h); zeroed is empty. */
typedef struct {
	tc_sha256_stream stream[2];
	tc_sha256_waiting wait[TC_SHA256_PAIR_WAIT]; /* a ring, the oldest at head */
	uint32_t head;
	uint32_t waiting;
} tc_sha256_pair;

/*
 * toolcompact.sha256_pairs: 0 never, 1 when the CPU has the SHA extensions
 * (the default), 2 always (portable C otherwise; for tests).
 */
bool tc_sha256_pair_enabled(zend_long setting);

/* Whether s can be added: JSON encoding of valid UTF-8 cannot fail. */
bool tc_sha256_pair_takes(const zend_string *s);

/*
 * Queues sha256 of the JSON string of s; hex (a string of
 * TC_SHA256_HEX_LEN bytes, not yet in use as a key) is written when its
 * stream ends, at the latest in tc_sha256_pair_finish(). Both are held
 * until then. May run queued digests, this one's or others'.
 */
void tc_sha256_pair_add(tc_sha256_pair *pair, zend_string *s, zend_string *hex);

/* Writes every queued digest and lets go of what the pair holds. The pair
 * is empty afterwards; safe on an empty pair. */
void tc_sha256_pair_finish(tc_sha256_pair *pair);

#endif
