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

/*
 * The state of one compaction pass. Lives on the C stack of the caller of
 * tc_compact(); everything in it is owned by the pass and freed at its end.
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

	uint8_t   *seen;          /* seen[group]: the group's newest occurrence was met */
	uint32_t   seen_capacity;

	smart_str  key;           /* scratch buffer for group keys */

	tc_access  access;        /* collections read during the pass */
} tc_walker;

/*
 * Compacts the history (an array or a Traversable collection of messages,
 * borrowed, never modified) with params (borrowed) into *out, which the
 * caller owns. When nothing changes (or a history that is neither), *out is
 * the history itself with one more reference; otherwise a new array, or a
 * new collection of the same class, in which every unchanged message is the
 * very same value as in history.
 */
void tc_compact(zval *out, zval *history, const tc_params *params);

#endif
