/*
 * toolcompact_restore() over a provider's history (SPEC Part 4,
 * "Restoring"): each payload gets back what the lookup stored, in the form
 * it was compacted in.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "../json/tc_json.h"
#include "../offload/tc_restore.h"
#include "tc_format.h"
#include "tc_fread.h"
#include "../engine/tc_preview.h"
#include "tc_jtext.h"
#include "tc_placeholder.h"
#include "tc_fmedia.h"

typedef struct _tc_frestorer {
	const tc_callable *lookup;
	zend_string       *placeholder; /* the caller's template (borrowed; NULL: none) */
	bool               threw;
} tc_frestorer;

/* The string stored under sha (a new reference), or NULL. */
static zend_string *tc_frestore_string(tc_frestorer *r, zend_string *sha)
{
	zend_string *json = tc_restore_stored(r->lookup, sha, &r->threw), *text = NULL;
	zval value;

	if (json && tc_restore_decode(json, &value)) {
		if (Z_TYPE(value) == IS_STRING) {
			text = Z_STR(value);
		} else {
			zval_ptr_dtor(&value);
		}
	}
	if (json) {
		zend_string_release(json);
	}
	return text;
}

/* The string stored for a placeholder text of a result of tool, or for a
 * preview text: the one stored under the first of its markers whose stored
 * string it is a preview of (a new reference), or NULL. A placeholder
 * without a sha256 (a template without {sha256}) names nothing. */
static zend_string *tc_frestore_text(tc_frestorer *r, zend_string *placeholder, zend_string *tool)
{
	zend_string *sha, *text = NULL;
	tc_marker m;
	size_t from = 0;

	if (tc_placeholder_match(r->placeholder, tool, placeholder, &sha)) {
		if (sha) {
			text = tc_frestore_string(r, sha);
			zend_string_release(sha);
		}
		return text;
	}
	while (!r->threw && tc_preview_next(placeholder, from, &m)) {
		sha = zend_string_init(m.sha, 64, 0);
		text = tc_frestore_string(r, sha);
		zend_string_release(sha);
		if (text && tc_preview_of(placeholder, &m, text)) {
			return text;
		}
		if (text) {
			zend_string_release(text);
			text = NULL;
		}
		from = m.start + 1;
	}
	return NULL;
}

/* The media part stored for a text that is exactly a media placeholder,
 * decoded into *value (owned by the caller): false when there is none or
 * it is no array. */
static bool tc_frestore_media(tc_frestorer *r, zend_string *text, zval *value)
{
	zend_string *sha, *json;
	bool ok = 0;

	if (!tc_media_placeholder_parse(text, &sha)) {
		return 0;
	}
	json = tc_restore_stored(r->lookup, sha, &r->threw);
	zend_string_release(sha);
	if (json && tc_restore_decode(json, value)) {
		ok = Z_TYPE_P(value) == IS_ARRAY;
		if (!ok) {
			zval_ptr_dtor(value);
		}
	}
	if (json) {
		zend_string_release(json);
	}
	return ok;
}

/* The stored JSON text of a meta entry that decodes (a new reference), or
 * NULL. */
static zend_string *tc_frestore_json(tc_frestorer *r, zval *entry)
{
	zval *sha, value;
	zend_string *json;

	ZVAL_DEREF(entry);
	if (Z_TYPE_P(entry) != IS_ARRAY || !(sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256])))
		return NULL;
	ZVAL_DEREF(sha);
	if (Z_TYPE_P(sha) != IS_STRING || !(json = tc_restore_stored(r->lookup, Z_STR_P(sha), &r->threw))) {
		return NULL;
	}
	if (!tc_restore_decode(json, &value)) {
		zend_string_release(json);
		return NULL;
	}
	zval_ptr_dtor(&value);
	return json;
}

/* The edit that removes the member m (number i of obj) with its comma. */
static void tc_frestore_drop_member(tc_jobject *obj, uint32_t i, tc_jedit *edit)
{
	if (i > 0) {
		edit->start = obj->members[i - 1].value_end;
		edit->end = obj->members[i].value_end;
	} else {
		edit->start = obj->members[0].key_start;
		edit->end = obj->count > 1 ? obj->members[1].key_start : obj->members[0].value_end;
	}
}

