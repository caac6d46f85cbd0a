#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "../engine/tc_walk.h"
#include "tc_fcache.h"
#include "tc_fview.h"

/* The role of an entry's message in the view: "user" for a turn (a user
 * entry that holds no result), else none. */
static zend_string *tc_fview_role(tc_fentry *e, bool results)
{
	return e->role && zend_string_equals(e->role, tc_fkeys[TC_FV_USER]) && !results ? e->role : NULL;
}

/* Adds the view of item (with the payload the walk sees) to list. */
static void tc_fview_item(HashTable *list, tc_fitem *item)
{
	zval entry, value;

	array_init_size(&entry, 3);
	if (item->id) {
		ZVAL_STR_COPY(&value, item->id);
		zend_hash_add_new(Z_ARRVAL(entry), tc_keys[TC_F_ID], &value);
	}
	if (item->name) {
		ZVAL_STR_COPY(&value, item->name);
		zend_hash_add_new(Z_ARRVAL(entry), tc_keys[TC_F_TOOL_NAME], &value);
	}
	if (item->kind != TC_PL_NONE) {
		Z_TRY_ADDREF(item->view);
		zend_hash_add_new(Z_ARRVAL(entry), tc_keys[item->call ? TC_F_ARGUMENTS : TC_F_RESULT], &item->view);
	}
	zend_hash_next_index_insert_new(list, &entry);
}

static void tc_fview_message(tc_fentry *e, zval *message)
{
	zval calls, results, value;
	zend_string *role;
	uint32_t i, n[2] = {0, 0};

	for (i = 0; i < e->count; i++) {
		n[e->items[i].call]++;
	}
	/* an empty list is the engine's shared empty array, which nothing writes */
	if (n[1]) {
		array_init_size(&calls, n[1]);
	} else {
		ZVAL_EMPTY_ARRAY(&calls);
	}
	if (n[0]) {
		array_init_size(&results, n[0]);
	} else {
		ZVAL_EMPTY_ARRAY(&results);
	}
	for (i = 0; i < e->count; i++) {
		tc_fview_item(Z_ARRVAL(e->items[i].call ? calls : results), &e->items[i]);
	}
	array_init_size(message, 4);
	if ((role = tc_fview_role(e, zend_hash_num_elements(Z_ARRVAL(results)) > 0))) {
		ZVAL_STR_COPY(&value, role);
		zend_hash_add_new(Z_ARRVAL_P(message), tc_keys[TC_F_ROLE], &value);
	}
	if (e->content) {
		ZVAL_COPY(&value, e->content);
		zend_hash_add_new(Z_ARRVAL_P(message), tc_keys[TC_F_CONTENT], &value);
	}
	zend_hash_add_new(Z_ARRVAL_P(message), tc_keys[TC_F_TOOL_CALLS], &calls);
	zend_hash_add_new(Z_ARRVAL_P(message), tc_keys[TC_F_TOOL_RESULTS], &results);
}

void tc_fview_init(tc_fview *v, tc_format format, zval *history, const tc_params *params, bool lazy, bool cache)
{
	zval message;
	uint32_t i;

	v->history = history;
	v->params = params;
	v->saved = NULL;
	v->tokens = v->threw = 0;
	tc_fread(&v->reader, format, Z_ARRVAL_P(history), lazy ? params : NULL, cache);
	array_init_size(&v->view, v->reader.entry_count);
	for (i = 0; i < v->reader.entry_count; i++) {
		tc_fentry *e = &v->reader.entries[i];
		tc_fcached *record = e->cached;

		if (record && (e->same ? Z_TYPE(record->message) != IS_UNDEF : tc_fcache_message_still(record, e))) {
			/* the same array as on the last call: the memo knows it */
			ZVAL_COPY(&message, &record->message);
		} else {
			tc_fview_message(e, &message);
			if (record) {
				tc_fcache_keep_message(record, e, &message);
			}
		}
		e->message = Z_ARR(message);
		zend_hash_next_index_insert_new(Z_ARRVAL(v->view), &message);
	}
	zend_hash_init(&v->records, 0, NULL, ZVAL_PTR_DTOR, 0);
}

