/*
 * Asking ahead for the memory the index and rewrite steps read (tc_walk.h).
 *
 * In a history bigger than the caches, each message is a chain of
 * pointers (message, list, item, payload, strings), each link a cache miss
 * that waits for the one before it, and the next message's chain only
 * starts after that. Asked for level by level across a batch of messages,
 * the misses of the batch overlap instead.
 */
#ifndef TC_PREFETCH_H
#define TC_PREFETCH_H

#include "tc_walk.h"

/* How many messages one call asks for. */
#define TC_PREFETCH_BATCH 16

/* How many messages the rewrite step's call looks at, at most, for its
 * batch: a warm call, whose memo holds a copy of most flagged messages, has
 * few to find. */
#define TC_PREFETCH_SCAN (TC_PREFETCH_BATCH * 4)

/* From how many messages on a history's arrays are taken not to be in the
 * caches: below that, the batches only cost (3% of a pass of 300 small
 * messages), unless the pass is cold (tc_prefetch_pays()). */
#define TC_PREFETCH_MIN_MESSAGES 1024

/* A pass that starts this long after the last one ended is cold: what the
 * process did meanwhile (an agent waits seconds for its model) has left
 * little of the history in the caches, whatever its length. Its batches
 * made the shared transcripts 19% faster when a 64 MiB read came before
 * each call, where they make passes right after one another 8% slower. */
#define TC_PREFETCH_COLD_NS ((uint64_t) 1000000)

/* The fewest messages a cold pass asks ahead for: any history with
 * something to compact (cold, the transcripts of 10-13 messages took
 * 0.84-0.99x as long with their batches, 0.93x and 0.90x summed;
 * generated histories of 2-4 messages the same). */
#define TC_PREFETCH_COLD_MIN_MESSAGES 2

/*
 * Whether a pass over a history of messages asks for memory ahead: a long
 * one always, a cold one from TC_PREFETCH_COLD_MIN_MESSAGES on. Called once
 * a pass; asks for the clock as the pass started (tc_clock_at(started))
 * only for a history short enough for it to matter: the pass is cold when
 * none ended in the PHP thread TC_PREFETCH_COLD_NS before
 * (tc_prefetch_pass_ended()).
 */
bool tc_prefetch_pays(uint32_t messages, uint64_t *started);

/* At the end of a pass, read at now (tc_clock_ns()): the time
 * tc_prefetch_pays() measures from. */
void tc_prefetch_pass_ended(uint64_t now);

#ifdef ZEND_HASH_ELEMENT_SIZE
# define TC_ELEMENT_SIZE(ht) ZEND_HASH_ELEMENT_SIZE(ht)
#else
# define TC_ELEMENT_SIZE(ht) sizeof(Bucket) /* PHP 8.1: packed arrays hold buckets too */
#endif

/* Will the rewrite step read the items of the message of sum with flags
 * compact? Not when the memo holds a copy of it, nor when each flagged
 * item is known to fit (a warm call's older calls, mostly). */
static zend_always_inline bool tc_prefetch_wanted(const tc_sum *sum, const bool *compact)
{
	uint32_t k;

	if (tc_sum_has_copy(sum)) {
		return 0;
	}
	for (k = 0; k < sum->results + sum->calls; k++) {
		if (compact[k] && sum->item[k].fits != TC_FITS_YES) {
			return 1;
		}
	}
	return 0;
}

/*
 * Asks for the memory that the index step will read of the array messages
 * among the TC_PREFETCH_BATCH elements of history (read as arrays only)
 * from the element slot on: the messages and their elements, their lists and
 * the lists' elements, the array items and their elements, and the
 * headers of the items' strings and arrays (ids, toolNames, arguments);
 * with payloads (a pass that queues strings in that step: tc_speculate.c)
 * the items' payloads too, their elements and the headers of their
 * strings and arrays. Reads only, and only what is there now. Returns the
 * element slot after the batch, where the next one starts.
 */
zval *tc_prefetch_index(HashTable *history, zval *slot, bool payloads);

/*
 * Asks for the memory that the rewrite step will read of the next
 * TC_PREFETCH_BATCH messages it will read (tc_prefetch_wanted()) among the
 * TC_PREFETCH_SCAN entries from entry from down (newest first, from
 * included): the messages' arrays, their list arrays and buckets, the
 * flagged items not known to fit and their buckets, the headers of what
 * the elements of those messages and items point to (their copies add a
 * reference to each), the payloads (result or arguments) and their
 * buckets, and the headers of the payloads' strings and arrays. Reads only arrays, as
 * they are now, and changes nothing: a prefetch is only a hint, so that a
 * later change of what it asked for (user code run while a message is
 * rewritten) is harmless. Returns the last entry it looked at: the next
 * batch starts below it.
 */
uint32_t tc_prefetch_rewrite(const tc_walker *w, uint32_t from);

#endif