/* A JSON text with its omitted members back, or NULL when none came back. */
static zend_string *tc_frestore_jtext(tc_frestorer *r, zend_string *text, zval *decoded)
{
	zval *meta = zend_hash_find_known_hash(Z_ARRVAL_P(decoded), tc_keys[TC_K_META]), *fields, *entry, *current;
	zval remaining, new_meta;
	zend_string *str_key, *restored = NULL, **stored, *meta_json = NULL;
	zend_ulong num_key;
	tc_jobject obj;
	tc_jedit *edits;
	tc_jmember *m;
	uint32_t n = 0, i;

	if (!meta) {
		return NULL;
	}
	ZVAL_DEREF(meta);
	if (Z_TYPE_P(meta) != IS_ARRAY) {
		return NULL;
	}
	if ((entry = zend_hash_find(Z_ARRVAL_P(meta), tc_fkeys[TC_FK_TEXT]))) {
		/* the whole original text was stored */
		zval *sha;

		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) == IS_ARRAY && (sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]))
				&& Z_TYPE_P(sha) == IS_STRING) {
			restored = tc_frestore_string(r, Z_STR_P(sha));
			if (restored || r->threw) {
				return restored;
			}
		}
	}
	fields = zend_hash_find_known_hash(Z_ARRVAL_P(meta), tc_keys[TC_K_OMITTED_FIELDS]);
	if (!fields) {
		return NULL;
	}
	ZVAL_DEREF(fields);
	if (Z_TYPE_P(fields) != IS_ARRAY || !tc_jtext_scan(text, &obj)) {
		return NULL;
	}
	edits = safe_emalloc(zend_hash_num_elements(Z_ARRVAL_P(fields)) + 1, sizeof(tc_jedit), 0);
	stored = safe_emalloc(zend_hash_num_elements(Z_ARRVAL_P(fields)) + 1, sizeof(zend_string *), 0);
	ZVAL_COPY(&remaining, fields);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(fields), num_key, str_key, entry) {
		current = tc_hash_find_key(Z_ARRVAL_P(decoded), str_key, num_key);
		if (!tc_restore_omitted_still(current, entry) || !(m = tc_jtext_find(&obj, str_key, num_key))) {
			continue;
		}
		if (!(stored[n] = tc_frestore_json(r, entry))) {
			if (r->threw) {
				break;
			}
			continue;
		}
		edits[n].start = m->value_start;
		edits[n].end = m->value_end;
		edits[n].str = stored[n];
		n++;
		SEPARATE_ARRAY(&remaining);
		tc_hash_drop_key(Z_ARRVAL(remaining), str_key, num_key);
	} ZEND_HASH_FOREACH_END();

	if (n && !r->threw && (m = tc_jtext_find(&obj, tc_keys[TC_K_META], 0))) {
		if (zend_hash_num_elements(Z_ARRVAL(remaining)) == 0 && !zend_hash_exists(Z_ARRVAL_P(meta), tc_keys[TC_F_CONTENT])) {
			tc_frestore_drop_member(&obj, (uint32_t) (m - obj.members), &edits[n]);
			edits[n].str = ZSTR_EMPTY_ALLOC();
		} else {
			ZVAL_COPY(&new_meta, meta);
			SEPARATE_ARRAY(&new_meta);
			Z_TRY_ADDREF(remaining);
			tc_hash_replace_key(Z_ARRVAL(new_meta), tc_keys[TC_K_OMITTED_FIELDS], 0, &remaining);
			meta_json = tc_json_encode(&new_meta);
			zval_ptr_dtor(&new_meta);
			edits[n].start = m->value_start;
			edits[n].end = m->value_end;
			edits[n].str = meta_json ? meta_json : ZSTR_EMPTY_ALLOC();
		}
		restored = tc_jtext_apply(text, edits, n + 1);
	}
	for (i = 0; i < n; i++) {
		zend_string_release(stored[i]);
	}
	if (meta_json) {
		zend_string_release(meta_json);
	}
	zval_ptr_dtor(&remaining);
	efree(stored);
	efree(edits);
	tc_jtext_dtor(&obj);
	return restored;
}

