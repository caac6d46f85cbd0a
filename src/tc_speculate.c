/*
 * Strings queued to the hashing thread during the index step (tc_walk.h).
 *
 * The rewrite step, which finds the strings a pass omits, starts only once
 * the index and decide steps have seen the whole history: until then the
 * second thread would wait (a fifth of a pass over the shared transcripts,
 * and 5 ms of 30 on a history of 10 000 messages). But the index step,
 * oldest message first, can already tell most of them: once a group has a
 * newer call, its older call and the results met since are compacted
 * (SPEC.md Part 1, "Which calls stay intact", with keepLatestPerGroup 1),
 * so their payloads' long strings are queued then (tc_sha256_pair_speculate()),
 * and the rewrite step finds their digest strings by the string
 * (tc_sha256_pair_add()). A call that stays intact all the same (its id
 * protected by a result of a newer call with the same id, a message kept by
 * keepRecentMessages) only costs the thread a digest nobody reads.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_toolcompact.h"

#include "tc_walk.h"

bool tc_walker_speculate_begin(tc_walker *w)
{
	const tc_params *params = w->params;
	size_t last = TOOLCOMPACT_G(ahead_last_bytes);
	bool warm, long_one = TOOLCOMPACT_G(ahead_last_longest) >= TC_SHA256_AHEAD_ALONE;

	if (!w->pair || !w->pair->optimistic || w->pair->thread_after == SIZE_MAX || params->keep_latest != 1
			|| tc_callable_set(&params->on_omit) || (!params->compact_inputs && !params->compact_outputs)) {
		return 0;
	}
	/* Only where it paid the last time: the thread hashes while the index
	 * step runs, and the pass does not wait for it at the end, only when
	 * the pass hashes much, and much for each message (a pass of short
	 * strings waits on its walk, not on its hashing, and would only pay
	 * for the index step's extra work), or when one string is long: a
	 * string of some kilobytes takes the thread about as long as the rest
	 * of a short pass, and ends it later the later the thread gets it
	 * (when it was most of a short pass's hashing, the pass keeps to one
	 * thread: tc_walker_hash_alone()). */
	if (!long_one && (last < TC_SHA256_AHEAD_WARM
			|| last < (size_t) TC_SPECULATE_BYTES_PER_MESSAGE * MAX(TOOLCOMPACT_G(ahead_last_messages), 1))) {
		return 0;
	}
	warm = tc_sha256_jobs_warm(&w->started);
	if (!warm && last < TC_SHA256_AHEAD_COLD) {
		return 0;
	}
	tc_sha256_pair_ahead_begin(w->pair, warm);
	return 1;
}

bool tc_walker_hash_alone(void)
{
	size_t last = TOOLCOMPACT_G(ahead_last_bytes);

	return last > 0 && last < TC_SHA256_ONE_MAX
		&& TOOLCOMPACT_G(ahead_last_longest) * 100 >= last * TC_SHA256_ONE_PERCENT;
}

void tc_walker_speculate_stop(tc_walker *w)
{
	tc_sha256_pair_ahead_end(w->pair);
	if (w->pending) {
		efree(w->pending);
		w->pending = NULL;
		w->pending_size = 0;
	}
	w->speculate = 0;
}

void tc_walker_speculate_record(tc_walker *w)
{
	if (w->pair && w->pair->optimistic && !w->measure) {
		TOOLCOMPACT_G(ahead_last_bytes) = w->pair->added;
		TOOLCOMPACT_G(ahead_last_longest) = w->pair->longest;
		TOOLCOMPACT_G(ahead_last_messages) = w->entry_count;
	}
}

/* Queues the strings of payload (an item's field as it is, not
 * dereferenced; NULL: none) that a compaction with threshold would omit,
 * but those of the fields keep names. A payload with a meta is left to the
 * rewrite step (fields it lists stay as they are). */
