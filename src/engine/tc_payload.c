#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "../json/tc_json.h"
#include "tc_collapse.h"
#include "tc_payload.h"
#include "../digest/tc_digest.h"
#include "../digest/tc_sha256.h"
#include "../formats/tc_node.h"

/* The omittedFields of an existing meta, or NULL when the meta is missing or
 * of a foreign shape (then it counts as absent). */
static HashTable *tc_payload_existing(zval *meta)
{
	zval *omitted;

	if (Z_TYPE_P(meta) != IS_ARRAY) {
		return NULL;
	}
	omitted = zend_hash_find_known_hash(Z_ARRVAL_P(meta), tc_keys[TC_K_OMITTED_FIELDS]);
	if (!omitted) {
		return NULL;
	}
	ZVAL_DEREF(omitted);
	return Z_TYPE_P(omitted) == IS_ARRAY ? Z_ARRVAL_P(omitted) : NULL;
}

static bool tc_payload_key_in(HashTable *ht, zend_string *str_key, zend_ulong num_key)
{
	return str_key ? zend_hash_exists(ht, str_key) : zend_hash_index_exists(ht, num_key);
}

bool tc_payload_fits(zval *payload, zend_long threshold, bool collapse)
{
	zval *value;
	zend_string *json, *shorter;

	if (!payload) {
		return 1;
	}
	if (Z_ISREF_P(payload)) {
		return 0;
	}
	if (Z_TYPE_P(payload) != IS_ARRAY) {
		return 1;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(payload), value) {
		switch (Z_TYPE_P(value)) {
			case IS_NULL:
			case IS_FALSE:
			case IS_TRUE:
			case IS_LONG:
			case IS_STRING:
				/* sized as tc_payload_compact() sizes them (no JSON) */
				if (tc_json_field_size(value, &json) > (zend_ulong) threshold) {
					return 0;
				}
				if (collapse && Z_TYPE_P(value) == IS_STRING && (shorter = tc_collapse(Z_STR_P(value)))) {
					zend_string_release(shorter);
					return 0;
				}
				break;
			default:
				return 0;
		}
	} ZEND_HASH_FOREACH_END();
	return 1;
}

/* The JSON bytes of value (tc_payload_shorter()), -1 when they cannot be told. */
static zend_long tc_payload_bytes(zval *value)
{
	size_t len;

	if (tc_json_length(value, &len) == TC_JSON_RESULT_OK) {
		return (zend_long) len;
	}
	return tc_json_partial_bytes(value);
}

bool tc_payload_shorter(zval *written, zval *was)
{
	zval held[2];
	zend_long now, before;

	/* held: user code run by the one cannot free the other */
	ZVAL_COPY_DEREF(&held[0], written);
	ZVAL_COPY_DEREF(&held[1], was);
	now = tc_payload_bytes(&held[0]);
	before = now < 0 ? -1 : tc_payload_bytes(&held[1]);
	zval_ptr_dtor(&held[0]);
	zval_ptr_dtor(&held[1]);
	return before >= 0 && now < before;
}

void tc_payload_entry(zval *entry, size_t size, zend_string *hex)
{
	HashTable *ht = tc_array_with_room(entry, 2);
	zval tmp;

	ZVAL_LONG(&tmp, (zend_long) size);
	tc_hash_add_new_key(ht, tc_keys[TC_K_BYTES], 0, &tmp);
	ZVAL_STR(&tmp, hex);
	tc_hash_add_new_key(ht, tc_keys[TC_K_SHA256], 0, &tmp);
}

/*
 * The meta of the new payload: the valid existing meta with its threshold
 * updated and the new entries appended, or a fresh one.
 */
