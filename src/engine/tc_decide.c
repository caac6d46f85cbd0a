#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_group.h"
#include "tc_walk.h"

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

/* keepRecentToolUses: marks the ids of the newest calls that take part (a
 * call of an excluded tool counts too), newest first, as recent: those calls
 * and their results are never compacted. */
static void tc_walker_mark_recent(tc_walker *w)
{
	zend_long left = w->params->keep_recent_uses;
	uint32_t i, k;

	for (i = w->entry_count; left > 0 && i-- > 0;) {
		tc_sum *sum = w->entries[i].sum;

		for (k = sum ? sum->results + sum->calls : 0; left > 0 && sum && k-- > sum->results;) {
			if (sum->item[k].id) {
				zval *indexed = zend_hash_find(&w->call_index, sum->item[k].id);

				ZEND_ASSERT(indexed);
				Z_LVAL_P(indexed) |= TC_INDEX_RECENT;
				left--;
			}
		}
	}
}

/* The decide step, newest first (SPEC.md Part 1, "Which calls stay
 * intact"; Part 2 for keep-K, the recent messages and the switches): in
 * each message its results, then its calls, each list last to first. */
static void tc_walker_decide(tc_walker *w)
{
	const tc_params *params = w->params;
	uint32_t i, k;
	zval *indexed;
	zend_long recent = MAX(params->keep_recent, (zend_long) w->recent_count);

	if (params->keep_recent_uses > 0) {
		tc_walker_mark_recent(w);
	}
	for (i = w->entry_count; i-- > 0;) {
		tc_sum *sum = w->entries[i].sum;
		bool *compact = w->compact + w->entries[i].first;
		bool frozen = (zend_long) i >= (zend_long) w->entry_count - recent;

		if (!sum) {
			continue;
		}
		for (k = sum->results; k-- > 0;) {
			tc_sum_item *item = &sum->item[k];

			if (!item->id) {
				continue;
			}
			indexed = zend_hash_find(&w->call_index, item->id);
			if (!indexed && w->access.view) {
				/* a provider format's result whose call is not in the
				 * history: old by definition, no group protects it */
				compact[k] = !frozen && params->compact_outputs;
				continue;
			}
			if (!indexed && item->group == TC_GROUP_NONE) {
				/* kept across calls by the memo, like a call's group */
				item->group = tc_walker_group(w, item->tool, NULL);
			}
			if (tc_walker_keep(w, indexed ? TC_INDEX_GROUP(indexed) : item->group)) {
				if (indexed) { /* (no call has the id of an orphan) */
					Z_LVAL_P(indexed) |= TC_INDEX_PROTECTED;
				}
			} else {
				compact[k] = !frozen && params->compact_outputs && !(indexed && (Z_LVAL_P(indexed) & TC_INDEX_RECENT));
			}
		}
		for (k = sum->results + sum->calls; k-- > sum->results;) {
			tc_sum_item *item = &sum->item[k];

			if (!item->id || item->excluded) {
				continue; /* stays intact */
			}
			/* every call with an id is in the index */
			indexed = zend_hash_find(&w->call_index, item->id);
			ZEND_ASSERT(indexed);
			if (Z_LVAL_P(indexed) & TC_INDEX_PROTECTED) {
				continue; /* stays intact */
			}
			if (tc_walker_keep(w, item->group)) {
				Z_LVAL_P(indexed) |= TC_INDEX_PROTECTED;
			} else {
				compact[k] = !frozen && !(Z_LVAL_P(indexed) & TC_INDEX_RECENT) && tc_params_compacts_input(params, item->tool);
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
	zend_hash_destroy(&w->call_index);
	zend_hash_init(&w->call_index, 0, NULL, NULL, 0);
	efree(w->kept);
	w->kept = NULL;
	if (w->groups == &w->own_groups) {
		tc_groups_destroy(&w->own_groups);
		tc_groups_init(&w->own_groups, 8);
	}
}

void tc_walk_decide(tc_walker *w)
{
	tc_walker_decide(w);
	tc_walker_decided(w);
}

bool tc_walk_flagged(const tc_walker *w, uint32_t i, bool call, uint32_t j)
{
	const tc_walk_entry *e = i < w->entry_count ? &w->entries[i] : NULL;

	if (!e || !e->sum) {
		return 0;
	}
	if (call) {
		return j < e->sum->calls && w->compact[e->first + e->sum->results + j];
	}
	return j < e->sum->results && w->compact[e->first + j];
}