/* Restores one item's payload into root (a copy of its entry). */
static bool tc_frestore_item(tc_frestorer *r, tc_fitem *item, tc_node_root *root)
{
	zval value, *part, *text;
	zend_string *restored, *key, *held;
	zend_ulong index;
	bool changed = 0;

	switch (item->kind) {
		case TC_PL_OBJECT:
			/* (the whole payload when its meta records it) */
			if (!tc_restore_object(r->lookup, item->payload, &value, &r->threw)) {
				return 0;
			}
			break;
		case TC_PL_JSON:
			if (!(restored = tc_frestore_jtext(r, Z_STR_P(item->payload), &item->view))) {
				return 0;
			}
			ZVAL_STR(&value, restored);
			break;
		case TC_PL_TEXT:
			if (!(restored = tc_frestore_text(r, Z_STR_P(item->payload), item->name))) {
				return 0;
			}
			ZVAL_STR(&value, restored);
			break;
		case TC_PL_PARTS:
			ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(item->payload), index, key, part) {
				tc_path path;

				ZVAL_DEREF(part);
				if (r->threw || key || !(text = tc_node_get(part, TC_FK_TEXT)) || Z_TYPE_P(text) != IS_STRING) {
					continue;
				}
				/* held: the lookup is user code, and the part may be an object */
				held = zend_string_copy(Z_STR_P(text));
				path = tc_path_then(&item->path, NULL, index);
				if (tc_frestore_media(r, held, &value)) {
					/* a media part comes back whole in place of the text part */
					zend_string_release(held);
					if (tc_node_set(root, &path, &value)) {
						changed = 1;
					} else {
						zval_ptr_dtor(&value);
					}
					continue;
				}
				restored = tc_frestore_text(r, held, item->name);
				zend_string_release(held);
				if (!restored) {
					continue;
				}
				path = tc_path_then(&path, tc_fkeys[TC_FK_TEXT], 0);
				ZVAL_STR(&value, restored);
				if (tc_node_set(root, &path, &value)) {
					changed = 1;
				} else {
					zval_ptr_dtor(&value);
				}
			} ZEND_HASH_FOREACH_END();
			return changed;
		default:
			return 0;
	}
	if (!tc_node_set(root, &item->path, &value)) {
		zval_ptr_dtor(&value);
		return 0;
	}
	return 1;
}

/* Gemini: each part of entry's parts that follows a part holding a
 * response and whose text is exactly a media placeholder gets the stored
 * media part back in its place (SPEC Part 4, "Media parts"). */
static bool tc_frestore_gemini_media(tc_frestorer *r, zval *entry, tc_node_root *root)
{
	zval *parts = tc_node_get(entry, TC_FK_PARTS), *part, value, held;
	zend_string *key, *text;
	zend_ulong index;
	bool after = 0, changed = 0;
	tc_path base = {0}, path;

	if (!parts || Z_TYPE_P(parts) != IS_ARRAY) {
		return 0;
	}
	/* held: the lookup may assign to a PHP reference that holds the parts */
	ZVAL_COPY(&held, parts);
	base = tc_path_then(&base, tc_fkeys[TC_FK_PARTS], 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL(held), index, key, part) {
		ZVAL_DEREF(part);
		if (r->threw || Z_TYPE_P(part) != IS_ARRAY) {
			continue;
		}
		if (tc_gemini_holds_response(part)) {
			after = 1;
			continue;
		}
		if (!after || key || !(text = tc_node_str(part, TC_FK_TEXT))) {
			continue;
		}
		/* held: the lookup is user code */
		text = zend_string_copy(text);
		if (tc_frestore_media(r, text, &value)) {
			path = tc_path_then(&base, NULL, index);
			if (tc_node_set(root, &path, &value)) {
				changed = 1;
			} else {
				zval_ptr_dtor(&value);
			}
		}
		zend_string_release(text);
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&held);
	return changed;
}

zend_result tc_format_restore_entries(zval *out, zval *history, tc_format format, const tc_callable *lookup,
		zend_string *placeholder)
{
	tc_freader reader;
	tc_frestorer r = {lookup, placeholder, 0};
	tc_node_root root;
	uint32_t i, j;

	ZVAL_UNDEF(out);
	tc_fread(&reader, format, Z_ARRVAL_P(history), NULL, 0, placeholder);
	for (i = 0; i < reader.entry_count && !r.threw; i++) {
		tc_fentry *e = &reader.entries[i];
		bool changed = 0;

		if (!e->count) {
			continue;
		}
		tc_node_root_init(&root, e->entry);
		for (j = 0; j < e->count && !r.threw; j++) {
			changed |= tc_frestore_item(&r, &e->items[j], &root);
		}
		if (format == TC_FORMAT_GEMINI && !r.threw) {
			changed |= tc_frestore_gemini_media(&r, e->entry, &root);
		}
		tc_node_root_forget(&root);
		if (changed && !r.threw) {
			if (Z_TYPE_P(out) == IS_UNDEF) {
				ZVAL_ARR(out, zend_array_dup(Z_ARRVAL_P(history)));
			}
			tc_hash_replace_key(Z_ARRVAL_P(out), e->key, e->index, &root.value);
		} else {
			zval_ptr_dtor(&root.value);
		}
	}
	tc_freader_dtor(&reader);
	if (r.threw) {
		zval_ptr_dtor(out);
		ZVAL_NULL(out);
		return FAILURE;
	}
	if (Z_TYPE_P(out) == IS_UNDEF) {
		ZVAL_COPY(out, history);
	}
	return SUCCESS;
}
