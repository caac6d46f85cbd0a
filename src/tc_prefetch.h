/*
 * Asking ahead for the memory the rewrite step reads (tc_walk.h).
 *
 * In a history bigger than the caches, the rewrite step of a flagged
 * message follows a chain of pointers (message, list, item, payload, the
 * payload's strings), each link a cache miss that waits for the one
 * before it, and the next message's chain only starts after that. Asked
 * for level by level across a batch of messages, the misses of the batch
 * overlap instead.
 */
#ifndef TC_PREFETCH_H
#define TC_PREFETCH_H

#include "tc_walk.h"

/* How many flagged messages one call asks for. */
#define TC_PREFETCH_BATCH 16

/* From how many messages on a history's arrays are taken not to stay in
 * the caches between the index step and the rewrite step: below that, the
 * batches only cost (3% of a pass of 300 small messages). */
#define TC_PREFETCH_MIN_MESSAGES 1024

/*
 * Asks for the memory that the rewrite step will read of the next
 * TC_PREFETCH_BATCH messages with a compact flag, from entry from down
 * (newest first, from included): their list arrays and buckets, the
 * flagged items and their buckets, the payloads (result or arguments)
 * and their buckets, and the headers of the payloads' strings. Messages
 * whose copy the memo holds are passed over (the rewrite step takes the
 * copy). Reads only arrays reached through no reference, as they are now,
 * and changes nothing: a prefetch is only a hint, so a later change of
 * what it asked for is harmless.
 */
void tc_prefetch_rewrite(const tc_walker *w, uint32_t from);

#endif