static void tc_payload_meta(zval *meta_out, zval *meta, HashTable *existing, zend_long threshold, zval *added)
{
	zval tmp, omitted, *entry;
	zend_string *str_key;
	zend_ulong num_key;

	if (existing) {
		ZVAL_ARR(meta_out, zend_array_dup(Z_ARRVAL_P(meta)));
		ZVAL_ARR(&omitted, zend_array_dup(existing));
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(added), num_key, str_key, entry) {
			Z_ADDREF_P(entry);
			tc_hash_add_new_key(Z_ARRVAL(omitted), str_key, num_key, entry);
		} ZEND_HASH_FOREACH_END();
		ZVAL_LONG(&tmp, threshold);
		zend_hash_update(Z_ARRVAL_P(meta_out), tc_keys[TC_K_THRESHOLD_BYTES], &tmp);
		tc_hash_replace_key(Z_ARRVAL_P(meta_out), tc_keys[TC_K_OMITTED_FIELDS], 0, &omitted);
	} else {
		HashTable *ht = tc_array_with_room(meta_out, 2);

		ZVAL_LONG(&tmp, threshold);
		tc_hash_add_new_key(ht, tc_keys[TC_K_THRESHOLD_BYTES], 0, &tmp);
		Z_ADDREF_P(added);
		tc_hash_add_new_key(ht, tc_keys[TC_K_OMITTED_FIELDS], 0, added);
	}
}

/* The value an omitted field (value, borrowed) becomes: "[omitted]", or
 * with previews on, a string's preview (its digest is entry's). */
static void tc_payload_omitted_value(zval *out, zval *value, zval *entry, const tc_preview *preview,
		uint32_t *previewed)
{
	zend_string *made;

	ZVAL_DEREF(value);
	if (tc_preview_on(preview) && Z_TYPE_P(value) == IS_STRING
			&& (made = tc_preview_make(preview, Z_STR_P(value),
				Z_STRVAL_P(zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]))))) {
		ZVAL_STR(out, made);
		++*previewed;
		return;
	}
	ZVAL_INTERNED_STR(out, tc_keys[TC_V_OMITTED]);
}

zend_string *tc_payload_whole(zval *payload, size_t bytes, zval *meta, zend_string **hex)
{
	zend_string *json, *digest;
	zval entry;

	if (!(json = tc_json_encode(payload))) {
		return NULL;
	}
	digest = tc_digest_of(payload, json);
	tc_payload_entry(&entry, bytes ? bytes : ZSTR_LEN(json), digest);
	zend_hash_update(Z_ARRVAL_P(meta), tc_fkeys[TC_FK_TEXT], &entry);
	if (hex) {
		*hex = digest;
	}
	return json;
}

/*
 * The first loop measures fields and may run user code (a JsonSerializable
 * inside an array field); the payload, its meta and the meta's list are held
 * (tc_hold()) meanwhile, so that they cannot change under it.
 */
