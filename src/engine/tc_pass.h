/*
 * One pass of the strategy (SPEC.md Parts 1 and 2): the trigger, the walk,
 * the minSavedBytes gate, onOmit and the report around it.
 */
#ifndef TC_PASS_H
#define TC_PASS_H

#include "php.h"

#include "tc_params.h"
#include "tc_sum.h"

/*
 * Compacts the history (an array or a Traversable collection of messages,
 * borrowed, never modified) with params (borrowed) into *out, which the
 * caller owns. When the pass does not apply (nothing changes, the trigger
 * is not reached, the gate holds it back, or a history that is neither), *out
 * is the history itself with one more reference; otherwise a new array, or a
 * new collection of the same class, in which every unchanged message is the
 * very same value as in history.
 *
 * When report is not NULL, *report receives an array describing the pass
 * (owned by the caller; the keys are listed in the README, "Report").
 *
 * Returns FAILURE, with *out set to null and *report undefined, when a user
 * callback (tokenCounter, onOmit) threw; the exception is left for the
 * caller. Exceptions of other user code (JsonSerializable, collections) are
 * cleared: that is bad data, and the pass is fail-open for it.
 *
 * *read (when not NULL) receives false when the history is not a list or
 * holds a message no format reads (the report's notAList, unreadable).
 */
zend_result tc_pass(zval *out, zval *history, const tc_params *params, zval *report, bool *read);

/* Would tc_pass() read history (its *read)? A collection is iterated as the
 * pass iterates it (its exception cleared; exit() stays pending). */
bool tc_pass_reads(zval *history);

/* The report's reason for a history holding a message no format reads
 * (SPEC Part 4, "A history it cannot read"). */
#define TC_REASON_UNREADABLE "unreadable"

struct _tc_walker;

/*
 * What a pass over a view of another history (SPEC Part 4) does instead of
 * rebuilding the view, before the minSavedBytes gate: write() makes *out
 * (owned by the caller) the original history with the changes of new_view
 * (the compacted view, owned by the pass) and may add its own records, in
 * order, to omits (the onOmit list, IS_UNDEF without onOmit). With saved
 * (else NULL), it adds to saved[0] the bytes, and with tokens to saved[1]
 * the tokens, that the original's form of each changed payload saves
 * beyond the view's. A payload it cannot write back (user code run during
 * the pass removed its place) comes off stats, the walk's: its call or
 * result, its fields and, with saved, what the walk counted it saved;
 * messages_changed and first_changed become those of the entries written.
 * It returns FAILURE, *out undefined, when a tokenCounter threw.
 */
typedef struct _tc_pass_view {
	zval *original; /* the history the view was read from (borrowed) */
	zend_result (*write)(void *ctx, zval *out, zval *new_view, zval *omits, zend_long *saved, bool tokens,
		tc_walk_stats *stats);
	/* NULL, or called between the decide and rewrite steps: it may replace
	 * in place, in the view's own item arrays, the payload of an item the
	 * walk will compact (tc_walk_flagged()) that it left unread. */
	void (*prepare)(void *ctx, const struct _tc_walker *w);
	/* Does entry i of the original start a turn (keepRecentTurns: a user
	 * message that holds more than results, SPEC Part 4)? */
	bool (*turn_start)(void *ctx, uint32_t i);
	void *ctx;
	/* The memo may serve the view: a view message met again is the same
	 * array with the same content (prepare() changes only messages made
	 * for this pass, which no later pass meets). */
	bool memo;
} tc_pass_view;

/* Writes into *report (owned by the caller) the report of a pass that did
 * not run, for reason (a string with static storage): every figure 0; its
 * keys are those params (borrowed) ask for. */
void tc_pass_report_none(zval *report, const tc_params *params, const char *reason);

/* tc_pass() over history, a view of view->original (an array history the
 * memo serves only with view->memo), whose output and "unchanged" are
 * view->original's. */
zend_result tc_pass_over_view(zval *out, zval *history, const tc_params *params, zval *report, const tc_pass_view *view);

#endif
