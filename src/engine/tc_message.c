#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "../json/tc_json.h"
#include "tc_payload.h"
#include "tc_message.h"
#include "../digest/tc_digest.h"
#include "../formats/tc_node.h"

/* Puts into the new items *items_out (a copy of items, made on first use) a
 * copy of item, the element of items under the key of at, whose field f is
 * value (taken over). Returns false, changing nothing, when the item cannot
 * hold the value. */
static bool tc_replace_item(zval *items_out, HashTable *items, const tc_swap *at, zval *item, tc_field f, zval *value)
{
	tc_swap swap = *at;

	if (!tc_item_copy_set(&swap.value, item, f, value)) {
		zval_ptr_dtor(value);
		return 0;
	}
	if (Z_TYPE_P(items_out) == IS_UNDEF) {
		ZVAL_ARR(items_out, tc_array_copy_swapping(items, &swap, 1));
	} else {
		tc_hash_replace_key(Z_ARRVAL_P(items_out), swap.key, swap.index, &swap.value);
	}
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
 * the meta of the new payload, then the whole payload's JSON (whole, NULL:
 * none) with the sha256 of the meta's text record. */
static void tc_walker_queue_payload(tc_walker *w, zval *jsons, zval *new_payload, zend_string *id, zend_string *tool,
		zend_string *whole, const char *kind)
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
	if (whole) {
		entry = zend_hash_find_known_hash(Z_ARRVAL_P(meta), tc_fkeys[TC_FK_TEXT]);
		ZVAL_NULL(&field);
		tc_walker_queue(w, Z_STR_P(zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256])),
			whole, id, tool, &field, kind);
	}
}

/*
 * Compacts the payload field f of item (the element of items under the key
 * of at)
 * into the new items *items_out: the payload compacted with
 * threshold and keep, the item copied with it. Counts the omitted fields
 * and queues their values for onOmit. Returns whether the item was
 * replaced.
 */
static bool tc_walker_compact_item(tc_walker *w, zval *items_out, HashTable *items, const tc_swap *at, zval *item,
		tc_field f, zend_long threshold, const tc_id_fields *keep,
		zend_string *id, zend_string *tool, bool *omitted)
{
	zval *payload = tc_item_get(item, f), new_payload, jsons, *queue = NULL;
	zend_string *whole = NULL;
	tc_payload_counts counts;
	bool replaced;

	if (!payload) {
		return 0;
	}
	ZVAL_UNDEF(&jsons);
	if (Z_TYPE(w->omits) != IS_UNDEF) {
		queue = &jsons;
	}
	if (!tc_payload_compact(&new_payload, payload, threshold, keep, w->params, &counts, queue,
			queue && w->whole_records ? &whole : NULL)) {
		return 0;
	}
	/* SPEC Part 4: with an option of ours, a payload is never made larger */
	replaced = !w->never_larger || tc_payload_shorter(&new_payload, payload);
	if (replaced) {
		Z_ADDREF(new_payload);
		replaced = tc_replace_item(items_out, items, at, item, f, &new_payload);
	}
	if (replaced) {
		w->stats.fields_omitted += counts.omitted;
		w->stats.fields_previewed += counts.previewed;
		w->stats.fields_collapsed += counts.collapsed;
		*omitted = counts.omitted > 0;
		if (queue && counts.omitted) {
			tc_walker_queue_payload(w, queue, &new_payload, id, tool, whole, f == TC_F_RESULT ? "result" : "arguments");
		}
	}
	if (queue) {
		zval_ptr_dtor(queue);
	}
	if (whole) {
		zend_string_release(whole);
	}
	tc_release_copy(&new_payload);
	return replaced;
}

static void tc_placeholder(zval *content, zend_string *tool, zend_string *id)
{
	static const char prefix[] = TC_PLACEHOLDER_PREFIX, middle[] = ", callId=", suffix[] = ". Large fields omitted.";
	/* exactly its length: the placeholder stays in the output (a smart_str
	 * would keep its 256-byte first block) */
	zend_string *str = zend_string_alloc(zend_safe_address_guarded(1, ZSTR_LEN(tool),
		sizeof(prefix) + sizeof(middle) + sizeof(suffix) - 3 + ZSTR_LEN(id)), 0);
	char *p = ZSTR_VAL(str);

	memcpy(p, prefix, sizeof(prefix) - 1);
	p += sizeof(prefix) - 1;
	memcpy(p, ZSTR_VAL(tool), ZSTR_LEN(tool));
	p += ZSTR_LEN(tool);
	memcpy(p, middle, sizeof(middle) - 1);
	p += sizeof(middle) - 1;
	memcpy(p, ZSTR_VAL(id), ZSTR_LEN(id));
	p += ZSTR_LEN(id);
	memcpy(p, suffix, sizeof(suffix));
	ZVAL_STR(content, str);
}

