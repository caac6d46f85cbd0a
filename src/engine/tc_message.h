/*
 * One message of the rewrite step: a message whose calls and results were
 * decided, rebuilt with those flagged compacted (SPEC.md Part 1, "What
 * compaction does to a call" and "Tool message content").
 */
#ifndef TC_MESSAGE_H
#define TC_MESSAGE_H

#include "php.h"

#include "tc_sum.h"
#include "tc_walker.h"

/*
 * Rebuilds the message of sum (borrowed) with the payload of every item
 * whose flag in compact (one per item of sum: its results, then its calls)
 * is set compacted, adding to w->stats and, with onOmit, queueing the
 * omitted values on w->queue. Writes the new message into *new_message
 * (owned by the caller) and returns true when anything changed; returns
 * false, with nothing to free, when nothing did or when the message cannot
 * take the change.
 */
bool tc_rewrite_message(tc_walker *w, tc_sum *sum, const bool *compact, zval *new_message);

#endif
