/*
 * A summary of a message: what the walk needs to know of its calls and
 * results to decide which of them stay intact, made once per message (and
 * kept across calls by the memo, tc_memo.h).
 */
#ifndef TC_SUM_H
#define TC_SUM_H

#include "php.h"

/* A size estimate (tc_estimate.h): each figure >= 0. */
typedef struct _tc_size {
	zend_long bytes;
	zend_long tokens;
} tc_size;

/* a + b, saturated at ZEND_LONG_MAX and ZEND_LONG_MIN: every sum of sizes
 * and savings is made with it, so that a tokenCounter's large counts add up
 * to PHP_INT_MAX rather than wrap around. */
static zend_always_inline zend_long tc_sum_add(zend_long a, zend_long b)
{
	if (b > 0 ? a > ZEND_LONG_MAX - b : a < ZEND_LONG_MIN - b) {
		return b > 0 ? ZEND_LONG_MAX : ZEND_LONG_MIN;
	}
	return a + b;
}

/* a - b, saturated the same way. */
static zend_always_inline zend_long tc_sum_sub(zend_long a, zend_long b)
{
	if (b < 0 ? a > ZEND_LONG_MAX + b : a < ZEND_LONG_MIN + b) {
		return b < 0 ? ZEND_LONG_MAX : ZEND_LONG_MIN;
	}
	return a - b;
}

/* Adds add to *to. */
static zend_always_inline void tc_size_add(tc_size *to, const tc_size *add)
{
	to->bytes = tc_sum_add(to->bytes, add->bytes);
	to->tokens = tc_sum_add(to->tokens, add->tokens);
}

/* What a walk did (SPEC.md Part 2 "report"). */
typedef struct _tc_walk_stats {
	uint32_t  messages_changed;
	uint32_t  calls_compacted;
	uint32_t  results_compacted;
	uint32_t  fields_omitted;
	uint32_t  fields_previewed; /* of them, strings that became previews (SPEC Part 6) */
	uint32_t  fields_collapsed; /* kept strings whose whitespace was collapsed (SPEC Part 6) */
	zend_long first_changed; /* ordinal of the oldest changed message, -1: none */
	zend_long saved_bytes;   /* estimate before - after, changed messages only */
	zend_long saved_tokens;
} tc_walk_stats;

/* Group numbers: a group key => number table and the next free number
 * (tc_group.h). */
typedef struct _tc_groups {
	HashTable ids;   /* group key => number (IS_LONG) */
	HashTable tools; /* the same for tools without identifier fields, whose
	                  * key is only the tool name: tool name => number */
	uint32_t  count; /* numbers handed out so far */
} tc_groups;

/* One call or result of a summarised message. */
typedef struct _tc_sum_item {
	zend_string *id;      /* held; NULL: the item does not take part */
	zend_string *tool;    /* its toolName, held (NULL when id is) */
	uint32_t     group;   /* a call's group; a result's group when no call has
	                       * its id, numbered when first needed (TC_GROUP_NONE:
	                       * not yet) */
	bool         excluded; /* a call of an excluded tool (stays intact) */
	bool         was;      /* memo: the compact flag its output was made for */
	uint8_t      fits;     /* TC_FITS_*: can compacting its payload change it? */
} tc_sum_item;

/* tc_sum_item.group of a result not numbered yet. */
#define TC_GROUP_NONE UINT32_MAX

/* tc_sum_item.fits: not looked at yet; nothing of the payload can be
 * omitted (tc_payload_fits()), so compacting it is a no-op; something may. */
#define TC_FITS_UNKNOWN 0
#define TC_FITS_YES     1
#define TC_FITS_NO      2

/* What the memo keeps of a summarised message besides the summary: the
 * message as last rewritten (for the items' was flags), the estimate of the
 * message itself (a function of the array and serialize_precision, as the
 * memo is not used with a tokenCounter) and its place in the memo's
 * list. */
typedef struct _tc_sum_kept {
	zval          output;    /* IS_UNDEF: the message stays as it is */
	tc_walk_stats delta;     /* what the rewrite added to the stats */
	uint64_t      last_pass; /* the last pass that used it */
	struct _tc_sum *older, *newer; /* the memo's list, least recently used first */
	tc_size       estimate;  /* the message's own estimate, bytes and default tokens */
	bool          has_output;
	bool          estimated; /* estimate is filled */
	uint8_t       measured;  /* 0, or what delta holds: 1 bytes, 2 bytes and tokens */
} tc_sum_kept;

/* tc_sum.lists: the index of each list field. */
#define TC_SUM_RESULTS 0
#define TC_SUM_CALLS   1

/*
 * A summarised message: its results in list order, then its calls.
 *
 * Of an array message, the summary also keeps where its toolResults and
 * toolCalls are (lists). The message is held, so no one changes it in
 * place: a later lookup of either field would find the same slot, or the
 * same PHP reference, whose value is read when it is used. A list in a
 * slot of its own (no reference on the way, plain bit set) is held the
 * same way, and so are the arrays among its items: such an item still has
 * the id and toolName the summary took from it.
 */
typedef struct _tc_sum {
	zval         message;  /* held */
	tc_sum_kept *kept;     /* in the same block; NULL: a summary for one pass only */
	zval        *lists[2]; /* TC_SUM_*: the list field of an array message,
	                        * dereferenced (NULL: none); unset for an object */
	bool         memo;     /* owned by the memo (else by the pass) */
	bool         pooled;   /* carved from a tc_sum_pool, not allocated alone */
	uint8_t      plain;    /* bit 1 << TC_SUM_*: that list is an array in a
	                        * slot of the message, no reference */
	uint32_t     results;
	uint32_t     calls;
	tc_sum_item  item[1];  /* results + calls entries */
} tc_sum;

/* A block of summaries made for one pass (not keepable), freed together. */
typedef struct _tc_sum_block {
	struct _tc_sum_block *prev;
	uint32_t size; /* of the block, this header included */
	uint32_t used; /* bytes of data handed out */
	char     data[1];
} tc_sum_block;

/* The summaries of one pass without the memo are carved from blocks,
 * fewer allocations than summaries, the newest block last; a zeroed pool
 * is empty. */
typedef struct _tc_sum_pool {
	tc_sum_block *last;
} tc_sum_pool;

/* Allocates a summary of message (held) for results + calls items, all
 * zeroed, with room for what the memo keeps when keepable (owned by the
 * caller until tc_memo_add(), which only takes a keepable one). A summary
 * that is not keepable comes from pool. */
tc_sum *tc_sum_alloc(zval *message, uint32_t results, uint32_t calls, bool keepable, tc_sum_pool *pool);

/* Frees what a summary holds, and the summary unless it came from a pool. */
void tc_sum_free(tc_sum *sum);

/* Frees the blocks of pool (their summaries freed with tc_sum_free() first). */
void tc_sum_pool_free(tc_sum_pool *pool);

/* Frees the newest block of pool (its summaries freed with tc_sum_free()
 * first). */
void tc_sum_pool_drop_last(tc_sum_pool *pool);

#endif
