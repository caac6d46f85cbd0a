/*
 * The digests of omitted strings two at a time: sha256 of json_encode() of
 * a string, taken by tc_sha256_pair_add() and written into the string that
 * holds its hex in a batch after the pair's streams get to its end
 * (tc_sha256_done). With the CPU's SHA extensions two streams side by side
 * cost less than one after the other (tc_sha256_blocks2()).
 *
 * The field is omitted before its digest is known, so the pass must know
 * that the JSON encoding of the string cannot fail (valid UTF-8). An
 * optimistic pair takes every string unchecked and leaves the check to the
 * escaper that feeds the streams, which reads the string anyway: a string
 * that is not valid UTF-8 marks the pair failed, and the walk then
 * rewrites its messages again with a pair that checks each string first
 * (tc_walk()). So that no user code runs twice, the pass settles the pair
 * (tc_sha256_pair_settle()) before any user code runs, and checks every
 * string from then on.
 */
#ifndef TC_SHA256_PAIR_H
#define TC_SHA256_PAIR_H

#include "php.h"
#include "../json/tc_json_escape.h"
#include "tc_sha256_blocks.h"

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
	bool invalid;        /* src is not valid UTF-8: its digest is not json_encode()'s */
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

/*
 * The strings added since the pair was last finished, by a fingerprint of
 * their length and first and last bytes (a slot holds the last one added
 * of those that map to it): an agent that read a file again or ran the same
 * command twice omits the same bytes more than once, and a string with the
 * same bytes as one in the table shares its digest string instead of
 * being hashed.
 */
#define TC_SHA256_PAIR_SEEN 32

typedef struct {
	uint64_t     print;
	zend_string *src;   /* held */
	zend_string *hex;   /* held: gets src's digest */
} tc_sha256_seen;

/*
 * How many ended streams may wait for their hex digits. Writing them as a
 * stream ends would make the pass wait for its last compress to finish
 * there; written a batch at a time (and at the finish), they are written
 * from a state that is long known, while the next blocks are compressed.
 */
#define TC_SHA256_PAIR_DONE 16

typedef struct {
	uint32_t     h[8]; /* the final state */
	zend_string *hex;  /* held: gets its 64 hex digits */
} tc_sha256_done;

/*
 * Lives in the digests of a pass (tc_digest.h), made empty by tc_sha256_pair_init(),
 * which writes only the fields that say what is in use: a pass that omits
 * nothing does not pay for clearing the buffers (6 KB).
 */
typedef struct _tc_sha256_pair {
	tc_sha256_stream stream[2];
	tc_sha256_waiting wait[TC_SHA256_PAIR_WAIT]; /* a ring, the oldest at head */
	uint32_t head;
	uint32_t waiting;
	size_t waiting_bytes;        /* the bytes of the strings waiting */
	uint32_t seen_used; /* bit i: seen[i] is in use */
	tc_sha256_seen seen[TC_SHA256_PAIR_SEEN];
	uint32_t done_count;
	tc_sha256_done done[TC_SHA256_PAIR_DONE];
	bool optimistic;   /* strings are taken unchecked (see above) */
	bool failed;       /* a string taken unchecked was not valid UTF-8 */
} tc_sha256_pair;

/*
 * toolcompact.sha256_pairs: 0 never, 1 when the CPU has the SHA extensions
 * (the default; tc_sha256_blocks_native()).
 */
bool tc_sha256_pair_enabled(zend_long setting);

/* Makes pair empty: no stream busy, nothing waiting or seen, not
 * optimistic, not failed. */
void tc_sha256_pair_init(tc_sha256_pair *pair);

/* Whether s can be added: any string while pair is optimistic, else valid
 * UTF-8 only (its JSON encoding cannot fail). */
bool tc_sha256_pair_takes(const tc_sha256_pair *pair, const zend_string *s);

/*
 * Queues sha256 of the JSON string of s (borrowed) and returns the string
 * that gets its 64 hex digits (owned by the caller): hex (a string of
 * TC_SHA256_HEX_LEN bytes, not yet in use as a key, taken over), or, when
 * s has the same bytes as a string added since the last finish, that
 * one's string instead (hex is then released: s is not hashed again). The
 * digits are written in a batch of ended streams (tc_sha256_done), at the
 * latest in tc_sha256_pair_finish(), and read as zeros until then (so that
 * the JSON length is right); the pair holds s and the string until then.
 * May run queued digests, this one's or others'.
 */
zend_string *tc_sha256_pair_add(tc_sha256_pair *pair, zend_string *s, zend_string *hex);

/* Writes every queued digest and lets go of what the pair holds. The pair
 * is empty afterwards; safe on an empty pair. Sets pair->failed when a
 * string taken unchecked was not valid UTF-8 (its digest is then wrong). */
void tc_sha256_pair_finish(tc_sha256_pair *pair);

/*
 * To be called right before user code may run in a pass with pair (NULL:
 * none): finishes the queued digests and ends the optimism of the pair.
 * Returns false when the pair has failed: the pass is to be rewritten
 * again, and the user code must not run now.
 */
bool tc_sha256_pair_settle(tc_sha256_pair *pair);

#endif
