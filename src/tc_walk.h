/*
 * The walk (SPEC.md Part 1, "Which calls stay intact"): which calls and
 * results of a history stay intact, and the rebuilding of what changes.
 */
#ifndef TC_WALK_H
#define TC_WALK_H

#include "php.h"
#include "zend_smart_str.h"

#include "tc_access.h"
#include "tc_params.h"

/* What a walk did (SPEC.md Part 2 "report"). */
typedef struct _tc_walk_stats {
	uint32_t  messages_changed;
	uint32_t  calls_compacted;
	uint32_t  results_compacted;
	uint32_t  fields_omitted;
	zend_long first_changed; /* ordinal of the oldest changed message, -1: none */
	zend_long saved_bytes;   /* estimate before - after, changed messages only */
	zend_long saved_tokens;
} tc_walk_stats;

/*
 * The state of one compaction pass. Lives on the C stack of the caller of
 * tc_walk(); everything in it is owned by the pass and freed by
 * tc_walker_dtor().
 *
 * Groups are numbered: group_ids maps a group key to its number, and a call
 * whose key matches nothing (tc_group_key() returned false) gets a number of
 * its own. The first pass over the history (oldest first) numbers the group
 * of every call that takes part and pushes it on call_groups; the walk
 * (newest first) visits the same calls in the exact reverse order and pops
 * them, so each call's group is computed once.
 */
typedef struct _tc_walker {
	const tc_params *params;

	HashTable  group_ids;     /* group key => group number (IS_LONG) */
	uint32_t   group_count;   /* numbers handed out so far */

	HashTable  call_index;    /* call id => group number of the newest call with that id */
	HashTable  protected_ids; /* call ids whose calls stay intact (values unused) */

	uint32_t  *call_groups;   /* group of each taking-part call, oldest first */
	uint32_t   call_count;
	uint32_t   call_capacity;

	uint32_t  *kept;          /* kept[group]: occurrences kept intact so far */
	uint32_t   kept_capacity;

	smart_str  key;           /* scratch buffer for group keys */

	tc_access  access;        /* collections read during the pass */

	/* The message being walked: its ordinal in the history, and whether it
	 * is one of the keepRecentMessages that never change. */
	zend_long  message_index;
	bool       frozen;

	/* Which estimates the pass needs for changed messages (report, gate). */
	bool       measure;
	bool       measure_tokens;

	/* onOmit configured: the values to hand over once the pass applies, a
	 * list of [sha256, json, where]; IS_UNDEF otherwise. */
	zval       omits;
	zval       queue;         /* the same for the message being walked */

	tc_walk_stats stats;
} tc_walker;

/* Prepares a walker for one pass with params (borrowed, must outlive it). */
void tc_walker_init(tc_walker *w, const tc_params *params);

/* Frees everything the walker holds. */
void tc_walker_dtor(tc_walker *w);

/*
 * Walks the messages of history (borrowed; the caller holds it) and writes
 * into *new_history a copy of it in which every changed message is
 * replaced (owned by the caller), or IS_UNDEF when nothing changed. Fills
 * w->stats and w->omits. Returns FAILURE, with *new_history IS_UNDEF, when
 * a user callback threw (the exception is left for the caller).
 */
zend_result tc_walk(tc_walker *w, HashTable *history, zval *new_history);

#endif
