#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_estimate.h"
#include "tc_message.h"
#include "tc_payload.h"
#include "tc_walk.h"

/* Moves the values the message queued for onOmit to the pass's list (keep)
 * or drops them with the message's stats (a message that could not take
 * its change). */
static void tc_walker_settle(tc_walker *w, const tc_walk_stats *before, bool keep)
{
	zval *record;

	if (!keep) {
		w->stats = *before;
	}
	if (Z_TYPE(w->queue) == IS_UNDEF || zend_hash_num_elements(Z_ARRVAL(w->queue)) == 0) {
		return;
	}
	if (keep) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(w->queue), record) {
			Z_ADDREF_P(record);
			add_next_index_zval(&w->omits, record);
		} ZEND_HASH_FOREACH_END();
	}
	zend_hash_clean(Z_ARRVAL(w->queue));
}

/* Adds before - after of a changed message (summary sum) to the saved
 * estimates of *stats. */
static zend_result tc_walker_measure(tc_walker *w, tc_sum *sum, zval *new_message, tc_walk_stats *stats)
{
	tc_size before = {0, 0}, after = {0, 0};

	if (w->message_index < (zend_long) w->estimated) {
		before = tc_walker_kept_estimate(w, (uint32_t) w->message_index);
	} else if (tc_walk_estimate(w, &sum->message, sum, w->measure_tokens, &before) == FAILURE) {
		return FAILURE;
	}
	if (tc_estimate_message(&w->access, w->params, new_message, w->measure_tokens, &after) == FAILURE) {
		return FAILURE;
	}
	stats->saved_bytes = tc_sum_add(stats->saved_bytes, before.bytes - after.bytes);
	stats->saved_tokens = tc_sum_add(stats->saved_tokens, before.tokens - after.tokens);
	return SUCCESS;
}

/* What a pass needs measured of a changed message: 0 nothing, 1 bytes, 2
 * bytes and tokens (tc_sum.measured). */
static zend_always_inline uint8_t tc_walker_needs(const tc_walker *w)
{
	return w->measure ? (w->measure_tokens ? 2 : 1) : 0;
}

/* Adds what one message's rewrite did to the stats of the pass. */
static void tc_walk_stats_add(tc_walk_stats *to, const tc_walk_stats *delta)
{
	to->calls_compacted += delta->calls_compacted;
	to->results_compacted += delta->results_compacted;
	to->fields_omitted += delta->fields_omitted;
	to->fields_previewed += delta->fields_previewed;
	to->fields_collapsed += delta->fields_collapsed;
	to->saved_bytes = tc_sum_add(to->saved_bytes, delta->saved_bytes);
	to->saved_tokens = tc_sum_add(to->saved_tokens, delta->saved_tokens);
}

/* Is the memo's copy of the message of sum made for these flags? */
static bool tc_walker_recall(const tc_sum *sum, const bool *compact)
{
	uint32_t k;

	if (!sum->memo || !sum->kept->has_output) {
		return 0;
	}
	for (k = 0; k < sum->results + sum->calls; k++) {
		if (sum->item[k].was != compact[k]) {
			return 0;
		}
	}
	return 1;
}

/*
 * Clears the flag in compact of each of count items of sum from first on
 * (the items of its list field list_f, in order) whose payload field f
 * fits within threshold (tc_payload_fits(), with collapse): compacting it would change
 * nothing, and is not even tried. Returns whether a flag is left set.
 *
 * An item's fits is looked at once (the memo keeps it with the summary,
 * its arrays holding no reference or object), right before its message is
 * rewritten, which takes its lists as they are then. User code run while
 * another item of the message is compacted could change an item through a
 * PHP reference, or in place in an object: so only array items reached
 * through no reference can fit (an array the pass holds cannot change
 * otherwise).
 */
static bool tc_walker_skip_fitting(tc_sum *sum, bool *compact, uint32_t first, uint32_t count,
		tc_field list_f, tc_field f, zend_long threshold, bool collapse)
{
	tc_sum_item *item = sum->item + first;
	zval *list, *entry;
	uint32_t pos;
	bool any = 0, unknown = 0;

	for (pos = 0; pos < count; pos++) {
		if (compact[pos]) {
			if (item[pos].fits == TC_FITS_YES) {
				compact[pos] = 0;
			} else {
				any = 1;
				unknown |= item[pos].fits == TC_FITS_UNKNOWN;
			}
		}
	}
	if (!unknown || !(list = tc_sum_list(sum, list_f)) || Z_TYPE_P(list) != IS_ARRAY) {
		return any;
	}
	any = 0;
	pos = 0;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), entry) {
		if (pos >= count) {
			break;
		}
		if (compact[pos] && item[pos].fits == TC_FITS_UNKNOWN) {
			/* (a reference is no array) */
			item[pos].fits = Z_TYPE_P(entry) == IS_ARRAY && tc_payload_fits(tc_item_get_raw(entry, f), threshold, collapse)
				? TC_FITS_YES : TC_FITS_NO;
			compact[pos] = item[pos].fits == TC_FITS_NO;
		}
		any |= compact[pos];
		pos++;
	} ZEND_HASH_FOREACH_END();
	return any;
}