static void tc_speculate_payload(tc_walker *w, zval *payload, zend_long threshold, const tc_id_fields *keep)
{
	HashTable *ht;
	zend_string *str_key;
	zend_ulong num_key;
	zval *value;

	if (!payload || Z_TYPE_P(payload) != IS_ARRAY) {
		return;
	}
	ht = Z_ARRVAL_P(payload);
	if (zend_hash_find_known_hash(ht, tc_keys[TC_K_META])) {
		return;
	}
	ZEND_HASH_FOREACH_KEY_VAL(ht, num_key, str_key, value) {
		/* (tc_payload_compact() hands the pair strings in their own slot) */
		if (Z_TYPE_P(value) != IS_STRING || Z_STRLEN_P(value) <= (size_t) threshold) {
			continue;
		}
		if (keep && tc_id_fields_has(keep, str_key, num_key)) {
			continue;
		}
		tc_sha256_pair_speculate(w->pair, Z_STR_P(value));
	} ZEND_HASH_FOREACH_END();
}

/* The pending payloads of group g, the table grown to hold it. */
static tc_spec_pending *tc_speculate_group(tc_walker *w, uint32_t g)
{
	if (g >= w->pending_size) {
		uint32_t size = MAX(64, MAX(g + 1, w->pending_size * 2));

		w->pending = safe_erealloc(w->pending, size, sizeof(*w->pending), 0);
		memset(w->pending + w->pending_size, 0, (size - w->pending_size) * sizeof(*w->pending));
		w->pending_size = size;
	}
	return &w->pending[g];
}

/* A call met in group g: the group's older call and the results met since
 * are compacted. */
static void tc_speculate_call(tc_walker *w, tc_spec_pending *p, zval *item, zend_string *tool)
{
	const tc_params *params = w->params;

	if (params->compact_inputs && p->call) {
		tc_speculate_payload(w, p->call, params->input_trim_bytes, tc_params_id_fields(params, p->tool));
	}
	if (params->compact_outputs && p->result) {
		tc_speculate_payload(w, p->result, params->output_trim_bytes, NULL);
	}
	p->call = tc_item_get_raw(item, TC_F_ARGUMENTS);
	p->tool = tool;
	p->result = NULL;
}

/* A result met in group g: a result of it met before (with no call
 * between) is compacted. */
static void tc_speculate_result(tc_walker *w, tc_spec_pending *p, zval *item)
{
	if (w->params->compact_outputs && p->result) {
		tc_speculate_payload(w, p->result, w->params->output_trim_bytes, NULL);
	}
	p->result = tc_item_get_raw(item, TC_F_RESULT);
}

void tc_walker_speculate(tc_walker *w, tc_sum *sum)
{
	uint32_t kind, k, limit;
	zval *entry;

	for (kind = TC_SUM_RESULTS; kind <= TC_SUM_CALLS; kind++) {
		zval *list = sum->lists[kind];

		if (!list || Z_TYPE_P(list) != IS_ARRAY) {
			continue;
		}
		k = kind == TC_SUM_CALLS ? sum->results : 0;
		limit = kind == TC_SUM_CALLS ? sum->results + sum->calls : sum->results;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), entry) {
			tc_sum_item *item;
			tc_idmap_slot *call;

			if (k >= limit) {
				break;
			}
			item = &sum->item[k++];
			ZVAL_DEREF(entry);
			if (!item->id || item->excluded || Z_TYPE_P(entry) != IS_ARRAY) {
				continue;
			}
			if (kind == TC_SUM_CALLS) {
				tc_speculate_call(w, tc_speculate_group(w, item->group), entry, item->tool);
			} else if ((call = tc_idmap_find(&w->call_index, item->id))) {
				/* (a result no call has the id of is left to the rewrite) */
				tc_speculate_result(w, tc_speculate_group(w, call->group), entry);
			}
		} ZEND_HASH_FOREACH_END();
	}
}
