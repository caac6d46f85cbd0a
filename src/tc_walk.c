#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "tc_access.h"
#include "tc_group.h"
#include "tc_payload.h"
#include "tc_walk.h"

/* A call or result takes part in the walk only with a string id and a string
 * toolName; anything else is left as it is and invisible to the walk. */
static zend_always_inline bool tc_takes_part(tc_walker *w, zval *item, zend_string **id, zend_string **tool)
{
	if (!tc_access_readable(&w->access, item)) {
		return 0;
	}
	*id = tc_item_get_str(item, TC_F_ID);
	*tool = tc_item_get_str(item, TC_F_TOOL_NAME);
	return *id && *tool;
}

static void tc_walker_init(tc_walker *w, const tc_params *params)
{
	memset(w, 0, sizeof(*w));
	w->params = params;
	zend_hash_init(&w->group_ids, 32, NULL, NULL, 0);
	zend_hash_init(&w->call_index, 32, NULL, NULL, 0);
	zend_hash_init(&w->protected_ids, 32, NULL, NULL, 0);
	tc_access_init(&w->access);
}

static void tc_walker_dtor(tc_walker *w)
{
	zend_hash_destroy(&w->group_ids);
	zend_hash_destroy(&w->call_index);
	zend_hash_destroy(&w->protected_ids);
	if (w->call_groups) {
		efree(w->call_groups);
	}
	if (w->seen) {
		efree(w->seen);
	}
	smart_str_free(&w->key);
	tc_access_dtor(&w->access);
}

/* The number of the group of a call of tool with arguments args (NULL: all
 * identifier fields null), handing out a new number for a new group. */
static uint32_t tc_walker_group(tc_walker *w, zend_string *tool, HashTable *args)
{
	zval *found, number;

	if (!tc_group_key(&w->key, tool, args, tc_params_id_fields(w->params, tool))) {
		return w->group_count++; /* matches nothing: a group of its own */
	}
	found = zend_hash_str_find(&w->group_ids, ZSTR_VAL(w->key.s), ZSTR_LEN(w->key.s));
	if (found) {
		return (uint32_t) Z_LVAL_P(found);
	}
	ZVAL_LONG(&number, w->group_count);
	zend_hash_str_add_new(&w->group_ids, ZSTR_VAL(w->key.s), ZSTR_LEN(w->key.s), &number);
	return w->group_count++;
}

/* Marks group as seen; returns whether it had been seen before. */
static bool tc_walker_see(tc_walker *w, uint32_t group)
{
	bool was_seen;

	if (group >= w->seen_capacity) {
		uint32_t capacity = MAX(group + 1, w->seen_capacity * 2);

		w->seen = erealloc(w->seen, capacity);
		memset(w->seen + w->seen_capacity, 0, capacity - w->seen_capacity);
		w->seen_capacity = capacity;
	}
	was_seen = w->seen[group];
	w->seen[group] = 1;
	return was_seen;
}

/* The first pass, oldest first: the group of every call that takes part, and
 * the call index (the newest call with an id wins). */
