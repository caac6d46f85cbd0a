#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../memo/tc_memo.h"
#include "tc_walk.h"

/* The index step, oldest first: a summary of every message, and the call
 * index (the newest call with an id wins). */
void tc_walk_index(tc_walker *w, HashTable *history)
{
	zval *entry;
	HashPosition pos;
	uint32_t items = 0, i;
	size_t results = 0, kept;

	if (w->access.arrays_only && !w->no_memo && (w->memo = tc_memo_open(w->params, history))) {
		w->groups = tc_memo_groups(w->memo);
	}
	w->indexed = 1;
	w->entries = safe_emalloc(zend_hash_num_elements(history), sizeof(tc_walk_entry), 0);
	/* about a call every other message */
	zend_hash_extend(&w->call_index, zend_hash_num_elements(history) / 2, 0);
	for (zend_hash_internal_pointer_reset_ex(history, &pos);
			(entry = zend_hash_get_current_data_ex(history, &pos));
			zend_hash_move_forward_ex(history, &pos)) {
		tc_walk_entry *e = &w->entries[w->entry_count++];
		tc_sum *sum = NULL;

		e->pos = pos;
		ZVAL_DEREF(entry);
		if (tc_access_readable(&w->access, entry)) {
			if (!w->memo || !(sum = tc_memo_find(w->memo, entry))) {
				sum = tc_walker_summarise(w, entry);
				if (sum && w->memo) {
					tc_memo_add(w->memo, sum);
				}
			}
		}
		e->first = items;
		if (sum) {
			for (i = sum->results; i < sum->results + sum->calls; i++) {
				if (sum->item[i].id) {
					ZVAL_LONG(zend_hash_lookup(&w->call_index, sum->item[i].id), (zend_long) ((zend_ulong) sum->item[i].group << 2));
				}
			}
			items += sum->results + sum->calls;
			results += sum->results;
		}
		e->sum = sum;
	}
	/* kept has room for a new group per result, numbered in the decide
	 * step; it goes with that step (tc_walker_decided()), compact stays */
	kept = (size_t) w->groups->count + results + 1;
	w->kept = ecalloc(kept, sizeof(uint32_t));
	w->compact = ecalloc(MAX(items, 1), 1);
}
