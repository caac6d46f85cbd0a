#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "../../php_toolcompact.h"

#include "../shapes/tc_access.h"
#include "tc_estimate.h"
#include "tc_group.h"
#include "../memo/tc_memo.h"
#include "tc_payload.h"
#include "tc_rewrite.h"
#include "tc_walk.h"

/* tc_walker_init() clears the walker up to room: a member added after
 * pair_store, or between the two, would be left uninitialized, so the
 * build fails instead. */
typedef char tc_walker_room_and_pair_store_are_last[
	offsetof(tc_walker, room) + sizeof(((tc_walker *) 0)->room) == offsetof(tc_walker, pair_store)
	&& offsetof(tc_walker, pair_store) + sizeof(tc_sha256_pair) == sizeof(tc_walker) ? 1 : -1];

void tc_walker_init(tc_walker *w, const tc_params *params)
{
	/* all but the room and the pair, whose bytes need no clearing */
	memset(w, 0, offsetof(tc_walker, room));
	tc_sha256_pair_init(&w->pair_store, TOOLCOMPACT_G(sha256_pairs));
	w->params = params;
	w->stats.first_changed = -1;
	w->released_from = UINT32_MAX;
	ZVAL_UNDEF(&w->omits);
	ZVAL_UNDEF(&w->queue);
	if (tc_callable_set(&params->on_omit)) {
		array_init(&w->omits);
		array_init(&w->queue);
	}
	tc_groups_init(&w->own_groups, 8);
	w->groups = &w->own_groups;
	tc_access_init(&w->access);
}

/*
 * The rewrite step (or the end of the pass) is done with entry e, newest
 * first: its summary is let go of unless the memo keeps it, and with it
 * the pool's newest block once the summary is the first of it (the blocks
 * were carved oldest message first), so that the summaries go while the
 * new history grows.
 */
static void tc_walker_release(tc_walker *w, tc_walk_entry *e)
{
	tc_sum *sum = e->sum;
	bool first;

	if (!sum || sum->memo) {
		return;
	}
	e->sum = NULL;
	first = sum->pooled && (char *) sum == w->pool.last->data;
	tc_sum_free(sum); /* (and frees it, unless pooled) */
	if (first) {
		tc_sum_pool_drop_last(&w->pool);
	}
}

void tc_walker_dtor(tc_walker *w)
{
	uint32_t i;

	zval_ptr_dtor(&w->omits);
	zval_ptr_dtor(&w->queue);
	/* newest first, as the rewrite step lets go of them */
	for (i = w->entry_count; i-- > 0;) {
		tc_walker_release(w, &w->entries[i]);
	}
	tc_sum_pool_free(&w->pool);
	tc_walker_free(w, w->entries);
	tc_walker_free(w, w->kept);
	tc_walker_free(w, w->compact);
	tc_walker_free(w, w->estimates);
	if (w->wide) {
		zend_hash_destroy(w->wide);
		FREE_HASHTABLE(w->wide);
	}
	if (w->memo) {
		tc_memo_close(w->memo);
	}
	tc_groups_destroy(&w->own_groups);
	tc_walker_free(w, w->call_index.slots);
	tc_access_dtor(&w->access);
}

void *tc_walker_alloc(tc_walker *w, size_t count, size_t size)
{
	size_t bytes = ZEND_MM_ALIGNED_SIZE(zend_safe_address_guarded(count, size, 0));
	void *ptr;

	if (bytes > sizeof(w->room) - w->room_used) {
		return emalloc(bytes);
	}
	ptr = (char *) w->room + w->room_used;
	w->room_used += bytes;
	return ptr;
}

void tc_walker_free(tc_walker *w, void *ptr)
{
	/* (what the room handed out stays its until the walker goes) */
	if (ptr && ((char *) ptr < (char *) w->room || (char *) ptr >= (char *) w->room + sizeof(w->room))) {
		efree(ptr);
	}
}

/* The number of the group of a call of tool with arguments args (NULL: all
 * identifier fields null), handing out a new number for a new group. */
static uint32_t tc_walker_group(tc_walker *w, zend_string *tool, HashTable *args)
{
	return tc_groups_number(w->groups, tool, args, tc_params_id_fields(w->params, tool));
}

/* One more occurrence of group met, newest first: returns true, counting
 * it, while fewer than keepLatestPerGroup occurrences were kept. */
static zend_always_inline bool tc_walker_keep(tc_walker *w, uint32_t group)
{
	if (w->kept[group] >= (zend_ulong) w->params->keep_latest) {
		return 0;
	}
	w->kept[group]++;
	return 1;
}

