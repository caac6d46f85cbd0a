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
static bool tc_walker_see(tc_walker *w, uint32_t group, uint32_t *seen_capacity)
{
	bool was_seen;

	if (group >= *seen_capacity) {
		uint32_t capacity = MAX(group + 1, *seen_capacity * 2);

		w->seen = erealloc(w->seen, capacity);
		memset(w->seen + *seen_capacity, 0, capacity - *seen_capacity);
		*seen_capacity = capacity;
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

void tc_compact(zval *out, zval *history, const tc_params *params)
{
	tc_walker w;
	HashTable *ht = Z_ARRVAL_P(history), *calls, *results;
	zval *message, *item, *payload, new_payload, new_calls, new_results, new_message, content;
	zend_string *msg_key, *item_key, *id, *tool, *first_id, *first_tool, *role;
	zend_ulong msg_index, item_index;
	uint32_t seen_capacity = 0;

	tc_walker_init(&w, params);
	tc_walker_index(&w, ht);
	ZVAL_UNDEF(out);

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(ht, msg_index, msg_key, message) {
		ZVAL_DEREF(message);
		if (!tc_item_readable(message)) {
			continue;
		}
		ZVAL_UNDEF(&new_calls);
		ZVAL_UNDEF(&new_results);
		first_id = first_tool = NULL;

		/* Results, last to first. */
		results = tc_item_get_list(message, TC_F_TOOL_RESULTS);
		if (results) {
			ZEND_HASH_REVERSE_FOREACH_KEY_VAL(results, item_index, item_key, item) {
				zval *indexed;
				uint32_t group;

				ZVAL_DEREF(item);
				if (!tc_takes_part(item, &id, &tool) || tc_params_excluded(params, tool)) {
					continue;
				}
				indexed = zend_hash_find(&w.call_index, id);
				group = indexed ? (uint32_t) Z_LVAL_P(indexed) : tc_walker_group(&w, tool, NULL);
				if (!tc_walker_see(&w, group, &seen_capacity)) {
					zend_hash_add_empty_element(&w.protected_ids, id);
					continue;
				}
				payload = tc_item_get(item, TC_F_RESULT);
				if (payload && tc_payload_compact(&new_payload, payload, params->output_trim_bytes, NULL)) {
					tc_replace_in_list(&new_results, results, item, item_key, item_index, TC_F_RESULT, &new_payload);
					first_id = id; /* walking backwards: the last one met stands first */
					first_tool = tool;
				}
			} ZEND_HASH_FOREACH_END();
		}

		/* Calls, last to first, in the exact reverse of tc_walker_index(). */
		calls = tc_item_get_list(message, TC_F_TOOL_CALLS);
		if (calls) {
			ZEND_HASH_REVERSE_FOREACH_KEY_VAL(calls, item_index, item_key, item) {
				uint32_t group;

				ZVAL_DEREF(item);
				if (!tc_takes_part(item, &id, &tool)) {
					continue;
				}
				group = w.call_groups[--w.call_count];
				if (tc_params_excluded(params, tool) || zend_hash_exists(&w.protected_ids, id)) {
					continue;
				}
				if (!tc_walker_see(&w, group, &seen_capacity)) {
					zend_hash_add_empty_element(&w.protected_ids, id);
					continue;
				}
				payload = tc_item_get(item, TC_F_ARGUMENTS);
				if (payload && tc_payload_compact(&new_payload, payload, params->input_trim_bytes,
						tc_params_id_fields(params, tool))) {
					tc_replace_in_list(&new_calls, calls, item, item_key, item_index, TC_F_ARGUMENTS, &new_payload);
				}
			} ZEND_HASH_FOREACH_END();
		}

		if (Z_TYPE(new_calls) == IS_UNDEF && Z_TYPE(new_results) == IS_UNDEF) {
			continue;
		}
		tc_item_copy(&new_message, message);
		if (Z_TYPE(new_calls) != IS_UNDEF) {
			tc_item_set(&new_message, TC_F_TOOL_CALLS, &new_calls);
		}
		if (Z_TYPE(new_results) != IS_UNDEF) {
			tc_item_set(&new_message, TC_F_TOOL_RESULTS, &new_results);
			role = tc_item_get_str(message, TC_F_ROLE);
			if (first_id && role && zend_string_equals(role, tc_keys[TC_V_TOOL])) {
				tc_placeholder(&content, first_tool, first_id);
				tc_item_set(&new_message, TC_F_CONTENT, &content);
			}
		}
		if (Z_TYPE_P(out) == IS_UNDEF) {
			ZVAL_ARR(out, zend_array_dup(ht));
		}
		if (msg_key) {
			zend_hash_update(Z_ARRVAL_P(out), msg_key, &new_message);
		} else {
			zend_hash_index_update(Z_ARRVAL_P(out), msg_index, &new_message);
		}
	} ZEND_HASH_FOREACH_END();

	if (Z_TYPE_P(out) == IS_UNDEF) {
		ZVAL_COPY(out, history);
	}
	tc_walker_dtor(&w);
}