void tc_fview_dtor(tc_fview *v)
{
	zval_ptr_dtor(&v->view);
	tc_freader_dtor(&v->reader);
	zend_hash_destroy(&v->records);
}

/* The j-th call or result of view message i (an array of the view's own). */
static zval *tc_fview_item_of(tc_fview *v, uint32_t i, bool call, uint32_t j)
{
	zval *message = zend_hash_index_find(Z_ARRVAL(v->view), i);
	zval *list = zend_hash_find_known_hash(Z_ARRVAL_P(message), tc_keys[call ? TC_F_TOOL_CALLS : TC_F_TOOL_RESULTS]);

	return zend_hash_index_find(Z_ARRVAL_P(list), j);
}

void tc_fview_prepare(void *ctx, const tc_walker *w)
{
	tc_fview *v = ctx;
	uint32_t i, j, calls, results;

	/* (the cache's items are decoded) */
	for (i = v->reader.undecoded; i < v->reader.entry_count; i++) {
		tc_fentry *e = &v->reader.entries[i];

		calls = results = 0;
		for (j = 0; j < e->count; j++) {
			tc_fitem *item = &e->items[j];
			uint32_t pos = item->call ? calls++ : results++;
			zval *entry;
			tc_field f = item->call ? TC_F_ARGUMENTS : TC_F_RESULT;

			if (item->kind != TC_PL_PENDING || !tc_walk_flagged(w, i, item->call, pos)) {
				continue;
			}
			if (!v->params->collapse && tc_jtext_small(Z_STR(item->view),
					item->call ? v->params->input_trim_bytes : v->params->output_trim_bytes)) {
				continue; /* nothing to omit: the walk leaves the text as it is */
			}
			entry = tc_fview_item_of(v, i, item->call, pos);
			/* the view's own item, which nothing else holds: changed in place
			 * for the rewrite step to read */
			if (GC_REFCOUNT(Z_ARR_P(entry)) != 1) {
				continue;
			}
			tc_fread_settle(item, v->reader.format);
			if (item->kind == TC_PL_NONE) {
				zend_hash_del(Z_ARRVAL_P(entry), tc_keys[f]);
			} else {
				Z_TRY_ADDREF(item->view);
				zend_hash_update(Z_ARRVAL_P(entry), tc_keys[f], &item->view);
			}
		}
	}
}

/* The key of the payload an onOmit record's where names. */
static zend_string *tc_fview_where_key(zval *record)
{
	zval *where = zend_hash_index_find(Z_ARRVAL_P(record), 2);
	zval *position = zend_hash_str_find(Z_ARRVAL_P(where), ZEND_STRL("messageIndex"));
	zval *id = zend_hash_str_find(Z_ARRVAL_P(where), ZEND_STRL("callId"));
	zval *kind = zend_hash_str_find(Z_ARRVAL_P(where), ZEND_STRL("payload"));

	return zend_strpprintf(0, ZEND_LONG_FMT "/%s/%s", Z_LVAL_P(position), Z_STRVAL_P(kind), Z_STRVAL_P(id));
}

/* Puts each whole-text record right after the last record of its payload
 * in the onOmit list. */
static void tc_fview_merge_records(tc_fview *v, zval *omits)
{
	zval merged, *record, *extra;
	zend_string *key, *last = NULL;

	array_init(&merged);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(omits), record) {
		key = tc_fview_where_key(record);
		if (last && !zend_string_equals(last, key) && (extra = zend_hash_find(&v->records, last))) {
			Z_TRY_ADDREF_P(extra);
			zend_hash_next_index_insert(Z_ARRVAL(merged), extra);
		}
		if (last) {
			zend_string_release(last);
		}
		last = key;
		Z_TRY_ADDREF_P(record);
		zend_hash_next_index_insert(Z_ARRVAL(merged), record);
	} ZEND_HASH_FOREACH_END();
	if (last) {
		if ((extra = zend_hash_find(&v->records, last))) {
			Z_TRY_ADDREF_P(extra);
			zend_hash_next_index_insert(Z_ARRVAL(merged), extra);
		}
		zend_string_release(last);
	}
	zval_ptr_dtor(omits);
	ZVAL_COPY_VALUE(omits, &merged);
}