/* A summary of message (readable, borrowed) made anew: the id and group of
 * each call, and the id and toolName of each result, that takes part. NULL
 * for a message without calls and results, which the walk has nothing to do
 * with, unless the memo could keep its estimate (tc_walker.estimate_all).
 * Unless numbered (a summary made again for the rewrite step, which needs
 * no groups: tc_walker_summary()), the calls get no group number and the
 * summary is allocated alone. */
static zend_always_inline tc_sum *tc_walker_summarise(tc_walker *w, zval *message, bool numbered)
{
	zval *slots[2] = {tc_item_get_raw(message, TC_F_TOOL_RESULTS), tc_item_get_raw(message, TC_F_TOOL_CALLS)};
	zval *lists[2] = {slots[0], slots[1]};
	HashTable *results, *calls;
	uint32_t result_count, call_count, k;
	tc_sum *sum;
	tc_sum_item *item;
	zval *entry, *args;
	zend_string *id, *tool;

	for (k = 0; k < 2; k++) {
		if (lists[k]) {
			ZVAL_DEREF(lists[k]);
		}
	}
	results = tc_list_items(&w->access, lists[TC_SUM_RESULTS]);
	calls = tc_list_items(&w->access, lists[TC_SUM_CALLS]);
	result_count = results ? zend_hash_num_elements(results) : 0;
	call_count = calls ? zend_hash_num_elements(calls) : 0;
	if (result_count + call_count == 0 && !(w->memo && w->estimate_all)) {
		return NULL;
	}
	sum = tc_sum_alloc(message, result_count, call_count, w->memo != NULL, numbered ? &w->pool : NULL);
	if (Z_TYPE_P(message) == IS_ARRAY) {
		/* (tc_sum: what stays true of these while the summary holds message) */
		for (k = 0; k < 2; k++) {
			sum->lists[k] = lists[k];
			if (slots[k] && Z_TYPE_P(slots[k]) == IS_ARRAY) {
				sum->plain |= 1 << k;
			}
		}
	}
	item = sum->item;

	if (results) {
		ZEND_HASH_FOREACH_VAL(results, entry) {
			ZVAL_DEREF(entry);
			if (tc_takes_part(&w->access, entry, &id, &tool) && !tc_params_excluded(w->params, tool)) {
				item->id = zend_string_copy(id);
				item->tool = zend_string_copy(tool);
				item->group = TC_GROUP_NONE;
			}
			item++;
		} ZEND_HASH_FOREACH_END();
	}
	if (calls) {
		ZEND_HASH_FOREACH_VAL(calls, entry) {
			ZVAL_DEREF(entry);
			if (tc_takes_part(&w->access, entry, &id, &tool)) {
				args = tc_item_get(entry, TC_F_ARGUMENTS);
				item->id = zend_string_copy(id);
				item->tool = zend_string_copy(tool);
				item->excluded = tc_params_excluded(w->params, tool);
				item->group = !numbered ? TC_GROUP_NONE
					: tc_walker_group(w, tool, args && Z_TYPE_P(args) == IS_ARRAY ? Z_ARRVAL_P(args) : NULL);
			}
			item++;
		} ZEND_HASH_FOREACH_END();
	}
	return sum;
}

/* Doubles the call index's table. */
static void tc_walker_grow_index(tc_walker *w)
{
	tc_idmap_slot *old = w->call_index.slots;
	uint32_t size = (w->call_index.mask + 1) * 2;

	if (size > TC_IDMAP_MAX_SIZE) {
		zend_error_noreturn(E_ERROR, "Possible integer overflow in memory allocation (toolcompact: %u call ids)",
			w->call_index.used);
	}
	tc_idmap_move(&w->call_index, tc_walker_alloc(w, size, sizeof(tc_idmap_slot)), size);
	tc_walker_free(w, old);
}

/* The index step, oldest first: a summary of every message, and the call
 * index (the newest call with an id wins). */
