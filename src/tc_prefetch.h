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

/* From how many messages on a history's arrays are taken not to be in the
 * caches: below that, the batches only cost (3% of a pass of 300 small
 * messages). */
#define TC_PREFETCH_MIN_MESSAGES 1024

#ifdef ZEND_HASH_ELEMENT_SIZE
# define TC_ELEMENT_SIZE(ht) ZEND_HASH_ELEMENT_SIZE(ht)
#else
# define TC_ELEMENT_SIZE(ht) sizeof(Bucket) /* PHP 8.1: packed arrays hold buckets too */
#endif

/*
 * Asks for the memory that the index step will read of the array messages
 * among the TC_PREFETCH_BATCH elements of history (read as arrays only)
 * from the element slot on: the messages and their elements, their lists and
 * the lists' elements, the array items and their elements, and the
 * headers of the items' strings and arrays (ids, toolNames, arguments).
 * Reads only, and only what is there now.
 */
void tc_prefetch_index(HashTable *history, zval *slot);

/*
 * Asks for the memory that the rewrite step will read of the next
 * TC_PREFETCH_BATCH messages with a compact flag, from entry from down
 * (newest first, from included): their list arrays and buckets, the
 * flagged items and their buckets, the payloads (result or arguments)
 * and their buckets, and the headers of the payloads' strings. Messages
 * whose copy the memo holds are passed over (the rewrite step takes the
 * copy). Reads only arrays, as they are now, and changes nothing: a
 * prefetch is only a hint, so that a later change of what it asked for
 * (user code run while a message is rewritten) is harmless.
 */
void tc_prefetch_rewrite(const tc_walker *w, uint32_t from);

#endif
