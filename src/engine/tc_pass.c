#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_estimate.h"
#include "tc_pass.h"
#include "tc_walk.h"
#include "../formats/tc_fread.h"

/* Why a pass did not apply (the report's "reason"). */
#define TC_REASON_NOT_A_LIST "notAList"
#define TC_REASON_TRIGGER "trigger"
#define TC_REASON_MIN_SAVED "minSavedBytes"
#define TC_REASON_REBUILD "collectionRebuildFailed"

/* The estimate of every message of history, oldest first, into *total and,
 * message by message, into w->estimates; it stops once total->tokens
 * reaches stop_tokens (TC_TRIGGER_UNSET: never). After the index step: of
 * each message as that step saw it (user code run by an estimate may have
 * changed a later one through a PHP reference since), the memo's for the
 * messages it keeps. */
static zend_result tc_pass_estimate(tc_walker *w, HashTable *history, zend_long stop_tokens, tc_size *total)
{
	zval *entry, message;
	zend_result result = SUCCESS;

	w->estimates = safe_emalloc(zend_hash_num_elements(history), sizeof(tc_size32), 0);
	ZEND_HASH_FOREACH_VAL(history, entry) {
		tc_sum *sum = w->estimated < w->entry_count ? w->entries[w->estimated].sum : NULL;
		tc_size own = {0, 0};

		if (stop_tokens != TC_TRIGGER_UNSET && total->tokens >= stop_tokens) {
			break;
		}
		ZVAL_COPY_DEREF(&message, sum ? &sum->message : entry);
		result = tc_walk_estimate(w, &message, sum, 1, &own);
		tc_release_copy(&message);
		if (result == FAILURE) {
			break;
		}
		tc_walker_keep_estimate(w, &own);
		tc_size_add(total, &own);
	} ZEND_HASH_FOREACH_END();
	return result;
}

/* The number of turns: messages whose role is "user". */
static zend_long tc_pass_turns(const tc_access *access, HashTable *history)
{
	zval *message;
	zend_string *role;
	zend_long turns = 0;

	ZEND_HASH_FOREACH_VAL(history, message) {
		ZVAL_DEREF(message);
		if (tc_access_readable(access, message) && (role = tc_item_get_str(message, TC_F_ROLE))
				&& zend_string_equals_literal(role, "user")) {
			turns++;
		}
	} ZEND_HASH_FOREACH_END();
	return turns;
}

/* The number of calls that take part (the index step has run). */
static zend_long tc_pass_uses(const tc_walker *w)
{
	zend_long uses = 0;
	uint32_t i, k;

	for (i = 0; i < w->entry_count; i++) {
		const tc_sum *sum = w->entries[i].sum;

		for (k = sum ? sum->results : 0; sum && k < sum->results + sum->calls; k++) {
			uses += sum->item[k].id != NULL;
		}
	}
	return uses;
}

/* The counts of the trigger (messages, turns, toolUses; SPEC Part 2): with
 * mode any, is one of those set reached; with all, is every one set reached
 * (true when none is)? toolUses runs the index step when it has not run. */
static bool tc_pass_count_reached(tc_walker *w, HashTable *history)
{
	const tc_params *params = w->params;
	bool all = params->trigger_all, reached;

	if (params->trigger_messages != TC_TRIGGER_UNSET) {
		reached = (zend_long) zend_hash_num_elements(history) >= params->trigger_messages;
		if (reached != all) {
			return reached;
		}
	}
	if (params->trigger_turns != TC_TRIGGER_UNSET) {
		reached = tc_pass_turns(&w->access, history) >= params->trigger_turns;
		if (reached != all) {
			return reached;
		}
	}
	if (params->trigger_uses != TC_TRIGGER_UNSET) {
		if (!w->indexed) {
			tc_walk_index(w, history);
		}
		reached = tc_pass_uses(w) >= params->trigger_uses;
		if (reached != all) {
			return reached;
		}
	}
	return all;
}

/* The tokens the trigger's estimate must reach (tokens, and fraction of
 * contextWindow: the lower with mode any, the higher with all), or
 * TC_TRIGGER_UNSET. */