/*
 * The rewrite of one message with flags compact: from the memo when it has
 * it, else made now (and given to the memo). Writes the new message into
 * *new_message (IS_UNDEF: unchanged) and adds to w->stats.
 */
static zend_result tc_walker_rewrite(tc_walker *w, tc_sum *sum, const bool *compact, zval *new_message)
{
	tc_walk_stats before = w->stats, delta;
	tc_sum_kept *kept = sum->kept;
	uint8_t needs = tc_walker_needs(w);
	uint32_t k;

	ZVAL_UNDEF(new_message);
	if (tc_walker_recall(sum, compact)) {
		if (Z_TYPE(kept->output) != IS_UNDEF && kept->measured < needs) {
			kept->delta.saved_bytes = kept->delta.saved_tokens = 0;
			if (tc_walker_measure(w, sum, &kept->output, &kept->delta) == FAILURE) {
				return FAILURE;
			}
			kept->measured = needs;
		}
		tc_walk_stats_add(&w->stats, &kept->delta);
		ZVAL_COPY(new_message, &kept->output);
		return SUCCESS;
	}
	if (!tc_rewrite_message(w, sum, compact, new_message)) {
		tc_walker_settle(w, &before, 0);
		ZVAL_UNDEF(new_message);
	} else if (needs && tc_walker_measure(w, sum, new_message, &w->stats) == FAILURE) {
		zval_ptr_dtor(new_message);
		ZVAL_UNDEF(new_message);
		return FAILURE;
	} else {
		tc_walker_settle(w, &before, 1);
	}
	if (sum->memo) {
		memset(&delta, 0, sizeof(delta));
		if (Z_TYPE_P(new_message) != IS_UNDEF) {
			delta = w->stats;
			delta.calls_compacted -= before.calls_compacted;
			delta.results_compacted -= before.results_compacted;
			delta.fields_omitted -= before.fields_omitted;
			delta.fields_previewed -= before.fields_previewed;
			delta.fields_collapsed -= before.fields_collapsed;
			delta.saved_bytes = tc_sum_sub(delta.saved_bytes, before.saved_bytes);
			delta.saved_tokens = tc_sum_sub(delta.saved_tokens, before.saved_tokens);
		}
		kept->delta = delta;
		kept->measured = Z_TYPE_P(new_message) != IS_UNDEF ? needs : 2;
		zval_ptr_dtor(&kept->output);
		ZVAL_COPY(&kept->output, new_message);
		for (k = 0; k < sum->results + sum->calls; k++) {
			sum->item[k].was = compact[k];
		}
		kept->has_output = 1;
	}
	return SUCCESS;
}

/*
 * The rewrite of one message (entry i, summary sum) into *new_history,
 * made from history on its first change. Returns FAILURE when a user
 * callback threw.
 */
static zend_result tc_walker_rewrite_entry(tc_walker *w, HashTable *history, uint32_t i, tc_sum *sum,
		zval *new_history)
{
	tc_walk_entry *e = &w->entries[i];
	bool *compact = w->compact + e->first;
	bool any = 0;
	zval new_message;
	zend_string *key;
	zend_ulong index;
	uint32_t k;

	/* most messages have no flag set: a scan that stops at the first
	 * one, before the calls below scan the flags again (calling them
	 * for every message made short histories 5% slower) */
	for (k = 0; k < sum->results + sum->calls && !any; k++) {
		any = compact[k];
	}
	if (!any) {
		return SUCCESS;
	}
	any = tc_walker_skip_fitting(sum, compact, 0, sum->results,
		TC_F_TOOL_RESULTS, TC_F_RESULT, w->params->output_trim_bytes, w->params->collapse);
	any |= tc_walker_skip_fitting(sum, compact + sum->results, sum->results, sum->calls,
		TC_F_TOOL_CALLS, TC_F_ARGUMENTS, w->params->input_trim_bytes, w->params->collapse);
	if (!any) {
		return SUCCESS;
	}
	w->message_index = i;
	if (tc_walker_rewrite(w, sum, compact, &new_message) == FAILURE) {
		return FAILURE;
	}
	if (Z_TYPE(new_message) != IS_UNDEF) {
		if (Z_TYPE_P(new_history) == IS_UNDEF) {
			ZVAL_ARR(new_history, zend_array_dup(history));
		}
		if (zend_hash_get_current_key_ex(history, &key, &index, &e->pos) != HASH_KEY_IS_STRING) {
			key = NULL;
		}
		tc_hash_replace_key(Z_ARRVAL_P(new_history), key, index, &new_message);
		w->stats.messages_changed++;
		w->stats.first_changed = i;
	}
	return SUCCESS;
}

/* Newest message first, letting go of each summary once done with it. */
zend_result tc_walk_rewrite(tc_walker *w, HashTable *history, zval *new_history)
{
	uint32_t i;

	ZVAL_UNDEF(new_history);
	for (i = w->entry_count; i-- > 0;) {
		tc_walk_entry *e = &w->entries[i];

		if (e->sum && tc_walker_rewrite_entry(w, history, i, e->sum, new_history) == FAILURE) {
			zval_ptr_dtor(new_history);
			ZVAL_UNDEF(new_history);
			return FAILURE;
		}
		tc_walker_release(w, e);
	}
	return SUCCESS;
}