void tc_walk_index(tc_walker *w, HashTable *history)
{
	zval *entry;
	HashPosition pos;
	uint32_t items = 0, i, size;
	size_t results = 0, kept;

	if (w->access.arrays_only && (w->memo = tc_memo_open(w->params, history))) {
		w->groups = tc_memo_groups(w->memo);
	}
	w->indexed = 1;
	w->entries = tc_walker_alloc(w, zend_hash_num_elements(history), sizeof(tc_walk_entry));
	/* about a call every other message */
	size = tc_idmap_size_for(zend_hash_num_elements(history) / 2);
	tc_idmap_init(&w->call_index, tc_walker_alloc(w, size, sizeof(tc_idmap_slot)), size);
	/* what is left of the room is the summaries' first block, and what
	 * they leave of it goes back to the room below */
	tc_sum_pool_lend(&w->pool, (char *) w->room + w->room_used, sizeof(w->room) - w->room_used);
	w->room_used = sizeof(w->room);
	for (zend_hash_internal_pointer_reset_ex(history, &pos);
			(entry = zend_hash_get_current_data_ex(history, &pos));
			zend_hash_move_forward_ex(history, &pos)) {
		tc_walk_entry *e = &w->entries[w->entry_count++];
		tc_sum *sum = NULL;

		e->pos = pos;
		ZVAL_DEREF(entry);
		if (tc_access_readable(&w->access, entry)) {
			if (!w->memo || !(sum = tc_memo_find(w->memo, entry))) {
				sum = tc_walker_summarise(w, entry, 1);
				if (sum && w->memo) {
					tc_memo_add(w->memo, sum);
				}
			}
		}
		e->first = items;
		if (sum) {
			for (i = sum->results; i < sum->results + sum->calls; i++) {
				if (sum->item[i].id) {
					if (tc_idmap_full(&w->call_index)) {
						tc_walker_grow_index(w);
					}
					tc_idmap_set(&w->call_index, sum->item[i].id, sum->item[i].group);
				}
			}
			items += sum->results + sum->calls;
			results += sum->results;
		}
		e->sum = sum;
	}
	/* kept has room for a new group per result, numbered in the decide
	 * step; it goes with that step (tc_walker_decided()), compact stays */
	w->room_used -= tc_sum_pool_trim(&w->pool);
	kept = (size_t) w->groups->count + results + 1;
	w->kept = tc_walker_alloc(w, kept, sizeof(uint32_t));
	memset(w->kept, 0, kept * sizeof(uint32_t));
	w->compact = tc_walker_alloc(w, MAX(items, 1), 1);
	memset(w->compact, 0, items);
}

/* The decide step, newest first (SPEC.md Part 1, "Which calls stay
 * intact"; Part 2 for keep-K, the recent messages and the switches): in
 * each message its results, then its calls, each list last to first. */
static void tc_walker_decide(tc_walker *w)
{
	const tc_params *params = w->params;
	uint32_t i, k;
	tc_idmap_slot *indexed;

	for (i = w->entry_count; i-- > 0;) {
		tc_sum *sum = w->entries[i].sum;
		bool *compact = w->compact + w->entries[i].first;
		bool frozen = (zend_long) i >= (zend_long) w->entry_count - params->keep_recent;

		if (!sum) {
			continue;
		}
		for (k = sum->results; k-- > 0;) {
			tc_sum_item *item = &sum->item[k];

			if (!item->id) {
				continue;
			}
			indexed = tc_idmap_find(&w->call_index, item->id);
			if (!indexed && item->group == TC_GROUP_NONE) {
				/* kept across calls by the memo, like a call's group */
				item->group = tc_walker_group(w, item->tool, NULL);
			}
			if (tc_walker_keep(w, indexed ? indexed->group : item->group)) {
				if (indexed) { /* (no call has the id of an orphan) */
					TC_IDMAP_PROTECT(indexed);
				}
			} else {
				compact[k] = !frozen && params->compact_outputs;
			}
		}
		for (k = sum->results + sum->calls; k-- > sum->results;) {
			tc_sum_item *item = &sum->item[k];

			if (!item->id || item->excluded) {
				continue; /* stays intact */
			}
			/* every call with an id is in the index */
			indexed = tc_idmap_find(&w->call_index, item->id);
			ZEND_ASSERT(indexed);
			if (TC_IDMAP_PROTECTED(indexed)) {
				continue; /* stays intact */
			}
			if (tc_walker_keep(w, item->group)) {
				TC_IDMAP_PROTECT(indexed);
			} else {
				compact[k] = !frozen && params->compact_inputs;
			}
		}
	}
}

/* What only the index and decide steps use (the call index, the counts
 * kept, and the pass's own group numbers) is freed before
 * the rewrite step builds the new history, so that the two are never held
 * at once: the peak of a pass is then its result and what the rewrite step
 * still needs. The memo's group numbers stay with the memo. */
static void tc_walker_decided(tc_walker *w)
{
	tc_walker_free(w, w->call_index.slots);
	w->call_index.slots = NULL;
	tc_walker_free(w, w->kept);
	w->kept = NULL;
	if (w->groups == &w->own_groups) {
		tc_groups_destroy(&w->own_groups);
		tc_groups_init(&w->own_groups, 8);
	}
}

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