static zend_long tc_pass_trigger_tokens(const tc_params *params)
{
	zend_long a = params->trigger_tokens, b = params->trigger_fraction;

	if (a == TC_TRIGGER_UNSET || b == TC_TRIGGER_UNSET) {
		return a == TC_TRIGGER_UNSET ? b : a;
	}
	return params->trigger_all ? MAX(a, b) : MIN(a, b);
}

/* Does message i (dereferenced) start a turn (keepRecentTurns: a user message
 * that holds more than results)? Over a view, its format says (SPEC Part 4);
 * in adachsoft, a user message without a result that takes part, or with a
 * non-empty string content. */
static bool tc_pass_turn_start(const tc_walker *w, const tc_pass_view *view, uint32_t i, zval *message)
{
	const tc_sum *sum = i < w->entry_count ? w->entries[i].sum : NULL;
	zend_string *role, *content;
	uint32_t k;

	if (view) {
		return view->turn_start(view->ctx, i);
	}
	if (!tc_access_readable(&w->access, message) || !(role = tc_item_get_str(message, TC_F_ROLE))
			|| !zend_string_equals_literal(role, "user")) {
		return 0;
	}
	if (!sum || ((content = tc_item_get_str(message, TC_F_CONTENT)) && ZSTR_LEN(content) > 0)) {
		return 1;
	}
	for (k = 0; k < sum->results; k++) {
		if (sum->item[k].id) {
			return 0;
		}
	}
	return 1;
}

/* How many of the last messages keepRecentTurns and keepRecentTokens leave
 * alone (SPEC Part 2): from the newest turn start back to the N-th (all
 * messages when there are fewer); the newest messages whose estimates add up
 * to at most keepRecentTokens (every estimate made). The larger of them. */
