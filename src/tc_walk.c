#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "tc_access.h"
#include "tc_estimate.h"
#include "tc_group.h"
#include "tc_json.h"
#include "tc_payload.h"
#include "tc_sha256.h"
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
	zend_hash_init(&w->group_ids, 32, NULL, NULL, 0);
	zend_hash_init(&w->call_index, 32, NULL, NULL, 0);
	zend_hash_init(&w->protected_ids, 32, NULL, NULL, 0);
	tc_access_init(&w->access);
}

void tc_walker_dtor(tc_walker *w)
{
	zval_ptr_dtor(&w->omits);
	zval_ptr_dtor(&w->queue);
	zend_hash_destroy(&w->group_ids);
	zend_hash_destroy(&w->call_index);
	zend_hash_destroy(&w->protected_ids);
	if (w->call_groups) {
		efree(w->call_groups);
	}
	if (w->kept) {
		efree(w->kept);
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

/* One more occurrence of group met, newest first: returns true, counting
 * it, while fewer than keepLatestPerGroup occurrences were kept. */
static bool tc_walker_keep(tc_walker *w, uint32_t group)
{
	if (group >= w->kept_capacity) {
		uint32_t capacity = MAX(group + 1, w->kept_capacity * 2);

		w->kept = safe_erealloc(w->kept, capacity, sizeof(uint32_t), 0);
		memset(w->kept + w->kept_capacity, 0, (capacity - w->kept_capacity) * sizeof(uint32_t));
		w->kept_capacity = capacity;
	}
	if (w->kept[group] >= (zend_ulong) w->params->keep_latest) {
		return 0;
	}
	w->kept[group]++;
	return 1;
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

/* Queues one value for onOmit: [sha256, json, where] (all borrowed). */
static void tc_walker_queue(tc_walker *w, zend_string *sha, zend_string *json, zend_string *id, zend_string *tool, zval *field, const char *kind)
{
	zval record, where;

	array_init_size(&where, 5);
	add_assoc_long_ex(&where, ZEND_STRL("messageIndex"), w->message_index);
	add_assoc_str_ex(&where, ZEND_STRL("callId"), zend_string_copy(id));
	add_assoc_str_ex(&where, ZEND_STRL("tool"), zend_string_copy(tool));
	Z_TRY_ADDREF_P(field);
	add_assoc_zval_ex(&where, ZEND_STRL("field"), field);
	add_assoc_string_ex(&where, ZEND_STRL("payload"), kind);
	array_init_size(&record, 3);
	add_next_index_str(&record, zend_string_copy(sha));
	add_next_index_str(&record, zend_string_copy(json));
	add_next_index_zval(&record, &where);
	add_next_index_zval(&w->queue, &record);
}

/* Queues the values of jsons (omitted key => JSON) with their sha256 from
 * the meta of the new payload. */
static void tc_walker_queue_payload(tc_walker *w, zval *jsons, zval *new_payload, zend_string *id, zend_string *tool, const char *kind)
{
	zval *json, *meta, *fields, *entry, field;
	zend_string *str_key;
	zend_ulong num_key;

	meta = zend_hash_find_known_hash(Z_ARRVAL_P(new_payload), tc_keys[TC_K_META]);
	fields = zend_hash_find_known_hash(Z_ARRVAL_P(meta), tc_keys[TC_K_OMITTED_FIELDS]);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(jsons), num_key, str_key, json) {
		if (str_key) {
			entry = zend_hash_find(Z_ARRVAL_P(fields), str_key);
			ZVAL_STR(&field, str_key);
		} else {
			entry = zend_hash_index_find(Z_ARRVAL_P(fields), num_key);
			ZVAL_LONG(&field, (zend_long) num_key);
		}
		tc_walker_queue(w, Z_STR_P(zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256])),
			Z_STR_P(json), id, tool, &field, kind);
	} ZEND_HASH_FOREACH_END();
}

/*
 * Compacts the payload field f of item (an element of items under key or
 * index) into the new items *items_out: the payload compacted with
 * threshold and keep, the item copied with it. Counts the omitted fields
 * and queues their values for onOmit. Returns whether the item was
 * replaced.
 */