/* The compacted result that stands first in a message's list: the
 * placeholder content naming it, and its key (an integer key when key is
 * NULL). */
typedef struct _tc_first {
	zval         content;
	zend_string *key;
	zend_ulong   index;
} tc_first;

/*
 * Compacts, last to first, the items of a list whose flag in compact is set
 * (count flags, list order) into the new items *new_items: field f of each,
 * the results' or the calls' way. For results, first (else NULL) receives
 * the one that stands first. sum (count items, list order) has the id and
 * toolName of an array item when the list is plain (tc_sum).
 */
static void tc_rewrite_list(tc_walker *w, HashTable *items, const bool *compact, const tc_sum_item *sum,
		bool plain, uint32_t count, tc_field f, zval *new_items, tc_first *first)
{
	zval *entry, item;
	zend_string *key, *id, *tool;
	zend_ulong index;
	uint32_t pos = zend_hash_num_elements(items);
	bool results = f == TC_F_RESULT;

	/* the list is held: its size cannot change while it is walked */
	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(items, index, key, entry) {
		pos--;
		if (pos >= count || !compact[pos]) {
			continue;
		}
		if (plain && Z_TYPE_P(entry) == IS_ARRAY) {
			/* as summarised: only a flagged item that takes part is here */
			id = sum[pos].id;
			tool = sum[pos].tool;
			ZEND_ASSERT(id && tool);
			ZVAL_COPY(&item, entry);
		} else {
			ZVAL_COPY_DEREF(&item, entry);
			if (!tc_takes_part(&w->access, &item, &id, &tool)) {
				id = NULL;
			}
		}
		if (id) {
			tc_swap at = {.key = key, .index = index};

			/* id and tool may not outlive user code run while measuring */
			zend_string_addref(id);
			zend_string_addref(tool);
			bool omitted = 0;

			if (!tc_walker_compact_item(w, new_items, items, &at, &item, f,
					results ? w->params->output_trim_bytes : w->params->input_trim_bytes,
					results ? NULL : tc_params_id_fields(w->params, tool), id, tool, &omitted)) {
				/* nothing changed */
			} else if (!results) {
				w->stats.calls_compacted++;
			} else if (w->stats.results_compacted++, omitted) {
				/* the placeholder names a result whose fields were omitted */
				/* walking backwards: the last one met stands first */
				zval_ptr_dtor(&first->content);
				tc_placeholder(&first->content, tool, id);
				first->key = key;
				first->index = index;
			}
			zend_string_release(id);
			zend_string_release(tool);
		}
		tc_release_copy(&item);
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
	item = tc_hash_find_key(Z_ARRVAL_P(new_results), key, index);
	payload = tc_item_get(item, TC_F_RESULT);
	SEPARATE_ARRAY(payload);
	meta = zend_hash_find_known_hash(Z_ARRVAL_P(payload), tc_keys[TC_K_META]);
	SEPARATE_ARRAY(meta);

	hex = tc_digest_of(content, json);
	tc_payload_entry(&entry, Z_STRLEN_P(content), hex);
	zend_hash_update(Z_ARRVAL_P(meta), tc_keys[TC_F_CONTENT], &entry);

	ZVAL_STR(&field, tc_keys[TC_F_CONTENT]);
	tc_walker_queue(w, hex, json, tc_item_get_str(item, TC_F_ID), tc_item_get_str(item, TC_F_TOOL_NAME), &field, "content");
	zend_string_release(json);
}

/* Whether message, whose results list changed (new_results defined), gets
 * the placeholder content: a tool message (SPEC, "Tool message content"). */
static bool tc_gets_placeholder(zval *message, const zval *new_results)
{
	zend_string *role;

	if (Z_TYPE_P(new_results) == IS_UNDEF) {
		return 0;
	}
	role = tc_item_get_str(message, TC_F_ROLE);
	return role && zend_string_equals(role, tc_keys[TC_V_TOOL]);
}

/* Makes *new_message a copy of the array message whose fields toolCalls,
 * toolResults and content hold new_calls, new_results and content, those
 * of them that are defined (taken over: left undefined). */
static void tc_message_copy(zval *new_message, zval *message, zval *new_calls, zval *new_results, zval *content)
{
	static const tc_field fields[] = {TC_F_TOOL_CALLS, TC_F_TOOL_RESULTS, TC_F_CONTENT};
	zval *values[] = {new_calls, new_results, content};
	tc_swap swaps[3];
	uint32_t i, n = 0;

	for (i = 0; i < 3; i++) {
		if (Z_TYPE_P(values[i]) != IS_UNDEF) {
			tc_swap_field(&swaps[n++], fields[i], values[i]);
			ZVAL_UNDEF(values[i]);
		}
	}
	ZVAL_ARR(new_message, tc_array_copy_swapping(Z_ARRVAL_P(message), swaps, n));
}

bool tc_rewrite_message(tc_walker *w, tc_sum *sum, const bool *compact, zval *new_message)
{
	zval *message = &sum->message;
	zval *calls_zv = tc_sum_list(sum, TC_F_TOOL_CALLS), *results_zv, calls_orig, results_orig;
	zval new_calls, new_results;
	HashTable *calls, *results;
	tc_first first;
	bool ok = 1;

	/* Both lists are held while user code may run (see tc_walk.h): the
	 * copies below hold an array list; a collection's items are held by
	 * w->access until the end of the pass. */
	ZVAL_COPY(&calls_orig, calls_zv ? calls_zv : &EG(uninitialized_zval));
	results_zv = tc_sum_list(sum, TC_F_TOOL_RESULTS);
	ZVAL_COPY(&results_orig, results_zv ? results_zv : &EG(uninitialized_zval));
	results = tc_list_items(&w->access, &results_orig);
	calls = tc_list_items(&w->access, &calls_orig);

	ZVAL_UNDEF(&new_calls);
	ZVAL_UNDEF(&new_results);
	ZVAL_UNDEF(&first.content);
	first.key = NULL;
	first.index = 0;
	if (results) {
		tc_rewrite_list(w, results, compact, sum->item, sum->plain & (1 << TC_SUM_RESULTS), sum->results,
			TC_F_RESULT, &new_results, &first);
	}
	if (calls) {
		tc_rewrite_list(w, calls, compact + sum->results, sum->item + sum->results, sum->plain & (1 << TC_SUM_CALLS),
			sum->calls, TC_F_ARGUMENTS, &new_calls, NULL);
	}

	if (Z_TYPE(new_calls) == IS_UNDEF && Z_TYPE(new_results) == IS_UNDEF) {
		ok = 0;
	} else if (Z_TYPE_P(message) == IS_ARRAY && (Z_TYPE(new_calls) == IS_UNDEF || Z_TYPE(calls_orig) == IS_ARRAY)
			&& (Z_TYPE(new_results) == IS_UNDEF || Z_TYPE(results_orig) == IS_ARRAY)) {
		/* the lists are the new arrays themselves (tc_list_make()), and an
		 * array takes any value (tc_item_set()): copied in one go */
		if (Z_TYPE(first.content) == IS_UNDEF || !tc_gets_placeholder(message, &new_results)) {
			zval_ptr_dtor(&first.content);
			ZVAL_UNDEF(&first.content);
		} else if (Z_TYPE(w->omits) != IS_UNDEF) {
			tc_walk_record_content(w, message, &new_results, first.key, first.index);
		}
		tc_message_copy(new_message, message, &new_calls, &new_results, &first.content);
	} else {
		ok = tc_item_copy(new_message, message);
		if (!ok) {
			zval_ptr_dtor(&new_calls);
		} else if (Z_TYPE(new_calls) != IS_UNDEF) {
			ok = tc_set_list(new_message, TC_F_TOOL_CALLS, &calls_orig, &new_calls);
		}
		if (Z_TYPE(new_results) != IS_UNDEF) {
			bool placeholder = ok && Z_TYPE(first.content) != IS_UNDEF && tc_gets_placeholder(message, &new_results);

			if (placeholder && Z_TYPE(w->omits) != IS_UNDEF) {
				tc_walk_record_content(w, message, &new_results, first.key, first.index);
			}
			if (ok) {
				ok = tc_set_list(new_message, TC_F_TOOL_RESULTS, &results_orig, &new_results);
			} else {
				zval_ptr_dtor(&new_results);
			}
			if (ok && placeholder) {
				ok = tc_item_set(new_message, TC_F_CONTENT, &first.content);
				if (ok) {
					ZVAL_UNDEF(&first.content);
				}
			}
		}
		if (!ok && Z_TYPE_P(new_message) != IS_UNDEF) {
			zval_ptr_dtor(new_message);
		}
	}
	zval_ptr_dtor(&first.content);
	tc_release_copy(&calls_orig);
	tc_release_copy(&results_orig);
	return ok;
}
