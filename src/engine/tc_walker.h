/*
 * The state of one pass (tc_walker) and what its three steps share
 * (tc_walk.h has the steps).
 */
#ifndef TC_WALKER_H
#define TC_WALKER_H

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_estimate.h"
#include "tc_params.h"
#include "../memo/tc_memo.h"
#include "tc_sum.h"

/* The estimate of a message as a pass keeps it (tc_walker.estimates);
 * bytes TC_SIZE32_WIDE: kept in tc_walker.wide. */
typedef struct _tc_size32 {
	uint32_t bytes;
	uint32_t tokens;
} tc_size32;
#define TC_SIZE32_WIDE UINT32_MAX

/* A message of the history as the pass sees it. */
typedef struct _tc_walk_entry {
	tc_sum      *sum;   /* NULL: unreadable, or without calls and results */
	uint32_t     first; /* where its items start in tc_walker.compact */
	HashPosition pos;   /* its place in the history, which the pass holds
	                     * (so its layout stays): where it and its key
	                     * are read again (zend_hash_get_current_*_ex()) */
} tc_walk_entry;

/*
 * The state of one compaction pass. Lives on the C stack of tc_pass_run()
 * (tc_pass.c); everything in it is owned by the pass and freed by
 * tc_walker_dtor().
 *
 * The pass has three steps. The index step (oldest first) gives every
 * message a summary (tc_sum.h), from the memo or made anew, numbers the
 * group of every call and records the newest call of each id. The decide
 * step (newest first) sets the compact flag of each call and result,
 * numbering the group of a result whose id no call has. The rewrite step
 * (newest first) drops the flag of each item whose payload has nothing to
 * omit (tc_payload_fits()), then builds the changed messages, or takes them
 * from the memo when their flags are those the memo's copy was made for.
 */
typedef struct _tc_walker {
	const tc_params *params;

	tc_memo   *memo;          /* NULL: the pass does not use the memo */
	tc_groups  own_groups;    /* the group numbers of a pass without memo */
	tc_groups *groups;        /* own_groups or the memo's */

	HashTable  call_index;    /* call id => a long: the group number of the
	                           * newest call with that id, shifted left by
	                           * two, and the TC_INDEX_* flags of the calls
	                           * with that id (the index and decide steps) */

	tc_walk_entry *entries;   /* one per message of the history, in order */
	tc_sum_pool pool;         /* the summaries of a pass without the memo */
	uint32_t   entry_count;
	bool       indexed;       /* the index step has run */
	bool       no_memo;       /* the history is a view made for this pass */
	bool      *compact;       /* per item of all summaries: compact it */

	uint32_t  *kept;          /* kept[group]: occurrences kept intact so far
	                           * (the index and decide steps only) */

	tc_access  access;        /* collections read during the pass */

	/* How many of the last messages the windows of keepRecentTurns and
	 * keepRecentTokens leave alone (tc_pass.c sets it before the decide
	 * step; keepRecentMessages is read there itself). */
	uint32_t   recent_count;

	/* The message being walked: its ordinal in the history. */
	zend_long  message_index;

	/* Which estimates the pass needs for changed messages (report, gate). */
	bool       measure;
	bool       measure_tokens;
	/* The pass estimates every message (report, trigger.tokens): the memo
	 * then keeps messages without calls and results too, for their
	 * estimates. */
	bool       estimate_all;
	/* One per message of the history, in order: its estimate with tokens,
	 * made for the history's total (tc_pass.c), so that a changed message
	 * is not estimated again for what its change saved; the first
	 * estimated of them are made (all, unless trigger.tokens was reached
	 * before the end and no report needs the total). Kept in 32 bits a
	 * part (tc_walker_keep_estimate()): one of a message too large for
	 * them, or with tokens out of their range (a tokenCounter returns any
	 * int), is kept in wide, ordinal => tc_size (emalloc'd). */
	tc_size32 *estimates;
	uint32_t   estimated;
	HashTable *wide;          /* NULL: none */

	/* onOmit configured: the values to hand over once the pass applies, a
	 * list of [sha256, json, where]; IS_UNDEF otherwise. */
	zval       omits;
	zval       queue;         /* the same for the message being walked */
	/* onOmit is offered whole-payload records of payloads whose
	 * _tool_compaction member the pass replaces or merges into
	 * (tc_payload_compact()); not over a view, whose write records the
	 * payload in the form it has in the original history. */
	bool       whole_records;
	/* a payload is written only when it gets shorter (an adachsoft history
	 * with an option of ours set, SPEC Part 4); a view's write checks it */
	bool       never_larger;

	tc_walk_stats stats;
} tc_walker;

