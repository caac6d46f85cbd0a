/*
 * Gemini contents (SPEC Part 4): in an entry's parts, a call is a part with
 * functionCall {id?, name, args}, a result a part with functionResponse
 * {id?, name, response}, or the REST API's function_call and
 * function_response when the camelCase key holds no array. They pair by id,
 * a response with the nearest call before it; without one, a response
 * answers the oldest call before it with its name that nothing answers yet.
 * A call without an id, or with one an earlier call gave, gets
 * "gemini:{entry}:{part}" for the walk only. The inlineData parts that
 * follow a response in its entry's parts, up to the next response, belong to
 * it (tc_gemini_media()).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fread.h"
#include "tc_fmedia.h"

/* The ids of name's calls not answered yet (created on first use). */
static HashTable *tc_gemini_pending(tc_freader *r, zend_string *name)
{
	zval *list = zend_hash_find(&r->pending, name), empty;

	if (!list) {
		array_init(&empty);
		list = zend_hash_add_new(&r->pending, name, &empty);
	}
	return Z_ARRVAL_P(list);
}

/* Takes the oldest of name's unanswered calls and returns its id (a new
 * reference; NULL when none). */
static zend_string *tc_gemini_answer(tc_freader *r, zend_string *name)
{
	HashTable *pending = tc_gemini_pending(r, name);
	zend_ulong index;
	zval *waiting;

	ZEND_HASH_FOREACH_NUM_KEY_VAL(pending, index, waiting) {
		zend_string *answered = zend_string_copy(Z_STR_P(waiting));

		zend_hash_index_del(pending, index);
		return answered;
	} ZEND_HASH_FOREACH_END();
	return NULL;
}

/* Takes the call of walk id out of the unanswered calls, whatever its name
 * (a response that gives its id answers that call, named as it may be). */