bool tc_payload_compact(zval *out, zval *payload, zend_long threshold, const tc_id_fields *keep,
		const tc_params *shaping, tc_payload_counts *counts, zval *jsons, zend_string **whole)
{
	HashTable *ht, *existing;
	zval held, meta, *found, *value, added, collapsed, tmp, new_meta;
	zend_string *str_key, *json, *shorter;
	zend_ulong num_key;
	uint32_t omitted = 0;
	size_t size;
	char digest[TC_SHA256_HEX_LEN + 1];
	bool digested;

	memset(counts, 0, sizeof(*counts));
	if (whole) {
		*whole = NULL;
	}
	ZVAL_DEREF(payload);
	if (Z_TYPE_P(payload) != IS_ARRAY) {
		return 0;
	}
	ZVAL_COPY(&held, payload);
	ht = Z_ARRVAL(held);
	found = zend_hash_find_known_hash(ht, tc_keys[TC_K_META]);
	if (found) {
		ZVAL_COPY_DEREF(&meta, found);
	} else {
		ZVAL_UNDEF(&meta);
	}
	existing = tc_hold(tc_payload_existing(&meta));
	ZVAL_UNDEF(&added);
	ZVAL_UNDEF(&collapsed);

	ZEND_HASH_FOREACH_KEY_VAL(ht, num_key, str_key, value) {
		if (str_key && zend_string_equals(str_key, tc_keys[TC_K_META])) {
			continue;
		}
		if (keep && tc_id_fields_has(keep, str_key, num_key)) {
			continue;
		}
		if (existing && tc_payload_key_in(existing, str_key, num_key)) {
			continue;
		}
		/* Sized and hashed without building the JSON (tc_json streams it
		 * into the digest; an array in the same walk, unless onOmit needs
		 * the JSON itself); json is set only when PHP's encoder had to run.
		 * tc_json_encode(value) gives the JSON itself where it is needed. */
		json = NULL;
		size = tc_json_field_measure(value, (size_t) threshold, jsons ? NULL : digest, &digested);
		if (size == TC_JSON_SIZE_SLOW) {
			/* an object inside: user code runs, once */
			json = tc_json_encode(value);
			size = json ? ZSTR_LEN(json) : 0;
		}
		if (size > 0 && size > (zend_ulong) threshold) {
			zend_string *hex;

			if (digested) {
				hex = zend_string_init(digest, TC_SHA256_HEX_LEN, 0);
			} else {
				if (jsons && !json) {
					/* onOmit needs the JSON itself: hash the string, so that a
					 * JsonSerializable inside does not run a second time. */
					json = tc_json_encode(value);
				}
				hex = jsons && !json ? NULL : tc_digest_of(value, json);
			}
			if (hex) {
				if (Z_TYPE(added) == IS_UNDEF) {
					tc_array_with_room(&added, 1);
				}
				tc_payload_entry(&tmp, size, hex);
				tc_hash_add_new_key(Z_ARRVAL(added), str_key, num_key, &tmp);
				omitted++;
				if (jsons) {
					if (omitted == 1) {
						array_init(jsons);
					}
					ZVAL_STR_COPY(&tmp, json);
					tc_hash_add_new_key(Z_ARRVAL_P(jsons), str_key, num_key, &tmp);
				}
			}
		}
		if (json) {
			zend_string_release(json);
		}
		if (shaping->collapse && !(Z_TYPE(added) != IS_UNDEF && tc_payload_key_in(Z_ARRVAL(added), str_key, num_key))
				&& Z_TYPE_P(value) == IS_STRING && (shorter = tc_collapse(Z_STR_P(value)))) {
			/* kept, but its whitespace collapsed (SPEC Part 6) */
			if (Z_TYPE(collapsed) == IS_UNDEF) {
				array_init(&collapsed);
			}
			ZVAL_STR(&tmp, shorter);
			tc_hash_add_new_key(Z_ARRVAL(collapsed), str_key, num_key, &tmp);
		}
	} ZEND_HASH_FOREACH_END();

	counts->omitted = omitted;
	counts->collapsed = Z_TYPE(collapsed) == IS_UNDEF ? 0 : zend_hash_num_elements(Z_ARRVAL(collapsed));
	if (omitted || counts->collapsed) {
		/* Every key in its order, the omitted and collapsed ones replaced;
		 * when fields were omitted, the meta last. */
		HashTable *out_ht = tc_array_with_room(out, zend_hash_num_elements(ht) + (found ? 0 : 1));

		ZEND_HASH_FOREACH_KEY_VAL(ht, num_key, str_key, value) {
			zval *entry = NULL, *shorter_zv = NULL;

			if (str_key && zend_string_equals(str_key, tc_keys[TC_K_META])) {
				if (omitted) {
					continue;
				}
			} else {
				entry = omitted ? tc_hash_find_key(Z_ARRVAL(added), str_key, num_key) : NULL;
				shorter_zv = !entry && counts->collapsed ? tc_hash_find_key(Z_ARRVAL(collapsed), str_key, num_key) : NULL;
			}
			if (entry) {
				tc_payload_omitted_value(&tmp, value, entry, &shaping->preview, &counts->previewed);
				value = &tmp;
			} else if (shorter_zv) {
				ZVAL_COPY(&tmp, shorter_zv);
				value = &tmp;
			} else {
				Z_TRY_ADDREF_P(value);
			}
			tc_hash_add_new_key(out_ht, str_key, num_key, value);
		} ZEND_HASH_FOREACH_END();

		if (omitted) {
			tc_payload_meta(&new_meta, &meta, existing, threshold, &added);
			if (whole && jsons && found && (!existing || zend_hash_num_elements(existing) == 0)) {
				/* the member the pass replaces or merges into goes back
				 * with the whole payload */
				*whole = tc_payload_whole(&held, 0, &new_meta, NULL);
			}
			tc_hash_add_new_key(out_ht, tc_keys[TC_K_META], 0, &new_meta);
			tc_release_copy(&added);
		}
	}
	zval_ptr_dtor(&collapsed);
	tc_release(existing);
	tc_release_copy(&meta);
	tc_release_copy(&held);
	return omitted || counts->collapsed;
}