static uint32_t tc_pass_recent(const tc_walker *w, const tc_pass_view *view, HashTable *history)
{
	const tc_params *params = w->params;
	uint32_t count = zend_hash_num_elements(history), i = count, turns = 0, by_turns = 0, by_tokens = 0;
	zend_long tokens = 0;
	zval *message;

	if (params->keep_recent_turns > 0) {
		by_turns = count;
		ZEND_HASH_REVERSE_FOREACH_VAL(history, message) {
			i--;
			ZVAL_DEREF(message);
			if (tc_pass_turn_start(w, view, i, message) && (zend_long) ++turns == params->keep_recent_turns) {
				by_turns = count - i;
				break;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (params->keep_recent_tokens != TC_TRIGGER_UNSET) {
		for (i = MIN(count, w->estimated); i > 0; i--) {
			tokens = tc_sum_add(tokens, tc_walker_kept_estimate(w, i - 1).tokens);
			if (tokens > params->keep_recent_tokens) {
				break;
			}
		}
		by_tokens = count - i;
	}
	return MAX(by_turns, by_tokens);
}

/* Hands every queued omitted value to onOmit, oldest queued first. */
static zend_result tc_pass_offload(const tc_params *params, zval *omits)
{
	zval *record, args[3], retval;
	uint32_t i;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(omits), record) {
		for (i = 0; i < 3; i++) {
			ZVAL_COPY_VALUE(&args[i], zend_hash_index_find(Z_ARRVAL_P(record), i));
		}
		ZVAL_UNDEF(&retval);
		if (tc_callable_call(&params->on_omit, &retval, 3, args) == FAILURE) {
			return FAILURE;
		}
		zval_ptr_dtor(&retval);
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* The estimate after a change that saved saved (sums saturate: never below 0). */
static zend_long tc_pass_after(zend_long before, zend_long saved)
{
	zend_long after = tc_sum_sub(before, saved);

	return after < 0 ? 0 : after;
}

static void tc_pass_report(zval *report, const tc_params *params, bool triggered, const char *reason,
		const tc_walk_stats *stats, const tc_size *total)
{
	bool applied = reason == NULL;

	array_init_size(report, 14);
	add_assoc_bool_ex(report, ZEND_STRL("triggered"), triggered);
	add_assoc_bool_ex(report, ZEND_STRL("applied"), applied);
	if (applied) {
		add_assoc_null_ex(report, ZEND_STRL("reason"));
	} else {
		add_assoc_string_ex(report, ZEND_STRL("reason"), reason);
	}
	add_assoc_long_ex(report, ZEND_STRL("messagesChanged"), applied ? stats->messages_changed : 0);
	add_assoc_long_ex(report, ZEND_STRL("callsCompacted"), applied ? stats->calls_compacted : 0);
	add_assoc_long_ex(report, ZEND_STRL("resultsCompacted"), applied ? stats->results_compacted : 0);
	add_assoc_long_ex(report, ZEND_STRL("fieldsOmitted"), applied ? stats->fields_omitted : 0);
	if (tc_preview_on(&params->preview)) {
		add_assoc_long_ex(report, ZEND_STRL("fieldsPreviewed"), applied ? stats->fields_previewed : 0);
	}
	if (params->collapse) {
		add_assoc_long_ex(report, ZEND_STRL("fieldsCollapsed"), applied ? stats->fields_collapsed : 0);
	}
	add_assoc_long_ex(report, ZEND_STRL("bytesBefore"), total->bytes);
	add_assoc_long_ex(report, ZEND_STRL("bytesAfter"), tc_pass_after(total->bytes, applied ? stats->saved_bytes : 0));
	add_assoc_long_ex(report, ZEND_STRL("tokensBefore"), total->tokens);
	add_assoc_long_ex(report, ZEND_STRL("tokensAfter"), tc_pass_after(total->tokens, applied ? stats->saved_tokens : 0));
	add_assoc_long_ex(report, ZEND_STRL("savedBytes"), stats->saved_bytes);
	if (applied && stats->first_changed >= 0) {
		add_assoc_long_ex(report, ZEND_STRL("firstChangedIndex"), stats->first_changed);
	} else {
		add_assoc_null_ex(report, ZEND_STRL("firstChangedIndex"));
	}
}

void tc_pass_report_none(zval *report, const tc_params *params, const char *reason)
{
	tc_walk_stats stats = {0};
	tc_size total = {0, 0};

	tc_pass_report(report, params, 0, reason, &stats, &total);
}

static zend_result tc_pass_run(zval *out, zval *history, const tc_params *params, zval *report, const tc_pass_view *view,
	bool *read);

zend_result tc_pass(zval *out, zval *history, const tc_params *params, zval *report, bool *read)
{
	return tc_pass_run(out, history, params, report, NULL, read);
}

zend_result tc_pass_over_view(zval *out, zval *history, const tc_params *params, zval *report, const tc_pass_view *view)
{
	return tc_pass_run(out, history, params, report, view, NULL);
}

/* Is a history whose items are ht (NULL: it is no list) read? An object
 * history is not when it holds an entry of a provider format (SPEC Part 4,
 * "A history it cannot read"). */
static bool tc_pass_readable(const tc_access *access, HashTable *ht)
{
	return ht && (access->arrays_only || !tc_format_holds_unreadable(ht, 1));
}

bool tc_pass_reads(zval *history)
{
	tc_access access;
	HashTable *ht;
	bool reads;

	tc_access_init(&access);
	access.arrays_only = Z_TYPE_P(history) == IS_ARRAY;
	ht = tc_hold(tc_list_items(&access, history));
	reads = tc_pass_readable(&access, ht);
	tc_release(ht);
	tc_access_dtor(&access);
	return reads;
}

/* The pass; *read (when not NULL) receives whether the history was read:
 * false for notAList and unreadable. */
static zend_result tc_pass_run(zval *out, zval *history, const tc_params *params, zval *report, const tc_pass_view *view,
	bool *read)
{
	tc_walker w;
	HashTable *ht;
	zval new_history, written;
	tc_size total = {0, 0};
	bool triggered = 0, estimate, count_reached, whole;
	zend_long stop_tokens, trigger_tokens = tc_pass_trigger_tokens(params);
	const char *reason = NULL;
	zend_result result = SUCCESS;

	tc_walker_init(&w, params);
	w.no_memo = view && !view->memo;
	w.whole_records = !view;
	w.never_larger = !view && params->options_ours;
	ZVAL_UNDEF(&new_history);
	ZVAL_UNDEF(&written);
	/* An array history is read as arrays only (README, "The history"). */
	w.access.arrays_only = Z_TYPE_P(history) == IS_ARRAY;
	w.access.view = view != NULL;
	ht = tc_hold(tc_list_items(&w.access, history));
	/* every estimate: for the report and keepRecentTokens */
	whole = report || params->keep_recent_tokens != TC_TRIGGER_UNSET;
	if (ht && w.access.arrays_only && params->trigger_uses != TC_TRIGGER_UNSET) {
		/* toolUses counts the index's calls: the index first, as for an estimate */
		w.estimate_all = whole || trigger_tokens != TC_TRIGGER_UNSET;
		tc_walk_index(&w, ht);
	}
	count_reached = ht && tc_pass_count_reached(&w, ht);
	/* Otherwise, the total only tells whether the trigger's tokens are
	 * reached: not needed when the counts decide (one is reached with mode
	 * any, one is not with all), and not past it. */
	estimate = ht && (whole || (trigger_tokens != TC_TRIGGER_UNSET && count_reached == params->trigger_all));
	stop_tokens = whole ? TC_TRIGGER_UNSET : trigger_tokens;
	if (estimate && w.access.arrays_only && !w.indexed) {
		/* first, for the estimates the memo keeps; it reads only arrays, so
		 * user code runs in the same order as without */
		w.estimate_all = 1;
		tc_walk_index(&w, ht);
	}
	if (read) {
		*read = tc_pass_readable(&w.access, ht);
	}
	if (!ht) {
		reason = TC_REASON_NOT_A_LIST;
	} else if (read && !*read) {
		reason = TC_REASON_UNREADABLE;
	} else if (estimate && (result = tc_pass_estimate(&w, ht, stop_tokens, &total)) == FAILURE) {
		/* the tokenCounter threw */
	} else if (!(triggered = !tc_params_has_trigger(params) || (params->trigger_all
			? count_reached && (trigger_tokens == TC_TRIGGER_UNSET || total.tokens >= trigger_tokens)
			: count_reached || (trigger_tokens != TC_TRIGGER_UNSET && total.tokens >= trigger_tokens)))) {
		reason = TC_REASON_TRIGGER;
	} else {
		w.measure = report || params->min_saved_bytes > 0;
		w.measure_tokens = report != NULL;
		/* the walk: index (unless done for the estimate), decide, rewrite */
		if (!w.indexed) {
			tc_walk_index(&w, ht);
		}
		if (tc_params_has_recent_window(params)) {
			w.recent_count = tc_pass_recent(&w, view, ht);
		}
		tc_walk_decide(&w);
		if (view && view->prepare) {
			view->prepare(view->ctx, &w);
		}
		result = tc_walk_rewrite(&w, ht, &new_history);
		if (result == SUCCESS && view && Z_TYPE(new_history) != IS_UNDEF) {
			/* written back first: the gate and the report count the
			 * payloads in the form they are written in */
			zend_long saved[2] = {0, 0};

			result = view->write(view->ctx, &written, &new_history, &w.omits, w.measure ? saved : NULL, w.measure_tokens,
				&w.stats);
			w.stats.saved_bytes = tc_sum_add(w.stats.saved_bytes, saved[0]);
			w.stats.saved_tokens = tc_sum_add(w.stats.saved_tokens, saved[1]);
		}
		if (result == SUCCESS && params->min_saved_bytes > 0 && w.stats.saved_bytes < params->min_saved_bytes) {
			reason = TC_REASON_MIN_SAVED;
		}
	}

	if (result == SUCCESS && !reason && Z_TYPE(new_history) != IS_UNDEF) {
		if (view) {
			ZVAL_COPY_VALUE(out, &written);
			ZVAL_UNDEF(&written);
		}
		if (!view && !tc_list_make(out, history, &new_history)) {
			reason = TC_REASON_REBUILD;
			ZVAL_COPY(out, history);
		} else if (Z_TYPE(w.omits) != IS_UNDEF && (result = tc_pass_offload(params, &w.omits)) == FAILURE) {
			zval_ptr_dtor(out);
		}
		if (!view) {
			ZVAL_UNDEF(&new_history); /* taken over by tc_list_make() */
		}
	} else if (result == SUCCESS) {
		ZVAL_COPY(out, view ? view->original : history);
	}
	zval_ptr_dtor(&new_history);
	zval_ptr_dtor(&written);

	if (result == FAILURE) {
		ZVAL_NULL(out);
	} else if (report) {
		tc_pass_report(report, params, triggered, reason, &w.stats, &total);
	}
	tc_release(ht);
	tc_walker_dtor(&w);
	return result;
}