zend_result tc_walk_estimate(tc_walker *w, zval *message, tc_sum *sum, bool with_tokens, tc_size *size)
{
	tc_sum_kept *kept = sum && sum->memo ? sum->kept : NULL;

	if (!kept) {
		return tc_estimate_message(&w->access, w->params, message, with_tokens, w->pair, size);
	}
	if (!kept->estimated) {
		/* no tokenCounter (the memo is off with one) and no object inside,
		 * so no user code and no tc_json_length() that needs the encoder:
		 * the default tokens cost nothing and the pair plays no part */
		kept->estimate.bytes = kept->estimate.tokens = 0;
		tc_estimate_message(&w->access, w->params, &sum->message, 1, NULL, &kept->estimate);
		kept->estimated = 1;
	}
	size->bytes += kept->estimate.bytes;
	size->tokens += with_tokens ? kept->estimate.tokens : 0;
	return SUCCESS;
}

static void tc_walker_wide_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

void tc_walker_keep_estimate(tc_walker *w, const tc_size *size)
{
	tc_size32 *own = &w->estimates[w->estimated];

	if (size->bytes >= 0 && size->bytes < TC_SIZE32_WIDE && size->tokens >= 0 && size->tokens <= UINT32_MAX) {
		own->bytes = (uint32_t) size->bytes;
		own->tokens = (uint32_t) size->tokens;
	} else {
		if (!w->wide) {
			ALLOC_HASHTABLE(w->wide);
			zend_hash_init(w->wide, 8, NULL, tc_walker_wide_dtor, 0);
		}
		zend_hash_index_update_mem(w->wide, w->estimated, (void *) size, sizeof(*size));
		own->bytes = TC_SIZE32_WIDE;
	}
	w->estimated++;
}

/* The estimate tc_walker_keep_estimate() kept of message i. */
static tc_size tc_walker_kept_estimate(const tc_walker *w, uint32_t i)
{
	tc_size size;

	if (w->estimates[i].bytes == TC_SIZE32_WIDE) {
		return *(tc_size *) zend_hash_index_find_ptr(w->wide, i);
	}
	size.bytes = w->estimates[i].bytes;
	size.tokens = w->estimates[i].tokens;
	return size;
}

/* Adds before - after of a changed message (summary sum) to the saved
 * estimates of *stats. */
static zend_result tc_walker_measure(tc_walker *w, tc_sum *sum, zval *new_message, tc_walk_stats *stats)
{
	tc_size before = {0, 0}, after = {0, 0};

	/* the estimate reads the new message: a sha256 string still queued
	 * reads as zeros, of its length, and user code (a tokenCounter, a
	 * JsonSerializable) gets it only once written (tc_estimate.h) */
	if (w->message_index < (zend_long) w->estimated) {
		before = tc_walker_kept_estimate(w, (uint32_t) w->message_index);
	} else if (tc_walk_estimate(w, &sum->message, sum, w->measure_tokens, &before) == FAILURE) {
		return FAILURE;
	}
	if (tc_estimate_message(&w->access, w->params, new_message, w->measure_tokens, w->pair, &after) == FAILURE) {
		return FAILURE;
	}
	stats->saved_bytes += before.bytes - after.bytes;
	stats->saved_tokens += before.tokens - after.tokens;
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
	to->saved_bytes += delta->saved_bytes;
	to->saved_tokens += delta->saved_tokens;
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
 * fits within threshold (tc_payload_fits()): compacting it would change
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
		tc_field list_f, tc_field f, zend_long threshold)
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
			item[pos].fits = Z_TYPE_P(entry) == IS_ARRAY && tc_payload_fits(tc_item_get_raw(entry, f), threshold)
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
			delta.saved_bytes -= before.saved_bytes;
			delta.saved_tokens -= before.saved_tokens;
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
 * The summary of entry e for the rewrite step: e's own, or, when the step
 * let go of it in an earlier run (tc_walker_release()), made again from
 * the history (NULL when there is none again). Only a pass whose rewrite
 * step runs no user code runs again (tc_walk()), so the history is as the
 * index step read it and the summary says what it said.
 */
static tc_sum *tc_walker_summary(tc_walker *w, HashTable *history, tc_walk_entry *e, uint32_t i)
{
	zval *message;

	if (e->sum || i < w->released_from) {
		return e->sum;
	}
	message = zend_hash_get_current_data_ex(history, &e->pos);
	ZVAL_DEREF(message);
	if (tc_access_readable(&w->access, message)) {
		e->sum = tc_walker_summarise(w, message, 0);
	}
	return e->sum;
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
		TC_F_TOOL_RESULTS, TC_F_RESULT, w->params->output_trim_bytes);
	any |= tc_walker_skip_fitting(sum, compact + sum->results, sum->results, sum->calls,
		TC_F_TOOL_CALLS, TC_F_ARGUMENTS, w->params->input_trim_bytes);
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