static void tc_gemini_answer_id(tc_freader *r, zend_string *id)
{
	zval *list, *waiting;
	zend_ulong index;

	ZEND_HASH_FOREACH_VAL(&r->pending, list) {
		ZEND_HASH_FOREACH_NUM_KEY_VAL(Z_ARRVAL_P(list), index, waiting) {
			if (zend_string_equals(Z_STR_P(waiting), id)) {
				zend_hash_index_del(Z_ARRVAL_P(list), index);
				return;
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
}

void tc_gemini_read(tc_freader *r, tc_fentry *e, uint32_t position)
{
	zval *parts, *part, *fn;
	zend_string *key, *text;
	zend_ulong index;
	uint32_t at = 0;
	int side;
	tc_path base = {0}, path;

	(void) position;
	parts = tc_node_get(e->entry, TC_FK_PARTS);
	if (!parts || Z_TYPE_P(parts) != IS_ARRAY) {
		return;
	}
	base = tc_path_then(&base, tc_fkeys[TC_FK_PARTS], 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(parts), index, key, part) {
		ZVAL_DEREF(part);
		at++;
		if (Z_TYPE_P(part) != IS_ARRAY) {
			continue;
		}
		/* a part may hold both: the call is read first */
		for (side = 0; side < 2; side++) {
			bool call = side == 0;

			tc_fkey fn_key = call ? TC_FK_FUNCTION_CALL : TC_FK_FUNCTION_RESPONSE;

			if (!(fn = tc_node_get(part, fn_key)) || Z_TYPE_P(fn) != IS_ARRAY) {
				fn_key = call ? TC_FV_FUNCTION_CALL : TC_FK_FUNCTION_RESPONSE_REST;
				if (!(fn = tc_node_get(part, fn_key)) || Z_TYPE_P(fn) != IS_ARRAY) {
					continue;
				}
			}
			path = tc_path_then(&base, key, index);
			path = tc_path_then(&path, tc_fkeys[fn_key], 0);
			path = tc_path_then(&path, tc_fkeys[call ? TC_FK_ARGS : TC_FK_RESPONSE], 0);
			tc_fread_add(r, e, call, tc_node_str(fn, TC_FK_ID), tc_node_str(fn, TC_FK_NAME),
				tc_node_get(fn, call ? TC_FK_ARGS : TC_FK_RESPONSE), &path)->part = at - 1;
		}
		if ((text = tc_node_str(part, TC_FK_TEXT)) && !tc_media_placeholder_parse(text, NULL)) {
			e->has_text = 1; /* (the text naming an omitted media part is none) */
		}
	} ZEND_HASH_FOREACH_END();
}

bool tc_gemini_holds_response(zval *part)
{
	zval *fn = tc_node_get(part, TC_FK_FUNCTION_RESPONSE);

	if (fn && Z_TYPE_P(fn) == IS_ARRAY) {
		return 1;
	}
	fn = tc_node_get(part, TC_FK_FUNCTION_RESPONSE_REST);
	return fn && Z_TYPE_P(fn) == IS_ARRAY;
}

void tc_gemini_media(tc_fitem *item, zval *entry)
{
	zval *parts = tc_node_get(entry, TC_FK_PARTS), *part;
	zend_string *key;
	zend_ulong index;
	uint32_t at = 0;

	if (!parts || Z_TYPE_P(parts) != IS_ARRAY) {
		return;
	}
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(parts), index, key, part) {
		ZVAL_DEREF(part);
		if (at++ <= item->part) {
			continue;
		}
		if (Z_TYPE_P(part) == IS_ARRAY && tc_gemini_holds_response(part)) {
			break; /* the next response's */
		}
		if (key || zend_hash_index_exists(Z_ARRVAL_P(item->payload), index)
				|| !tc_media_part(part, TC_FORMAT_GEMINI, NULL)) {
			continue;
		}
		SEPARATE_ARRAY(&item->view);
		Z_TRY_ADDREF_P(part);
		zend_hash_index_add_new(Z_ARRVAL(item->view), index, part);
	} ZEND_HASH_FOREACH_END();
}

/* Does every call and response give its id? Then each pairs by it alone. */
static bool tc_gemini_all_given(tc_freader *r)
{
	uint32_t i, j;

	for (i = 0; i < r->entry_count; i++) {
		for (j = 0; j < r->entries[i].count; j++) {
			if (!r->entries[i].items[j].given) {
				return 0;
			}
		}
	}
	return 1;
}

/* The id made for item of entry i, "gemini:{entry}:{part}": the one it had
 * (a cached item's) when equal, so that what was kept for it is found the
 * same. */
static zend_string *tc_gemini_made_id(const tc_fitem *item, uint32_t i)
{
	char made[48];
	size_t n = (size_t) snprintf(made, sizeof(made), "gemini:%" PRIu32 ":%" PRIu32, i, item->part);

	return item->id && zend_string_equals_cstr(item->id, made, n) ? zend_string_copy(item->id)
		: zend_string_init(made, n, 0);
}

/* The walk id of an item that gives its id: a response's is the one of the
 * nearest call before it with that id (latest: given id => walk id); a call
 * that takes part and gives an id an earlier one gave gets one made. */
static zend_string *tc_gemini_given_id(tc_fitem *item, uint32_t i, HashTable *latest)
{
	zval *had = zend_hash_find(latest, item->given), id;

	if (!item->call) {
		return zend_string_copy(had ? Z_STR_P(had) : item->given);
	}
	if (!item->name) {
		return zend_string_copy(item->given); /* (it takes no part) */
	}
	ZVAL_STR(&id, had ? tc_gemini_made_id(item, i) : zend_string_copy(item->given));
	Z_TRY_ADDREF(id); /* (an interned id has no count) */
	zend_hash_update(latest, item->given, &id);
	return Z_STR(id);
}

void tc_gemini_pair(tc_freader *r)
{
	HashTable latest;
	zval waiting;
	uint32_t i, j;
	bool pending = !tc_gemini_all_given(r);

	zend_hash_init(&latest, 8, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_clean(&r->pending);
	for (i = 0; i < r->entry_count; i++) {
		tc_fentry *e = &r->entries[i];

		for (j = 0; j < e->count; j++) {
			tc_fitem *item = &e->items[j];
			zend_string *id = NULL;

			if (item->given) {
				id = tc_gemini_given_id(item, i, &latest);
				if (pending && !item->call) {
					tc_gemini_answer_id(r, id);
				}
			} else if (item->call || !item->name || !(id = tc_gemini_answer(r, item->name))) {
				id = tc_gemini_made_id(item, i);
			}
			if (pending && item->call && item->name) {
				ZVAL_STR_COPY(&waiting, id);
				zend_hash_next_index_insert(tc_gemini_pending(r, item->name), &waiting);
			}
			if (item->id) {
				zend_string_release(item->id);
			}
			item->id = id;
		}
	}
	zend_hash_destroy(&latest);
}