static bool tc_walker_compact_item(tc_walker *w, zval *items_out, HashTable *items, zval *item,
		zend_string *key, zend_ulong index, tc_field f, zend_long threshold, const tc_id_fields *keep,
		zend_string *id, zend_string *tool)
{
	zval *payload = tc_item_get(item, f), new_payload, jsons, *queue = NULL;
	uint32_t omitted;
	bool replaced;

	if (!payload) {
		return 0;
	}
	if (Z_TYPE(w->omits) != IS_UNDEF) {
		queue = &jsons;
	}
	omitted = tc_payload_compact(&new_payload, payload, threshold, keep, queue);
	if (!omitted) {
		return 0;
	}
	Z_ADDREF(new_payload);
	replaced = tc_replace_item(items_out, items, item, key, index, f, &new_payload);
	if (replaced) {
		w->stats.fields_omitted += omitted;
		if (queue) {
			tc_walker_queue_payload(w, queue, &new_payload, id, tool, f == TC_F_RESULT ? "result" : "arguments");
		}
	}
	if (queue) {
		zval_ptr_dtor(queue);
	}
	zval_ptr_dtor(&new_payload);
	return replaced;
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

static void tc_placeholder(zval *content, zend_string *tool, zend_string *id)
{
	smart_str buf = {0};

	smart_str_appendl(&buf, ZEND_STRL(TC_PLACEHOLDER_PREFIX));
	smart_str_append(&buf, tool);
	smart_str_appendl(&buf, ZEND_STRL(", callId="));
	smart_str_append(&buf, id);
	smart_str_appendl(&buf, ZEND_STRL(". Large fields omitted."));
	ZVAL_STR(content, smart_str_extract(&buf));
}

/* Compacts the results (last to first) into *new_items; *first receives the
 * placeholder naming the compacted result that stands first in the list,
 * *first_key / *first_index that result's key (an integer key when
 * *first_key is NULL). */
static void tc_walk_results(tc_walker *w, HashTable *results, zval *new_items, zval *first, zend_string **first_key, zend_ulong *first_index)
{
	zval *entry, item, *indexed;
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
		if (tc_walker_keep(w, group)) {
			zend_hash_add_empty_element(&w->protected_ids, id);
			zval_ptr_dtor(&item);
			continue;
		}
		if (w->frozen || !w->params->compact_outputs) {
			zval_ptr_dtor(&item);
			continue;
		}
		/* id and tool may not outlive user code run while measuring */
		zend_string_addref(id);
		zend_string_addref(tool);
		if (tc_walker_compact_item(w, new_items, results, &item, key, index, TC_F_RESULT,
				w->params->output_trim_bytes, NULL, id, tool)) {
			w->stats.results_compacted++;
			/* walking backwards: the last one met stands first */
			zval_ptr_dtor(first);
			tc_placeholder(first, tool, id);
			*first_key = key;
			*first_index = index;
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
	zval *entry, item;
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
		} else if (tc_walker_keep(w, group)) {
			zend_hash_add_empty_element(&w->protected_ids, id);
		} else if (!w->frozen && w->params->compact_inputs) {
			zend_string_addref(id);
			zend_string_addref(tool);
			if (tc_walker_compact_item(w, new_items, calls, &item, key, index, TC_F_ARGUMENTS,
					w->params->input_trim_bytes, tc_params_id_fields(w->params, tool), id, tool)) {
				w->stats.calls_compacted++;
			}
			zend_string_release(id);
			zend_string_release(tool);
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
 * With onOmit configured, the original content of a tool message that gets
 * the placeholder is offered to onOmit too, and recorded as
 * content => [bytes, sha256] in the meta of the result the placeholder
 * names (the new item under key/index of new_results, owned by the pass),
 * so that toolcompact_restore() can put it back. A content that is already
 * a placeholder is not recorded again.
 */
static void tc_walk_record_content(tc_walker *w, zval *message, zval *new_results, zend_string *key, zend_ulong index)
{
	zval *content = tc_item_get(message, TC_F_CONTENT), *item, *payload, *meta, entry, field;
	zend_string *json, *hex;

	if (!content || Z_TYPE_P(content) != IS_STRING
			|| zend_string_starts_with_literal(Z_STR_P(content), TC_PLACEHOLDER_PREFIX)
			|| !(json = tc_json_encode(content))) {
		return;
	}
	item = key ? zend_hash_find(Z_ARRVAL_P(new_results), key) : zend_hash_index_find(Z_ARRVAL_P(new_results), index);
	payload = tc_item_get(item, TC_F_RESULT);
	SEPARATE_ARRAY(payload);
	meta = zend_hash_find_known_hash(Z_ARRVAL_P(payload), tc_keys[TC_K_META]);
	SEPARATE_ARRAY(meta);

	hex = zend_string_alloc(TC_SHA256_HEX_LEN, 0);
	tc_sha256_hex(ZSTR_VAL(json), ZSTR_LEN(json), ZSTR_VAL(hex));
	array_init_size(&entry, 2);
	add_assoc_long_ex(&entry, ZEND_STRL("bytes"), (zend_long) Z_STRLEN_P(content));
	add_assoc_str_ex(&entry, ZEND_STRL("sha256"), hex);
	zend_hash_update(Z_ARRVAL_P(meta), tc_keys[TC_F_CONTENT], &entry);

	ZVAL_STR(&field, tc_keys[TC_F_CONTENT]);
	tc_walker_queue(w, hex, json, tc_item_get_str(item, TC_F_ID), tc_item_get_str(item, TC_F_TOOL_NAME), &field, "content");
	zend_string_release(json);
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
	zend_string *role, *first_key = NULL;
	zend_ulong first_index = 0;
	bool ok = 1;

	/* Both lists are held while user code may run (see tc_walk()): the
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
		tc_walk_results(w, results, &new_results, &first, &first_key, &first_index);
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
			role = tc_item_get_str(message, TC_F_ROLE);
			bool placeholder = ok && role && zend_string_equals(role, tc_keys[TC_V_TOOL]);

			if (placeholder && Z_TYPE(w->omits) != IS_UNDEF) {
				tc_walk_record_content(w, message, &new_results, first_key, first_index);
			}
			if (ok) {
				ok = tc_set_list(new_message, TC_F_TOOL_RESULTS, &results_orig, &new_results);
			} else {
				zval_ptr_dtor(&new_results);
			}
			if (ok && placeholder) {
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

/* Adds before - after of a changed message to the saved estimates. */
static zend_result tc_walker_measure(tc_walker *w, zval *message, zval *new_message)
{
	tc_size before = {0, 0}, after = {0, 0};

	if (tc_estimate_message(&w->access, w->params, message, w->measure_tokens, &before) == FAILURE
			|| tc_estimate_message(&w->access, w->params, new_message, w->measure_tokens, &after) == FAILURE) {
		return FAILURE;
	}
	w->stats.saved_bytes += before.bytes - after.bytes;
	w->stats.saved_tokens += before.tokens - after.tokens;
	return SUCCESS;
}

/*
 * User code can run during the walk (a JsonSerializable inside a payload is
 * called while its field is measured, a collection's iterator or
 * constructor, a tokenCounter) and may write to the history through PHP
 * references. So the walk holds one more reference on every array it is
 * inside of (the message, the list, the item, the payload): a write then
 * separates that array instead of changing what is being walked.
 */
zend_result tc_walk(tc_walker *w, HashTable *history, zval *new_history)
{
	zval *entry, message, new_message;
	zend_string *key;
	zend_ulong index;
	zend_long count = zend_hash_num_elements(history);
	zend_result result = SUCCESS;

	tc_walker_index(w, history);
	ZVAL_UNDEF(new_history);
	w->message_index = count;

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(history, index, key, entry) {
		tc_walk_stats before = w->stats;

		w->message_index--;
		w->frozen = w->message_index >= count - w->params->keep_recent;
		ZVAL_COPY_DEREF(&message, entry);
		if (!tc_access_readable(&w->access, &message)) {
			zval_ptr_dtor(&message);
			continue;
		}
		if (!tc_walk_message(w, &message, &new_message)) {
			tc_walker_settle(w, &before, 0);
			zval_ptr_dtor(&message);
			continue;
		}
		if (w->measure && tc_walker_measure(w, &message, &new_message) == FAILURE) {
			zval_ptr_dtor(&new_message);
			zval_ptr_dtor(&message);
			result = FAILURE;
			break;
		}
		if (Z_TYPE_P(new_history) == IS_UNDEF) {
			ZVAL_ARR(new_history, zend_array_dup(history));
		}
		tc_hash_update_key(Z_ARRVAL_P(new_history), key, index, &new_message);
		tc_walker_settle(w, &before, 1);
		w->stats.messages_changed++;
		w->stats.first_changed = w->message_index;
		zval_ptr_dtor(&message);
	} ZEND_HASH_FOREACH_END();

	if (result == FAILURE) {
		zval_ptr_dtor(new_history);
		ZVAL_UNDEF(new_history);
	}
	return result;
}
