/*
 * The walk (SPEC.md Part 1, "Which calls stay intact"), in three steps
 * over one history: index (oldest first), decide (newest first), rewrite
 * (newest first). tc_pass.c runs them in that order.
 *
 * User code can run during the walk (a JsonSerializable inside a payload is
 * called while its field is measured, a collection's iterator or
 * constructor, a tokenCounter) and may write to the history through PHP
 * references. So the walk holds one more reference on every array it is
 * inside of (the history by the caller, each message by its summary, the
 * list, the item, the payload while rewritten): a write then separates
 * that array instead of changing what is being walked.
 */
#ifndef TC_WALK_H
#define TC_WALK_H

#include "php.h"

#include "tc_walker.h"

/*
 * The index step over history (borrowed; the caller holds it), which opens
 * the memo for an array history: a summary of every message, its calls'
 * group numbers and the newest call of each id (w->entries then has one
 * entry per message of history, in order). Reads only arrays of an array
 * history, so no user code runs there.
 */
void tc_walk_index(tc_walker *w, HashTable *history);

/*
 * The decide step: sets the compact flag of each call and result (SPEC.md
 * Part 1; Part 2 for keep-K, the recent messages and the switches), then
 * frees what only the first two steps use.
 */
void tc_walk_decide(tc_walker *w);

/* After the decide step: is the j-th call (call) or result of message i of
 * the history to be compacted? */
bool tc_walk_flagged(const tc_walker *w, uint32_t i, bool call, uint32_t j);

/*
 * The rewrite step: writes into *new_history a copy of history in which
 * every changed message is replaced (owned by the caller), or IS_UNDEF
 * when nothing changed; fills w->stats and w->omits. Returns FAILURE,
 * with *new_history IS_UNDEF, when a user callback threw (the exception is
 * left for the caller).
 */
zend_result tc_walk_rewrite(tc_walker *w, HashTable *history, zval *new_history);

#endif
