/*
 * The memo that keeps message summaries (tc_sum.h) and rewritten messages
 * across calls of one request.
 *
 * An agent calls the strategy after every turn with the same message arrays
 * as before plus the new turn. The memo is keyed by the identity of a
 * message array that it holds (so the array cannot be freed, reused or
 * changed in place: PHP separates an array with more than one reference
 * before any write). Only arrays without references, objects or resources
 * anywhere inside are kept, so nothing inside them can change either. Such a
 * message's summary (ids, groups) and its rewritten form are then a function
 * of the array alone, for one set of parameters: the memo is emptied when
 * the parameters that shape them change (tc_memo_open()).
 *
 * It never changes an output: a message whose decisions differ from the
 * memo's is rewritten again, and a pass with onOmit or a tokenCounter, or
 * over objects, does not use it.
 */
#ifndef TC_MEMO_H
#define TC_MEMO_H

#include "php.h"

#include "../engine/tc_params.h"
#include "../engine/tc_sum.h"

typedef struct _tc_memo tc_memo;

/*
 * The memo for a pass with params over the array history (borrowed), or
 * NULL when the pass does not use one: toolcompact.memo_entries is 0, onOmit
 * or a tokenCounter is configured, or no recent pass had a history with the
 * same first message (a history is memoised from its second pass on). A
 * pass that user code starts while another pass has the memo open gets NULL
 * too. Empties the memo first when the shaping parameters, precision or
 * serialize_precision differ from those of its entries, and drops the
 * entries that neither of the two passes before this one used. Borrowed:
 * the caller must tc_memo_close() it at the end of its pass.
 */
tc_memo *tc_memo_open(const tc_params *params, HashTable *history);

/* Ends the pass that opened memo. */
void tc_memo_close(tc_memo *memo);

/* The group numbers of the memo (borrowed). */
tc_groups *tc_memo_groups(tc_memo *memo);

/* The memo's summary of message (an array), or NULL. Borrowed. */
tc_sum *tc_memo_find(tc_memo *memo, zval *message);

/* Hands sum over to the memo when its message can be kept (see above) and
 * the memo has room; returns whether it did. */
bool tc_memo_add(tc_memo *memo, tc_sum *sum);

/* RSHUTDOWN: frees the memo. */
void tc_memo_request_shutdown(void);

/* Writes into *info (an array owned by the caller) what the memo holds:
 * entries, bound, groups, hits and misses since the request began. */
void tc_memo_info(zval *info);

#endif
