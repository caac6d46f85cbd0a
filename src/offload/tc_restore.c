#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"

#include "../shapes/tc_access.h"
#include "tc_restore.h"
#include "../json/tc_json.h"
#include "../digest/tc_sha256.h"
#include "../engine/tc_preview.h"
#include "../formats/tc_node.h"

/* Deeper than any value the strategy can have encoded (it encodes with
 * json_encode()'s depth of 512). */
#define TC_RESTORE_DEPTH 1024

typedef struct _tc_restorer {
	const tc_callable *lookup;
	tc_access          access;
	bool               failed; /* the lookup threw */
} tc_restorer;

zend_string *tc_restore_stored(const tc_callable *lookup, zend_string *sha, bool *threw)
{
	zval arg, json;
	char hex[TC_SHA256_HEX_LEN + 1];
	zend_string *stored = NULL;

	if (ZSTR_LEN(sha) != TC_SHA256_HEX_LEN) {
		return NULL;
	}
	ZVAL_STR_COPY(&arg, sha);
	ZVAL_UNDEF(&json);
	if (tc_callable_call(lookup, &json, 1, &arg) == FAILURE) {
		*threw = 1;
	} else if (Z_TYPE(json) == IS_STRING) {
		tc_sha256_hex(Z_STRVAL(json), Z_STRLEN(json), hex);
		if (zend_binary_strcasecmp(hex, TC_SHA256_HEX_LEN, ZSTR_VAL(sha), TC_SHA256_HEX_LEN) == 0) {
			stored = zend_string_copy(Z_STR(json));
		}
	}
	zval_ptr_dtor(&json);
	zval_ptr_dtor(&arg);
	return stored;
}

bool tc_restore_omitted_still(zval *current, zval *entry)
{
	zval *sha;

	if (!current) {
		return 0;
	}
	ZVAL_DEREF(current);
	ZVAL_DEREF(entry);
	if (Z_TYPE_P(current) == IS_STRING && zend_string_equals(Z_STR_P(current), tc_keys[TC_V_OMITTED])) {
		return 1;
	}
	if (Z_TYPE_P(entry) != IS_ARRAY || !(sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]))) {
		return 0;
	}
	ZVAL_DEREF(sha);
	return Z_TYPE_P(sha) == IS_STRING && tc_preview_stands_for(current, Z_STR_P(sha));
}

bool tc_restore_decode(zend_string *json, zval *value)
{
	return tc_json_decode(json, TC_RESTORE_DEPTH, value);
}

/*
 * The value stored under the sha256 of entry (an omittedFields entry or a
 * content record: an array with a string sha256), decoded into *value
 * (owned by the caller). False when there is none, it does not match or
 * does not decode, or the lookup threw (then r->failed).
 */
static bool tc_restore_fetch(tc_restorer *r, zval *entry, zval *value)
{
	zval *sha;
	zend_string *json;
	bool ok;

	ZVAL_DEREF(entry);
	if (Z_TYPE_P(entry) != IS_ARRAY
			|| !(sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]))) {
		return 0;
	}
	ZVAL_DEREF(sha);
	if (Z_TYPE_P(sha) != IS_STRING || !(json = tc_restore_stored(r->lookup, Z_STR_P(sha), &r->failed))) {
		return 0;
	}
	ok = tc_restore_decode(json, value);
	zend_string_release(json);
	return ok;
}

/* The whole payload a meta (held, borrowed) records under text (SPEC Part
 * 4, "Restoring"): the array stored for it, into *out (owned by the
 * caller). */
static bool tc_restore_whole(tc_restorer *r, zval *meta, zval *out)
{
	zval *entry = zend_hash_find(Z_ARRVAL_P(meta), tc_fkeys[TC_FK_TEXT]);

	if (!entry || !tc_restore_fetch(r, entry, out)) {
		return 0;
	}
	if (Z_TYPE_P(out) != IS_ARRAY) {
		zval_ptr_dtor(out);
		return 0;
	}
	return 1;
}

/*
 * Restores one payload (borrowed) into *out (owned by the caller) and
 * returns true when anything came back: the whole payload its meta records,
 * else its omitted fields. With content not NULL (a tool message whose
 * content is a placeholder), a content record of the meta is restored into
 * *content as well (when it decodes to a string).
 */
