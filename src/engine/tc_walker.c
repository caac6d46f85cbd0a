#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../memo/tc_memo.h"
#include "../shapes/tc_access.h"
#include "tc_estimate.h"
#include "tc_group.h"
#include "tc_walker.h"

void tc_walker_init(tc_walker *w, const tc_params *params)
{
	memset(w, 0, sizeof(*w));
	w->params = params;
	w->stats.first_changed = -1;
	ZVAL_UNDEF(&w->omits);
	ZVAL_UNDEF(&w->queue);
	if (tc_callable_set(&params->on_omit)) {
		array_init(&w->omits);
		array_init(&w->queue);
	}
	tc_groups_init(&w->own_groups, 8);
	w->groups = &w->own_groups;
	zend_hash_init(&w->call_index, 0, NULL, NULL, 0);
	tc_access_init(&w->access);
}

/*
 * The rewrite step (or the end of the pass) is done with entry e, newest
 * first: its summary is let go of unless the memo keeps it, and with it
 * the pool's newest block once the summary is the first of it (the blocks
 * were carved oldest message first), so that the summaries go while the
 * new history grows.
 */
void tc_walker_release(tc_walker *w, tc_walk_entry *e)
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
	if (w->entries) {
		efree(w->entries);
	}
	if (w->kept) {
		efree(w->kept);
	}
	if (w->compact) {
		efree(w->compact);
	}
	if (w->estimates) {
		efree(w->estimates);
	}
	if (w->wide) {
		zend_hash_destroy(w->wide);
		FREE_HASHTABLE(w->wide);
	}
	if (w->memo) {
		tc_memo_close(w->memo);
	}
	tc_groups_destroy(&w->own_groups);
	zend_hash_destroy(&w->call_index);
	tc_access_dtor(&w->access);
}

/* The number of the group of a call of tool with arguments args (NULL: all
 * identifier fields null), handing out a new number for a new group. */
uint32_t tc_walker_group(tc_walker *w, zend_string *tool, HashTable *args)
{
	return tc_groups_number(w->groups, tool, args, tc_params_id_fields(w->params, tool));
}

/* A summary of message (readable, borrowed) made anew: the id and group of
 * each call, and the id and toolName of each result, that takes part. NULL
 * for a message without calls and results, which the walk has nothing to do
 * with, unless the memo could keep its estimate (tc_walker.estimate_all). */
tc_sum *tc_walker_summarise(tc_walker *w, zval *message)
{
	zval *slots[2] = {tc_item_get_raw(message, TC_F_TOOL_RESULTS), tc_item_get_raw(message, TC_F_TOOL_CALLS)};
	zval *lists[2] = {slots[0], slots[1]};
	zval held[2];
	HashTable *results, *calls;
	uint32_t result_count, call_count, k;
	tc_sum *sum = NULL;
	tc_sum_item *item;
	zval *entry, *args;
	zend_string *id, *tool;

	for (k = 0; k < 2; k++) {
		ZVAL_UNDEF(&held[k]);
		if (lists[k]) {
			ZVAL_DEREF(lists[k]);
		}
	}
	if (w->access.arrays_only) {
		/* only arrays are read: no user code runs */
		results = tc_list_items(&w->access, lists[TC_SUM_RESULTS]);
		calls = tc_list_items(&w->access, lists[TC_SUM_CALLS]);
	} else {
		/* A collection's getIterator() may change the message: both lists
		 * are held and read from the copies, as the slots may be gone after
		 * (an array message stays held, so its slots stay, not its lists). */
		for (k = 0; k < 2; k++) {
			ZVAL_COPY(&held[k], lists[k] ? lists[k] : &EG(uninitialized_zval));
		}
		results = tc_list_items(&w->access, &held[TC_SUM_RESULTS]);
		calls = tc_list_items(&w->access, &held[TC_SUM_CALLS]);
	}
	result_count = results ? zend_hash_num_elements(results) : 0;
	call_count = calls ? zend_hash_num_elements(calls) : 0;
	if (result_count + call_count == 0 && !(w->memo && w->estimate_all)) {
		goto done;
	}
	sum = tc_sum_alloc(message, result_count, call_count, w->memo != NULL, &w->pool);
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
				item->group = tc_walker_group(w, tool, args && Z_TYPE_P(args) == IS_ARRAY ? Z_ARRVAL_P(args) : NULL);
			}
			item++;
		} ZEND_HASH_FOREACH_END();
	}
done:
	tc_release_copy(&held[TC_SUM_RESULTS]);
	tc_release_copy(&held[TC_SUM_CALLS]);
	return sum;
}

zend_result tc_walk_estimate(tc_walker *w, zval *message, tc_sum *sum, bool with_tokens, tc_size *size)
{
	tc_sum_kept *kept = sum && sum->memo ? sum->kept : NULL;

	if (!kept) {
		return tc_estimate_message(&w->access, w->params, message, with_tokens, size);
	}
	if (!kept->estimated) {
		/* no tokenCounter (the memo is off with one) and no object inside,
		 * so no user code and no tc_json_length() that needs the encoder:
		 * the default tokens cost nothing */
		kept->estimate.bytes = kept->estimate.tokens = 0;
		tc_estimate_message(&w->access, w->params, &sum->message, 1, &kept->estimate);
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
tc_size tc_walker_kept_estimate(const tc_walker *w, uint32_t i)
{
	tc_size size;

	if (w->estimates[i].bytes == TC_SIZE32_WIDE) {
		return *(tc_size *) zend_hash_index_find_ptr(w->wide, i);
	}
	size.bytes = w->estimates[i].bytes;
	size.tokens = w->estimates[i].tokens;
	return size;
}
