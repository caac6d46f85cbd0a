/*
 * The digests of the values a pass omits: sha256 of the JSON of each, as
 * json_encode() makes it, in hex. The one interface the engine hashes
 * through: whether a string waits to be hashed beside others
 * (tc_sha256_pair.h) or is hashed at once is decided here.
 *
 * A digest may be written after tc_digest_add() returns its string (its 64
 * digits read as zeros meanwhile), at the latest by tc_digest_finish().
 * When strings are taken unchecked (a batched pass), one that turns out
 * not to be valid UTF-8 fails the pass's digests: tc_digest_finish()
 * returns false, and the caller rewrites what it made since
 * tc_digest_init() after tc_digest_recheck().
 */
#ifndef TC_DIGEST_H
#define TC_DIGEST_H

#include "php.h"

#include "tc_sha256_pair.h"

typedef struct _tc_digest {
	bool           batched; /* strings wait in the pair */
	tc_sha256_pair pair;    /* (last: its buffers are not cleared) */
} tc_digest;

/* MINIT: what the CPU has for the pairs (tc_sha256_blocks.h). */
void tc_digest_startup(void);

/* For phpinfo(): how toolcompact.sha256_pairs=1 hashes on this CPU; a
 * static string. */
const char *tc_digest_pairs_name(void);

/*
 * Whether value is a setting of toolcompact.sha256_pairs: "0" (strings are
 * hashed one at a time) or "1" (two at a time with the CPU's SHA
 * extensions where it has them, one at a time otherwise; the default).
 * Stores it into *setting when it is.
 */
bool tc_digest_pairs_of_setting(const zend_string *value, zend_long *setting);

/* Starts the digests of a pass. batched: strings may wait and are taken
 * unchecked, for a pass whose outputs no user code reads before
 * tc_digest_finish() (an array history); it applies only where
 * toolcompact.sha256_pairs says so. */
void tc_digest_init(tc_digest *d, bool batched);

/*
 * The string (owned by the caller) that holds, or will hold by
 * tc_digest_finish(), the digest of value (borrowed); json is its JSON
 * when the caller has it (borrowed), else NULL. NULL when value has no
 * JSON encoding (nothing was queued).
 */
zend_string *tc_digest_add(tc_digest *d, zval *value, zend_string *json);

/* Before user code runs in a pass with d (NULL: none): writes the digests
 * waiting and checks every later string before it waits. False when the
 * digests failed: the user code must not run now (the pass rewrites). */
bool tc_digest_settle(tc_digest *d);

/* Writes every digest waiting. False when the digests failed (see above). */
bool tc_digest_finish(tc_digest *d);

/* Whether a string taken unchecked was found not to be valid UTF-8. */
static zend_always_inline bool tc_digest_failed(const tc_digest *d)
{
	return d->pair.failed;
}

/* After failed digests: forgets the failure; every later string is checked
 * before it waits. */
void tc_digest_recheck(tc_digest *d);

#endif