static bool tc_restore_payload(tc_restorer *r, zval *payload, zval *out, zval *content)
{
	zval held, *meta, *fields = NULL, *entry, *current, value, listed, remaining, new_meta;
	zend_string *str_key;
	zend_ulong num_key;
	bool changed = 0, content_back = 0, whole;

	if (Z_TYPE_P(payload) != IS_ARRAY
			|| !(meta = zend_hash_find_known_hash(Z_ARRVAL_P(payload), tc_keys[TC_K_META]))) {
		return 0;
	}
	ZVAL_DEREF(meta);
	if (Z_TYPE_P(meta) != IS_ARRAY) {
		return 0;
	}
	/* The lookup is user code, which may write through references to the
	 * payload, the meta or its fields: only these held copies are read
	 * after it, and remaining is separated from listed before it is
	 * changed. */
	ZVAL_COPY(&held, payload);
	ZVAL_COPY(&new_meta, meta);
	ZVAL_UNDEF(&listed);
	ZVAL_UNDEF(&remaining);
	whole = tc_restore_whole(r, &new_meta, out);
	if (!whole && !r->failed && (fields = zend_hash_find_known_hash(Z_ARRVAL(new_meta), tc_keys[TC_K_OMITTED_FIELDS]))) {
		ZVAL_DEREF(fields);
	}
	if (!whole && (!fields || Z_TYPE_P(fields) != IS_ARRAY)) {
		tc_release_copy(&new_meta);
		tc_release_copy(&held);
		return 0;
	}
	if (whole) {
		changed = 1;
	} else {
		ZVAL_COPY(&listed, fields);
		ZVAL_COPY(&remaining, fields);
		ZVAL_COPY(out, &held);
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL(listed), num_key, str_key, entry) {
			current = tc_hash_find_key(Z_ARRVAL(held), str_key, num_key);
			if (!tc_restore_omitted_still(current, entry)) {
				continue;
			}
			if (!tc_restore_fetch(r, entry, &value)) {
				if (r->failed) {
					break;
				}
				continue;
			}
			SEPARATE_ARRAY(out);
			tc_hash_replace_key(Z_ARRVAL_P(out), str_key, num_key, &value);
			SEPARATE_ARRAY(&remaining);
			tc_hash_drop_key(Z_ARRVAL(remaining), str_key, num_key);
			changed = 1;
		} ZEND_HASH_FOREACH_END();
	}

	if (!r->failed && content && (entry = zend_hash_find_known_hash(Z_ARRVAL(new_meta), tc_keys[TC_F_CONTENT]))
			&& tc_restore_fetch(r, entry, &value)) {
		if (Z_TYPE(value) == IS_STRING) {
			ZVAL_COPY_VALUE(content, &value);
			content_back = changed = 1;
		} else {
			zval_ptr_dtor(&value);
		}
	}

	if (changed && !r->failed && !whole) {
		SEPARATE_ARRAY(out);
		if (zend_hash_num_elements(Z_ARRVAL(remaining)) == 0
				&& (content_back || !zend_hash_exists(Z_ARRVAL(new_meta), tc_keys[TC_F_CONTENT]))) {
			tc_hash_drop_key(Z_ARRVAL_P(out), tc_keys[TC_K_META], 0);
		} else {
			SEPARATE_ARRAY(&new_meta);
			Z_ADDREF(remaining);
			tc_hash_replace_key(Z_ARRVAL(new_meta), tc_keys[TC_K_OMITTED_FIELDS], 0, &remaining);
			if (content_back) {
				tc_hash_drop_key(Z_ARRVAL(new_meta), tc_keys[TC_F_CONTENT], 0);
			}
			Z_ADDREF(new_meta);
			tc_hash_replace_key(Z_ARRVAL_P(out), tc_keys[TC_K_META], 0, &new_meta);
		}
	}
	if (!changed || r->failed) {
		zval_ptr_dtor(out);
		if (content_back) {
			zval_ptr_dtor(content);
			ZVAL_UNDEF(content);
		}
		changed = 0;
	}
	tc_release_copy(&remaining);
	tc_release_copy(&listed);
	tc_release_copy(&new_meta);
	tc_release_copy(&held);
	return changed;
}

/*
 * Restores the payload field f of every item of the list field lf of
 * message into *new_list (a list like the original, owned by the caller;
 * IS_UNDEF when nothing came back). content as for tc_restore_payload(); it
 * is passed on until one item restored it.
 */