static void tc_walker_index(tc_walker *w, HashTable *history)
{
	zval *message, *call, *args, number;
	zend_string *id, *tool;
	HashTable *calls;

	ZEND_HASH_FOREACH_VAL(history, message) {
		ZVAL_DEREF(message);
		if (!tc_access_readable(&w->access, message)
				|| !(calls = tc_list_items(&w->access, tc_item_get(message, TC_F_TOOL_CALLS)))) {
			continue;
		}
		ZEND_HASH_FOREACH_VAL(calls, call) {
			uint32_t group;

			ZVAL_DEREF(call);
			if (!tc_takes_part(w, call, &id, &tool)) {
				continue;
			}
			args = tc_item_get(call, TC_F_ARGUMENTS);
			group = tc_walker_group(w, tool, args && Z_TYPE_P(args) == IS_ARRAY ? Z_ARRVAL_P(args) : NULL);
			if (w->call_count == w->call_capacity) {
				w->call_capacity = w->call_capacity ? w->call_capacity * 2 : 64;
				w->call_groups = safe_erealloc(w->call_groups, w->call_capacity, sizeof(uint32_t), 0);
			}
			w->call_groups[w->call_count++] = group;
			ZVAL_LONG(&number, group);
			zend_hash_update(&w->call_index, id, &number);
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
}

/* Puts into the new items *items_out (a copy of items, made on first use) a
 * copy of item whose field f is value (taken over). Returns false, changing
 * nothing, when the item cannot hold the value. */
static bool tc_replace_item(zval *items_out, HashTable *items, zval *item, zend_string *key, zend_ulong index, tc_field f, zval *value)
{
	zval new_item;

	tc_item_copy(&new_item, item);
	if (!tc_item_set(&new_item, f, value)) {
		zval_ptr_dtor(value);
		zval_ptr_dtor(&new_item);
		return 0;
	}
	if (Z_TYPE_P(items_out) == IS_UNDEF) {
		ZVAL_ARR(items_out, zend_array_dup(items));
	}
	tc_hash_update_key(Z_ARRVAL_P(items_out), key, index, &new_item);
	return 1;
}

static void tc_placeholder(zval *content, zend_string *tool, zend_string *id)
{
	smart_str buf = {0};

	smart_str_appendl(&buf, ZEND_STRL("[tool_compaction] Tool result compacted for tool="));
	smart_str_append(&buf, tool);
	smart_str_appendl(&buf, ZEND_STRL(", callId="));
	smart_str_append(&buf, id);
	smart_str_appendl(&buf, ZEND_STRL(". Large fields omitted."));
	ZVAL_STR(content, smart_str_extract(&buf));
}

/* Compacts the results (last to first) into *new_items; *first receives the
 * placeholder naming the compacted result that stands first in the list. */
static void tc_walk_results(tc_walker *w, HashTable *results, zval *new_items, zval *first)
{
	zval *entry, item, *payload, *indexed, new_payload;
	zend_string *key, *id, *tool;
	zend_ulong index;
	uint32_t group;

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(results, index, key, entry) {
		ZVAL_COPY_DEREF(&item, entry);
		if (!tc_takes_part(w, &item, &id, &tool) || tc_params_excluded(w->params, tool)) {
			zval_ptr_dtor(&item);
			continue;
		}
		indexed = zend_hash_find(&w->call_index, id);
		group = indexed ? (uint32_t) Z_LVAL_P(indexed) : tc_walker_group(w, tool, NULL);
		if (!tc_walker_see(w, group)) {
			zend_hash_add_empty_element(&w->protected_ids, id);
			zval_ptr_dtor(&item);
			continue;
		}
		/* id and tool may not outlive user code run while measuring */
		zend_string_addref(id);
		zend_string_addref(tool);
		if ((payload = tc_item_get(&item, TC_F_RESULT))
				&& tc_payload_compact(&new_payload, payload, w->params->output_trim_bytes, NULL)
				&& tc_replace_item(new_items, results, &item, key, index, TC_F_RESULT, &new_payload)) {
			/* walking backwards: the last one met stands first */
			zval_ptr_dtor(first);
			tc_placeholder(first, tool, id);
		}
		zend_string_release(id);
		zend_string_release(tool);
		zval_ptr_dtor(&item);
	} ZEND_HASH_FOREACH_END();
}

/* Compacts the calls (last to first) into *new_items, in the exact reverse
 * order of tc_walker_index(). */
static void tc_walk_calls(tc_walker *w, HashTable *calls, zval *new_items)
{
	zval *entry, item, *payload, new_payload;
	zend_string *key, *id, *tool;
	zend_ulong index;
	uint32_t group;

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(calls, index, key, entry) {
		ZVAL_COPY_DEREF(&item, entry);
		/* The count check only matters if user code changed a call the
		 * index pass had seen; the walk then stays memory-safe. */
		if (!tc_takes_part(w, &item, &id, &tool) || w->call_count == 0) {
			zval_ptr_dtor(&item);
			continue;
		}
		group = w->call_groups[--w->call_count];
		if (tc_params_excluded(w->params, tool) || zend_hash_exists(&w->protected_ids, id)) {
			/* stays intact */
		} else if (!tc_walker_see(w, group)) {
			zend_hash_add_empty_element(&w->protected_ids, id);
		} else if ((payload = tc_item_get(&item, TC_F_ARGUMENTS))
				&& tc_payload_compact(&new_payload, payload, w->params->input_trim_bytes,
					tc_params_id_fields(w->params, tool))) {
			tc_replace_item(new_items, calls, &item, key, index, TC_F_ARGUMENTS, &new_payload);
		}
		zval_ptr_dtor(&item);
	} ZEND_HASH_FOREACH_END();
}

/*
 * Sets the list field f of the message copy *new_message to a list like
 * orig holding items (taken over). Returns false when that cannot be done.
 */
static bool tc_set_list(zval *new_message, tc_field f, zval *orig, zval *items)
{
	zval list;

	if (!tc_list_make(&list, orig, items)) {
		return 0;
	}
	if (!tc_item_set(new_message, f, &list)) {
		zval_ptr_dtor(&list);
		return 0;
	}
	return 1;
}

/*
 * One message of the walk: its results, then its calls. Writes the new
 * message into *new_message and returns true when anything changed; false
 * (nothing to free) otherwise, or when the message cannot take the change.
 */
static bool tc_walk_message(tc_walker *w, zval *message, zval *new_message)
{
	zval *calls_zv = tc_item_get(message, TC_F_TOOL_CALLS), *results_zv, calls_orig, results_orig;
	zval new_calls, new_results, first;
	HashTable *calls, *results;
	zend_string *role;
	bool ok = 1;

	/* Both lists are held while user code may run (see tc_compact()): the
	 * copies below hold an array list; a collection's items are held by
	 * w->access until the end of the pass. */
	ZVAL_COPY(&calls_orig, calls_zv ? calls_zv : &EG(uninitialized_zval));
	results_zv = tc_item_get(message, TC_F_TOOL_RESULTS);
	ZVAL_COPY(&results_orig, results_zv ? results_zv : &EG(uninitialized_zval));
	results = tc_list_items(&w->access, &results_orig);
	calls = tc_list_items(&w->access, &calls_orig);

	ZVAL_UNDEF(&new_calls);
	ZVAL_UNDEF(&new_results);
	ZVAL_UNDEF(&first);
	if (results) {
		tc_walk_results(w, results, &new_results, &first);
	}
	if (calls) {
		tc_walk_calls(w, calls, &new_calls);
	}

	if (Z_TYPE(new_calls) == IS_UNDEF && Z_TYPE(new_results) == IS_UNDEF) {
		ok = 0;
	} else {
		tc_item_copy(new_message, message);
		if (Z_TYPE(new_calls) != IS_UNDEF) {
			ok = tc_set_list(new_message, TC_F_TOOL_CALLS, &calls_orig, &new_calls);
		}
		if (Z_TYPE(new_results) != IS_UNDEF) {
			if (ok) {
				ok = tc_set_list(new_message, TC_F_TOOL_RESULTS, &results_orig, &new_results);
			} else {
				zval_ptr_dtor(&new_results);
			}
			role = tc_item_get_str(message, TC_F_ROLE);
			if (ok && role && zend_string_equals(role, tc_keys[TC_V_TOOL])) {
				ok = tc_item_set(new_message, TC_F_CONTENT, &first);
				if (ok) {
					ZVAL_UNDEF(&first);
				}
			}
		}
		if (!ok) {
			zval_ptr_dtor(new_message);
		}
	}
	zval_ptr_dtor(&first);
	zval_ptr_dtor(&calls_orig);
	zval_ptr_dtor(&results_orig);
	return ok;
}

/*
 * User code can run during the walk (a JsonSerializable inside a payload is
 * called while its field is measured, a collection's iterator or
 * constructor) and may write to the history through PHP references. So the
 * walk holds one more reference on every array it is inside of (the message,
 * the list, the item, the payload): a write then separates that array
 * instead of changing what is being walked.
 */
void tc_compact(zval *out, zval *history, const tc_params *params)
{
	tc_walker w;
	HashTable *ht;
	zval *entry, message, new_message, new_history;
	zend_string *key;
	zend_ulong index;

	tc_walker_init(&w, params);
	/* An array history is read as arrays only (README, "The history"). */
	w.access.arrays_only = Z_TYPE_P(history) == IS_ARRAY;
	ht = tc_hold(tc_list_items(&w.access, history));
	if (!ht) {
		ZVAL_COPY(out, history);
		tc_walker_dtor(&w);
		return;
	}
	tc_walker_index(&w, ht);
	ZVAL_UNDEF(&new_history);

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(ht, index, key, entry) {
		ZVAL_COPY_DEREF(&message, entry);
		if (tc_access_readable(&w.access, &message) && tc_walk_message(&w, &message, &new_message)) {
			if (Z_TYPE(new_history) == IS_UNDEF) {
				ZVAL_ARR(&new_history, zend_array_dup(ht));
			}
			tc_hash_update_key(Z_ARRVAL(new_history), key, index, &new_message);
		}
		zval_ptr_dtor(&message);
	} ZEND_HASH_FOREACH_END();

	if (Z_TYPE(new_history) == IS_UNDEF || !tc_list_make(out, history, &new_history)) {
		ZVAL_COPY(out, history);
	}
	tc_release(ht);
	tc_walker_dtor(&w);
}