/* Flags of an id in the call index: the calls with the id stay intact; they
 * are among the most recent calls (keepRecentToolUses). */
#define TC_INDEX_PROTECTED 1
#define TC_INDEX_RECENT    2

/* The group number an entry of the call index holds: group << 2 | flags,
 * a zend_long. On 64-bit builds every uint32_t group fits; on 32-bit ones
 * a group of 2^30 would not, but each group has 4 bytes in w->kept, so its
 * allocation fails long before. */
#define TC_INDEX_GROUP(zv) ((uint32_t) ((zend_ulong) Z_LVAL_P(zv) >> 2))

/* A call or result takes part in the walk only with a string id and a string
 * toolName (both borrowed from item); anything else is left as it is and
 * invisible to the walk. */
static zend_always_inline bool tc_takes_part(const tc_access *access, zval *item, zend_string **id, zend_string **tool)
{
	if (!tc_access_readable(access, item)) {
		return 0;
	}
	*id = tc_item_get_str(item, TC_F_ID);
	*tool = tc_item_get_str(item, TC_F_TOOL_NAME);
	return *id && *tool;
}

/* The list field f (TC_F_TOOL_RESULTS or TC_F_TOOL_CALLS) of the message
 * of sum, dereferenced, or NULL: where the summary found it in an array
 * message (tc_sum), else looked up. Borrowed from the message. */
static zend_always_inline zval *tc_sum_list(tc_sum *sum, tc_field f)
{
	if (Z_TYPE(sum->message) == IS_ARRAY) {
		return sum->lists[f == TC_F_TOOL_RESULTS ? TC_SUM_RESULTS : TC_SUM_CALLS];
	}
	return tc_item_get(&sum->message, f);
}

/* Prepares a walker for one pass with params (borrowed, must outlive it). */
void tc_walker_init(tc_walker *w, const tc_params *params);

/* Frees everything the walker holds. */
void tc_walker_dtor(tc_walker *w);

/* Lets go of the summary of entry e unless the memo keeps it (the rewrite
 * step is done with it, newest first). */
void tc_walker_release(tc_walker *w, tc_walk_entry *e);

/* The number of the group of a call of tool with arguments args (NULL: all
 * identifier fields null), handing out a new number for a new group. */
uint32_t tc_walker_group(tc_walker *w, zend_string *tool, HashTable *args);

/*
 * A summary of message (readable, borrowed) made anew: the id and group of
 * each call, and the id and toolName of each result, that takes part. NULL
 * for a message without calls and results, unless the memo could keep its
 * estimate (w->estimate_all).
 */
tc_sum *tc_walker_summarise(tc_walker *w, zval *message);

/*
 * Adds to *size the estimate of message (borrowed), whose summary is sum
 * (NULL: none), as tc_estimate_message() with w's parameters: the
 * memo's when it keeps sum, computed once and kept there, else computed.
 * Returns FAILURE when the user's tokenCounter threw.
 */
zend_result tc_walk_estimate(tc_walker *w, zval *message, tc_sum *sum, bool with_tokens, tc_size *size);

/* Keeps size as the estimate of the next message (w->estimated), in room
 * for the history's messages (w->estimates). */
void tc_walker_keep_estimate(tc_walker *w, const tc_size *size);

/* The estimate tc_walker_keep_estimate() kept of message i. */
tc_size tc_walker_kept_estimate(const tc_walker *w, uint32_t i);

#endif