/* The payload of the j-th call or result of a new view message, or NULL. */
static zval *tc_fview_new_payload(zval *message, bool call, uint32_t j)
{
	zval *list = zend_hash_find_known_hash(Z_ARRVAL_P(message), tc_keys[call ? TC_F_TOOL_CALLS : TC_F_TOOL_RESULTS]);
	zval *item = list ? zend_hash_index_find(Z_ARRVAL_P(list), j) : NULL;

	return item ? zend_hash_find_known_hash(Z_ARRVAL_P(item), tc_keys[call ? TC_F_ARGUMENTS : TC_F_RESULT]) : NULL;
}

zend_result tc_fview_write(void *ctx, zval *out, zval *new_view, zval *omits, zend_long *saved, bool tokens)
{
	tc_fview *v = ctx;
	zval *message, root;
	uint32_t i = 0, j, calls, results;
	bool records = Z_TYPE_P(omits) == IS_ARRAY;

	v->saved = saved;
	v->tokens = tokens;
	ZVAL_UNDEF(out);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(new_view), message) {
		tc_fentry *e = &v->reader.entries[i];
		bool changed = 0;

		tc_fcached *record = records || v->threw ? NULL : e->cached;
		zend_long before[2] = {0, 0};

		if (Z_ARR_P(message) == e->message) {
			/* unchanged */
		} else if (record && Z_TYPE(record->written_for) == IS_ARRAY && Z_ARR(record->written_for) == Z_ARR_P(message)
				&& (!saved || (record->saved_known && (!tokens || record->saved_tokens)))) {
			/* written back before, for the same message of the walk */
			if (saved) {
				saved[0] += record->saved[0];
				saved[1] += tokens ? record->saved[1] : 0;
			}
			if (Z_TYPE(record->written) != IS_UNDEF) {
				if (Z_TYPE_P(out) == IS_UNDEF) {
					ZVAL_ARR(out, zend_array_dup(Z_ARRVAL_P(v->history)));
				}
				Z_TRY_ADDREF(record->written);
				tc_hash_replace_key(Z_ARRVAL_P(out), e->key, e->index, &record->written);
			}
		} else {
			if (saved) {
				before[0] = saved[0];
				before[1] = saved[1];
			}
			ZVAL_COPY(&root, e->entry);
			calls = results = 0;
			for (j = 0; j < e->count; j++) {
				tc_fitem *item = &e->items[j];
				zval *payload = tc_fview_new_payload(message, item->call, item->call ? calls++ : results++);

				if (!v->threw && payload && Z_TYPE_P(payload) == IS_ARRAY && Z_TYPE(item->view) == IS_ARRAY
						&& Z_ARR_P(payload) != Z_ARR(item->view)) {
					changed |= tc_fpayload_write(v, item, i, payload, &root, records);
				}
			}
			if (record && !v->threw) {
				/* kept for the next call that gets this message again */
				zval_ptr_dtor(&record->written_for);
				zval_ptr_dtor(&record->written);
				ZVAL_COPY(&record->written_for, message);
				ZVAL_UNDEF(&record->written);
				if (changed) {
					ZVAL_COPY(&record->written, &root);
				}
				record->saved_known = saved != NULL;
				record->saved_tokens = tokens;
				record->saved[0] = saved ? saved[0] - before[0] : 0;
				record->saved[1] = saved ? saved[1] - before[1] : 0;
			}
			if (changed) {
				if (Z_TYPE_P(out) == IS_UNDEF) {
					ZVAL_ARR(out, zend_array_dup(Z_ARRVAL_P(v->history)));
				}
				tc_hash_replace_key(Z_ARRVAL_P(out), e->key, e->index, &root);
			} else {
				zval_ptr_dtor(&root);
			}
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	if (Z_TYPE_P(out) == IS_UNDEF) {
		ZVAL_COPY(out, v->history);
	}
	if (v->threw) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
		return FAILURE;
	}
	if (records && zend_hash_num_elements(&v->records)) {
		tc_fview_merge_records(v, omits);
	}
	return SUCCESS;
}