/*
 * The rewrite step, newest message first, into *new_history (see tc_walk()).
 * Stops after the message at which the pair fails; *stop is then the
 * oldest message it got to.
 */
static zend_result tc_walker_rewrite_all(tc_walker *w, HashTable *history, zval *new_history, uint32_t *stop)
{
	uint32_t i;

	ZVAL_UNDEF(new_history);
	*stop = 0;
	for (i = w->entry_count; i-- > 0;) {
		tc_walk_entry *e = &w->entries[i];
		tc_sum *sum = tc_walker_summary(w, history, e, i);

		if (sum && tc_walker_rewrite_entry(w, history, i, sum, new_history) == FAILURE) {
			zval_ptr_dtor(new_history);
			ZVAL_UNDEF(new_history);
			return FAILURE;
		}
		tc_walker_release(w, e);
		if (w->pair_store.failed) {
			*stop = i;
			break;
		}
	}
	/* (a second run starts above it) */
	w->released_from = MIN(w->released_from, *stop);
	return SUCCESS;
}

/*
 * After the optimistic pair failed (tc_sha256_pair.h) in a rewrite step
 * that began with stats and got down to message stop: drops what it made
 * (new_history, the onOmit values, the memo's copies of the messages it
 * got to, which may hold wrong digests) and lets the pair check every
 * string. No user code ran in that step (tc_sha256_pair_settle()).
 */
static void tc_walker_forget(tc_walker *w, const tc_walk_stats *stats, uint32_t stop, zval *new_history)
{
	uint32_t i;

	for (i = stop; i < w->entry_count; i++) {
		tc_sum *sum = w->entries[i].sum;

		if (sum && sum->memo && sum->kept->has_output) {
			zval_ptr_dtor(&sum->kept->output);
			ZVAL_UNDEF(&sum->kept->output);
			sum->kept->has_output = 0;
		}
	}
	zval_ptr_dtor(new_history);
	ZVAL_UNDEF(new_history);
	w->stats = *stats;
	if (Z_TYPE(w->omits) != IS_UNDEF) {
		zend_hash_clean(Z_ARRVAL(w->omits));
	}
	w->pair_store.optimistic = 0;
	w->pair_store.failed = 0;
}

/* The index step (unless the caller ran it) and the decide step; *stats
 * gets the walk's stats as the rewrite step is to start. */
static void tc_walker_prepare(tc_walker *w, HashTable *history, tc_walk_stats *stats)
{
	if (!w->indexed) {
		tc_walk_index(w, history);
	}
	tc_walker_decide(w);
	tc_walker_decided(w);
	*stats = w->stats;
}

/*
 * User code can run during the walk (a JsonSerializable inside a payload is
 * called while its field is measured, a collection's iterator or
 * constructor, a tokenCounter) and may write to the history through PHP
 * references. So the walk holds one more reference on every array it is
 * inside of (the history by the caller, each message by its summary, the
 * list, the item, the payload while rewritten): a write then separates
 * that array instead of changing what is being walked.
 */
zend_result tc_walk(tc_walker *w, HashTable *history, zval *new_history)
{
	tc_walk_stats stats;
	zend_result result;
	uint32_t stop;

	ZVAL_UNDEF(new_history);
	/* array histories only: the rewrite of an object history hands the new
	 * payloads to user code (the DTOs' constructors), which may read them.
	 * Optimistic: strings are checked as they are hashed, not before. */
	if (w->access.arrays_only && tc_sha256_pair_enabled(TOOLCOMPACT_G(sha256_pairs))) {
		w->pair = &w->pair_store;
		w->pair->optimistic = 1;
	}
	tc_walker_prepare(w, history, &stats);
	result = tc_walker_rewrite_all(w, history, new_history, &stop);
	/* the digests queued written (on failure too: the memo may already
	 * hold messages with queued digests) */
	tc_sha256_pair_finish(&w->pair_store);
	if (w->pair_store.failed) {
		tc_walker_forget(w, &stats, stop, new_history);
		if (result == SUCCESS) {
			result = tc_walker_rewrite_all(w, history, new_history, &stop);
			tc_sha256_pair_finish(&w->pair_store);
		}
	}
	return result;
}