static bool tc_restore_list(tc_restorer *r, zval *message, tc_field lf, tc_field f, zval *new_list, zval *content)
{
	zval *list = tc_item_get(message, lf), orig, *entry, item, new_payload, new_items, new_item;
	HashTable *items;
	zend_string *key;
	zend_ulong index;

	ZVAL_UNDEF(new_list);
	ZVAL_UNDEF(&new_items);
	ZVAL_COPY(&orig, list ? list : &EG(uninitialized_zval));
	items = tc_hold(tc_list_items(&r->access, &orig));
	if (items) {
		ZEND_HASH_FOREACH_KEY_VAL(items, index, key, entry) {
			zval *payload;

			ZVAL_COPY_DEREF(&item, entry);
			if (tc_access_readable(&r->access, &item) && (payload = tc_item_get(&item, f))
					&& tc_restore_payload(r, payload, &new_payload,
						content && Z_TYPE_P(content) == IS_UNDEF ? content : NULL)) {
				if (tc_item_copy_set(&new_item, &item, f, &new_payload)) {
					if (Z_TYPE(new_items) == IS_UNDEF) {
						ZVAL_ARR(&new_items, zend_array_dup(items));
					}
					tc_hash_replace_key(Z_ARRVAL(new_items), key, index, &new_item);
				} else {
					zval_ptr_dtor(&new_payload);
				}
			}
			tc_release_copy(&item);
			if (r->failed) {
				break;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (Z_TYPE(new_items) != IS_UNDEF && (r->failed || !tc_list_make(new_list, &orig, &new_items))) {
		if (r->failed) {
			zval_ptr_dtor(&new_items);
		}
		ZVAL_UNDEF(new_list);
	}
	tc_release(items);
	tc_release_copy(&orig);
	return Z_TYPE_P(new_list) != IS_UNDEF;
}

/* One message: writes the restored copy into *new_message and returns true
 * when anything came back. */
static bool tc_restore_message(tc_restorer *r, zval *message, zval *new_message)
{
	zval new_results, new_calls, content, *current = tc_item_get(message, TC_F_CONTENT);
	bool placeholder = current && Z_TYPE_P(current) == IS_STRING
		&& zend_string_starts_with_literal(Z_STR_P(current), TC_PLACEHOLDER_PREFIX);
	bool ok = 1;

	ZVAL_UNDEF(&content);
	tc_restore_list(r, message, TC_F_TOOL_RESULTS, TC_F_RESULT, &new_results, placeholder ? &content : NULL);
	if (!r->failed) {
		tc_restore_list(r, message, TC_F_TOOL_CALLS, TC_F_ARGUMENTS, &new_calls, NULL);
	} else {
		ZVAL_UNDEF(&new_calls);
	}
	if (r->failed || (Z_TYPE(new_results) == IS_UNDEF && Z_TYPE(new_calls) == IS_UNDEF)) {
		zval_ptr_dtor(&new_results);
		zval_ptr_dtor(&new_calls);
		zval_ptr_dtor(&content);
		return 0;
	}
	if (!tc_item_copy(new_message, message)) {
		zval_ptr_dtor(&new_results);
		zval_ptr_dtor(&new_calls);
		zval_ptr_dtor(&content);
		return 0;
	}
	if (Z_TYPE(new_results) != IS_UNDEF && !tc_item_set(new_message, TC_F_TOOL_RESULTS, &new_results)) {
		zval_ptr_dtor(&new_results);
		ok = 0;
	}
	if (Z_TYPE(new_calls) != IS_UNDEF && !(ok && tc_item_set(new_message, TC_F_TOOL_CALLS, &new_calls))) {
		zval_ptr_dtor(&new_calls);
		ok = 0;
	}
	if (ok && Z_TYPE(content) != IS_UNDEF && tc_item_set(new_message, TC_F_CONTENT, &content)) {
		ZVAL_UNDEF(&content);
	}
	zval_ptr_dtor(&content);
	if (!ok) {
		zval_ptr_dtor(new_message);
	}
	return ok;
}

bool tc_restore_object(const tc_callable *lookup, zval *payload, zval *out, bool *threw)
{
	tc_restorer r;
	bool changed;

	r.lookup = lookup;
	r.failed = 0;
	tc_access_init(&r.access);
	r.access.arrays_only = 1;
	changed = tc_restore_payload(&r, payload, out, NULL);
	tc_access_dtor(&r.access);
	*threw |= r.failed;
	return changed;
}

zend_result tc_restore(zval *out, zval *history, const tc_callable *lookup)
{
	tc_restorer r;
	HashTable *ht;
	zval *entry, message, new_message, new_history;
	zend_string *key;
	zend_ulong index;

	r.lookup = lookup;
	r.failed = 0;
	tc_access_init(&r.access);
	r.access.arrays_only = Z_TYPE_P(history) == IS_ARRAY;
	ZVAL_UNDEF(&new_history);
	ht = tc_hold(tc_list_items(&r.access, history));
	if (ht) {
		ZEND_HASH_FOREACH_KEY_VAL(ht, index, key, entry) {
			ZVAL_COPY_DEREF(&message, entry);
			if (tc_access_readable(&r.access, &message) && tc_restore_message(&r, &message, &new_message)) {
				if (Z_TYPE(new_history) == IS_UNDEF) {
					ZVAL_ARR(&new_history, zend_array_dup(ht));
				}
				tc_hash_replace_key(Z_ARRVAL(new_history), key, index, &new_message);
			}
			tc_release_copy(&message);
			if (r.failed) {
				break;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (r.failed) {
		zval_ptr_dtor(&new_history);
		ZVAL_NULL(out);
	} else if (Z_TYPE(new_history) == IS_UNDEF || !tc_list_make(out, history, &new_history)) {
		ZVAL_COPY(out, history);
	}
	tc_release(ht);
	tc_access_dtor(&r.access);
	return r.failed ? FAILURE : SUCCESS;
}
