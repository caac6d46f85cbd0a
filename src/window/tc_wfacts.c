#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../engine/tc_estimate.h"
#include "../formats/tc_fview.h"
#include "tc_wfacts.h"

static void tc_wspan_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

/* Notes message i: its role (borrowed, or NULL) and whether it holds a
 * result; a system message, and the first user turn, are pinned as asked. */
static void tc_wfacts_message(tc_wfacts *f, const tc_params *params, uint32_t i, zend_string *role, bool has_result)
{
	bool user = role && zend_string_equals_literal(role, "user");

	f->user[i] = user;
	f->pinned[i] = params->keep_system && role
		&& (zend_string_equals_literal(role, "system") || zend_string_equals_literal(role, "developer"));
	if (user && !has_result && !f->first_user_seen) {
		f->first_user_seen = 1;
		f->pinned[i] |= params->keep_first_user;
	}
}

/* Notes that message i holds a call or result with id (borrowed). */
static void tc_wfacts_id(tc_wfacts *f, uint32_t i, zend_string *id)
{
	tc_wspan *span = zend_hash_find_ptr(&f->spans, id);

	if (!span) {
		tc_wspan fresh = { UINT32_MAX, i, 0 };

		span = zend_hash_add_mem(&f->spans, id, &fresh, sizeof(fresh));
	}
	span->hi = i;
	if (f->pinned[i]) {
		span->pinned = 1;
	} else if (span->lo == UINT32_MAX) {
		span->lo = i;
	}
}

/* Notes the ids of the items of list (a toolCalls or toolResults field, or
 * UNDEF) of an adachsoft message i; returns whether it had one. */
static bool tc_wfacts_list_ids(tc_wfacts *f, tc_access *access, uint32_t i, zval *list, bool note)
{
	HashTable *items = tc_list_items(access, list);
	zval *item;
	zend_string *id;
	bool any = 0;

	if (!items) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(items, item) {
		ZVAL_DEREF(item);
		if (tc_access_readable(access, item) && (id = tc_item_get_str(item, TC_F_ID))) {
			any = 1;
			if (note) {
				tc_wfacts_id(f, i, id);
			}
		}
	} ZEND_HASH_FOREACH_END();
	return any;
}

/* A copy of field f of a readable message (UNDEF: none) that holds its
 * value while user code runs. */
static void tc_wfacts_field(zval *copy, zval *message, tc_field f)
{
	zval *value = tc_item_get(message, f);

	if (value) {
		ZVAL_COPY(copy, value);
	} else {
		ZVAL_UNDEF(copy);
	}
}

static zend_result tc_wfacts_adachsoft(tc_wfacts *f, tc_access *access, HashTable *messages, const tc_params *params,
		bool tokens)
{
	zval *message, results, calls;
	uint32_t i = 0;
	bool has_result;

	ZEND_HASH_FOREACH_VAL(messages, message) {
		ZVAL_DEREF(message);
		if (tc_access_readable(access, message)) {
			/* both lists are held and read before the role: a collection's
			 * getIterator() may change or free what the message holds */
			tc_wfacts_field(&results, message, TC_F_TOOL_RESULTS);
			tc_wfacts_field(&calls, message, TC_F_TOOL_CALLS);
			has_result = tc_wfacts_list_ids(f, access, i, &results, 0);
			tc_list_items(access, &calls);
			tc_wfacts_message(f, params, i, tc_item_get_str(message, TC_F_ROLE), has_result);
			tc_wfacts_list_ids(f, access, i, &calls, 1);
			tc_wfacts_list_ids(f, access, i, &results, 1);
			zval_ptr_dtor(&results);
			zval_ptr_dtor(&calls);
			if (tokens) {
				tc_size size = {0, 0};

				if (tc_estimate_message(access, params, message, 1, NULL, &size) == FAILURE) {
					return FAILURE;
				}
				f->tokens[i] = size.tokens;
			}
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* A provider's history: its reader's roles and ids (Gemini's the walk's),
 * and the estimate of its view's messages, as the pass's report counts. */
static zend_result tc_wfacts_provider(tc_wfacts *f, tc_format format, tc_access *access, zval *history,
		const tc_params *params, bool tokens)
{
	tc_fview v;
	zend_result result = SUCCESS;
	uint32_t i, j;

	tc_fview_init(&v, format, history, params, !tokens, 0);
	for (i = 0; i < v.reader.entry_count && i < f->count; i++) {
		tc_fentry *e = &v.reader.entries[i];
		bool has_result = 0;

		for (j = 0; j < e->count; j++) {
			has_result |= !e->items[j].call && e->items[j].id;
		}
		tc_wfacts_message(f, params, i, e->role, has_result);
		for (j = 0; j < e->count; j++) {
			if (e->items[j].id) {
				tc_wfacts_id(f, i, e->items[j].id);
			}
		}
		if (tokens) {
			tc_size size = {0, 0};
			zval *message = zend_hash_index_find(Z_ARRVAL(v.view), i);

			if ((result = tc_estimate_message(access, params, message, 1, NULL, &size)) == FAILURE) {
				break;
			}
			f->tokens[i] = size.tokens;
		}
	}
	tc_fview_dtor(&v);
	return result;
}

zend_result tc_wfacts_read(tc_wfacts *f, tc_format format, tc_access *access, zval *history, HashTable *messages,
		const tc_params *params, bool tokens)
{
	f->count = zend_hash_num_elements(messages);
	f->tokens = tokens ? ecalloc(f->count + 1, sizeof(zend_long)) : NULL;
	f->pinned = ecalloc(f->count + 1, sizeof(bool));
	f->user = ecalloc(f->count + 1, sizeof(bool));
	f->first_user_seen = 0;
	zend_hash_init(&f->spans, 8, NULL, tc_wspan_dtor, 0);
	if (format == TC_FORMAT_ADACHSOFT) {
		return tc_wfacts_adachsoft(f, access, messages, params, tokens);
	}
	return tc_wfacts_provider(f, format, access, history, params, tokens);
}

void tc_wfacts_dtor(tc_wfacts *f)
{
	if (f->tokens) {
		efree(f->tokens);
	}
	efree(f->pinned);
	efree(f->user);
	zend_hash_destroy(&f->spans);
}
