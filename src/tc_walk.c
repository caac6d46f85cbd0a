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
static zend_always_inline bool tc_takes_part(zval *item, zend_string **id, zend_string **tool)
{
	if (!tc_item_readable(item)) {
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
		if (!tc_item_readable(message) || !(calls = tc_item_get_list(message, TC_F_TOOL_CALLS))) {
			continue;
		}
		ZEND_HASH_FOREACH_VAL(calls, call) {
			uint32_t group;

			ZVAL_DEREF(call);
			if (!tc_takes_part(call, &id, &tool)) {
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

/* Replaces field f of item (at key str_key/num_key of list) by value in the
 * list copy *list_out, making the copies on first use. Takes over value. */
static void tc_replace_in_list(zval *list_out, HashTable *list, zval *item, zend_string *str_key, zend_ulong num_key, tc_field f, zval *value)
{
	zval new_item;

	tc_item_copy(&new_item, item);
	tc_item_set(&new_item, f, value);
	if (Z_TYPE_P(list_out) == IS_UNDEF) {
		tc_list_copy(list_out, list);
	}
	tc_list_set(list_out, str_key, num_key, &new_item);
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

/* Compacts the results of message (last to first). Returns the first
 * compacted result in list order through *first (owned, or NULL). */
static void tc_walk_results(tc_walker *w, zval *message, zval *new_results, zval *first)
{
	HashTable *results = tc_hold(tc_item_get_list(message, TC_F_TOOL_RESULTS));
	zval *entry, item, *payload, *indexed, new_payload;
	zend_string *key, *id, *tool;
	zend_ulong index;
	uint32_t group;

	if (!results) {
		return;
	}
	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(results, index, key, entry) {
		ZVAL_COPY_DEREF(&item, entry);
		if (!tc_takes_part(&item, &id, &tool) || tc_params_excluded(w->params, tool)) {
			zval_ptr_dtor(&item);
			continue;
		}
		indexed = zend_hash_find(&w->call_index, id);
		group = indexed ? (uint32_t) Z_LVAL_P(indexed) : tc_walker_group(w, tool, NULL);
		if (!tc_walker_see(w, group)) {
			zend_hash_add_empty_element(&w->protected_ids, id);
		} else if ((payload = tc_item_get(&item, TC_F_RESULT))
				&& tc_payload_compact(&new_payload, payload, w->params->output_trim_bytes, NULL)) {
			tc_replace_in_list(new_results, results, &item, key, index, TC_F_RESULT, &new_payload);
			/* walking backwards: the last one met stands first */
			zval_ptr_dtor(first);
			ZVAL_COPY(first, &item);
		}
		zval_ptr_dtor(&item);
	} ZEND_HASH_FOREACH_END();
	tc_release(results);
}

/* Compacts the calls of message (last to first), in the exact reverse
 * order of tc_walker_index(). */
static void tc_walk_calls(tc_walker *w, zval *message, zval *new_calls)
{
	HashTable *calls = tc_hold(tc_item_get_list(message, TC_F_TOOL_CALLS));
	zval *entry, item, *payload, new_payload;
	zend_string *key, *id, *tool;
	zend_ulong index;
	uint32_t group;

	if (!calls) {
		return;
	}
	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(calls, index, key, entry) {
		ZVAL_COPY_DEREF(&item, entry);
		/* The count check only matters if user code changed a call the
		 * index pass had seen; the walk then stays memory-safe. */
		if (!tc_takes_part(&item, &id, &tool) || w->call_count == 0) {
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
			tc_replace_in_list(new_calls, calls, &item, key, index, TC_F_ARGUMENTS, &new_payload);
		}
		zval_ptr_dtor(&item);
	} ZEND_HASH_FOREACH_END();
	tc_release(calls);
}

/*
 * User code can run during the walk (a JsonSerializable inside a payload is
 * called while its field is measured) and may write to the history through
 * PHP references. So the walk holds one more reference on every array it is
 * inside of (the message, the list, the item, the payload): a write then
 * separates that array instead of changing what is being walked.
 */
void tc_compact(zval *out, zval *history, const tc_params *params)
{
	tc_walker w;
	HashTable *ht = Z_ARRVAL_P(history);
	zval *entry, message, new_calls, new_results, new_message, first, content;
	zend_string *key, *role;
	zend_ulong index;

	tc_walker_init(&w, params);
	tc_walker_index(&w, ht);
	ZVAL_UNDEF(out);

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(ht, index, key, entry) {
		ZVAL_COPY_DEREF(&message, entry);
		if (!tc_item_readable(&message)) {
			zval_ptr_dtor(&message);
			continue;
		}
		ZVAL_UNDEF(&new_calls);
		ZVAL_UNDEF(&new_results);
		ZVAL_UNDEF(&first);
		tc_walk_results(&w, &message, &new_results, &first);
		tc_walk_calls(&w, &message, &new_calls);

		if (Z_TYPE(new_calls) != IS_UNDEF || Z_TYPE(new_results) != IS_UNDEF) {
			tc_item_copy(&new_message, &message);
			if (Z_TYPE(new_calls) != IS_UNDEF) {
				tc_item_set(&new_message, TC_F_TOOL_CALLS, &new_calls);
			}
			if (Z_TYPE(new_results) != IS_UNDEF) {
				tc_item_set(&new_message, TC_F_TOOL_RESULTS, &new_results);
				role = tc_item_get_str(&message, TC_F_ROLE);
				if (role && zend_string_equals(role, tc_keys[TC_V_TOOL]) && Z_TYPE(first) == IS_ARRAY) {
					tc_placeholder(&content, tc_item_get_str(&first, TC_F_TOOL_NAME),
						tc_item_get_str(&first, TC_F_ID));
					tc_item_set(&new_message, TC_F_CONTENT, &content);
				}
			}
			if (Z_TYPE_P(out) == IS_UNDEF) {
				ZVAL_ARR(out, zend_array_dup(ht));
			}
			if (key) {
				zend_hash_update(Z_ARRVAL_P(out), key, &new_message);
			} else {
				zend_hash_index_update(Z_ARRVAL_P(out), index, &new_message);
			}
		}
		zval_ptr_dtor(&first);
		zval_ptr_dtor(&message);
	} ZEND_HASH_FOREACH_END();

	if (Z_TYPE_P(out) == IS_UNDEF) {
		ZVAL_COPY(out, history);
	}
	tc_walker_dtor(&w);
}
