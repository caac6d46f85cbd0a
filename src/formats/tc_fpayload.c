/*
 * A payload the walk changed, written back in the provider's form (SPEC
 * Part 4, "A payload is one of"): an object as it is, a JSON text edited in
 * place, a text or a text part as the placeholder or its preview (Part 6).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"

#include "../shapes/tc_access.h"
#include "../json/tc_json.h"
#include "../engine/tc_payload.h"
#include "../engine/tc_estimate.h"
#include "tc_fview.h"
#include "tc_jtext.h"
#include "tc_placeholder.h"
#include "tc_fmedia.h"

#define TC_QUOTED_OMITTED "\"[omitted]\""
#define TC_META_MEMBER ",\"_tool_compaction\":"

/* Adds to v->saved (when the pass measures) what a payload saves written
 * (as_written) beyond the form the walk made of it (as_walked): the report
 * and the gate count the written form (SPEC Part 4, "Estimate"). */
static void tc_fpayload_saved(tc_fview *v, zval *as_walked, zval *as_written)
{
	tc_size walked = {0, 0}, written = {0, 0};

	if (!v->saved || v->threw) {
		return;
	}
	if (tc_estimate_payload(v->params, as_walked, v->tokens, &walked) == FAILURE
			|| tc_estimate_payload(v->params, as_written, v->tokens, &written) == FAILURE) {
		v->threw = 1;
		return;
	}
	/* (each estimate is >= 0: the differences cannot wrap, their sums could) */
	v->saved[0] = tc_sum_add(v->saved[0], walked.bytes - written.bytes);
	v->saved[1] = tc_sum_add(v->saved[1], walked.tokens - written.tokens);
}

/* A payload is written only when its written form is shorter than it was
 * (SPEC Part 4, "A compaction never makes a payload larger"): a text or a
 * JSON text by its bytes. */
static bool tc_shorter(zend_string *written, zend_string *was)
{
	return ZSTR_LEN(written) < ZSTR_LEN(was);
}

/* Is value the string "[omitted]"? */
static bool tc_is_omitted(zval *value)
{
	return value && Z_TYPE_P(value) == IS_STRING && zend_string_equals(Z_STR_P(value), tc_keys[TC_V_OMITTED]);
}

static zend_string *tc_placeholder_of(tc_fview *v, tc_fitem *item, zval *entry);

/* Did the walk change the field that was old (borrowed, NULL: none) and is
 * now now (borrowed): a new string ("[omitted]", a preview, the collapsed
 * text) in place of another value? An unchanged field is the very same
 * value. */
static bool tc_field_changed(zval *now, zval *old)
{
	return now && Z_TYPE_P(now) == IS_STRING
		&& (!old || Z_TYPE_P(old) != IS_STRING || Z_STR_P(old) != Z_STR_P(now))
		&& !(tc_is_omitted(now) && tc_is_omitted(old));
}

/* What an omitted text of item becomes: its preview, or the placeholder of
 * its omittedFields entry. */
static zend_string *tc_omitted_text(tc_fview *v, tc_fitem *item, zval *now, zval *entry)
{
	return tc_is_omitted(now) ? tc_placeholder_of(v, item, entry) : zend_string_copy(Z_STR_P(now));
}

/* The omittedFields of a payload the walk made (an array zval, borrowed), or
 * NULL when it omitted nothing (only collapsed whitespace: it has no meta,
 * or the one it had, which a PHP reference may hold). */
static zval *tc_omitted_fields_zv(zval *payload)
{
	zval *meta = zend_hash_find_known_hash(Z_ARRVAL_P(payload), tc_keys[TC_K_META]);

	if (!meta) {
		return NULL;
	}
	ZVAL_DEREF(meta);
	meta = Z_TYPE_P(meta) == IS_ARRAY ? zend_hash_find_known_hash(Z_ARRVAL_P(meta), tc_keys[TC_K_OMITTED_FIELDS]) : NULL;
	if (meta) {
		ZVAL_DEREF(meta);
	}
	return meta && Z_TYPE_P(meta) == IS_ARRAY ? meta : NULL;
}

/* tc_omitted_fields_zv() as a table (borrowed), or NULL. */
static HashTable *tc_omitted_fields(zval *payload)
{
	zval *fields = tc_omitted_fields_zv(payload);

	return fields ? Z_ARRVAL_P(fields) : NULL;
}

/* The omittedFields entry of key (a string key, or num_key when it is NULL)
 * in fields (NULL: none). */
static zval *tc_omitted_entry(HashTable *fields, zend_string *key, zend_ulong num_key)
{
	return fields ? tc_hash_find_key(fields, key, num_key) : NULL;
}

/* The placeholder of an omittedFields entry of item: the pass's template
 * (or the default) for its tool. */
static zend_string *tc_placeholder_of(tc_fview *v, tc_fitem *item, zval *entry)
{
	zval *bytes = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_BYTES]);
	zval *sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]);

	return tc_placeholder_write(v->params->placeholder, item->name, Z_LVAL_P(bytes), Z_STR_P(sha));
}

/* The length of the placeholder of an omittedFields entry of item. */
static size_t tc_placeholder_length(tc_fview *v, tc_fitem *item, zval *entry)
{
	zend_string *text = tc_placeholder_of(v, item, entry);
	size_t length = ZSTR_LEN(text);

	zend_string_release(text);
	return length;
}

/* Sets the root's value at path to str (taken over). */
static bool tc_set_str(tc_node_root *root, const tc_path *path, zend_string *str)
{
	zval value;

	ZVAL_STR(&value, str);
	if (!tc_node_set(root, path, &value)) {
		zval_ptr_dtor(&value);
		return 0;
	}
	return 1;
}

/* Has a newly omitted member a text other than json_encode() of its value? */
static bool tc_member_differs(zend_string *text, tc_jmember *m, zval *value)
{
	zend_string *json = tc_json_encode(value);
	bool differs = !json || ZSTR_LEN(json) != m->value_end - m->value_start
		|| memcmp(ZSTR_VAL(json), ZSTR_VAL(text) + m->value_start, ZSTR_LEN(json)) != 0;

	if (json) {
		zend_string_release(json);
	}
	return differs;
}

/* Is the member _tool_compaction of a payload as it was read (view) one
 * that restoring cannot give back once the pass has merged into it: not a
 * valid meta, or one that lists no field? */
static bool tc_meta_foreign(zval *view)
{
	HashTable *fields;

	if (!zend_hash_exists(Z_ARRVAL_P(view), tc_keys[TC_K_META])) {
		return 0;
	}
	fields = tc_omitted_fields(view);
	return !fields || zend_hash_num_elements(fields) == 0;
}

uint32_t tc_fpayload_fresh(tc_fitem *item, zval *new_payload)
{
	HashTable *now = tc_omitted_fields(new_payload), *before;
	zend_string *str_key;
	zend_ulong num_key;
	uint32_t fresh = 0;

	if (!now || Z_TYPE(item->view) != IS_ARRAY) {
		return 0;
	}
	before = tc_omitted_fields(&item->view);
	ZEND_HASH_FOREACH_KEY(now, num_key, str_key) {
		fresh += !before || !tc_hash_find_key(before, str_key, num_key);
	} ZEND_HASH_FOREACH_END();
	return fresh;
}

void tc_fpayload_unwritten(tc_fview *v, tc_fitem *item, zval *new_payload, tc_walk_stats *stats)
{
	HashTable *now = tc_omitted_fields(new_payload), *before = tc_omitted_fields(&item->view);
	zend_string *str_key;
	zend_ulong num_key;
	zval *value;

	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(new_payload), num_key, str_key, value) {
		if (str_key && zend_string_equals(str_key, tc_keys[TC_K_META])) {
			continue;
		}
		if (tc_omitted_entry(now, str_key, num_key) && !tc_omitted_entry(before, str_key, num_key)) {
			/* omitted by this pass: "[omitted]" or a preview */
			stats->fields_omitted--;
			stats->fields_previewed -= !tc_is_omitted(value);
		} else if (tc_field_changed(value, tc_hash_find_key(Z_ARRVAL(item->view), str_key, num_key))) {
			stats->fields_collapsed--;
		}
	} ZEND_HASH_FOREACH_END();
	if (item->call) {
		stats->calls_compacted--;
	} else {
		stats->results_compacted--;
	}
	/* the walk counted what the view's payload saved */
	tc_fpayload_saved(v, new_payload, &item->view);
}

/* Adds to meta (an array the caller owns) the record of the whole payload
 * of item as it was read (a text of bytes bytes; 0: an array, sized by its
 * JSON), and makes *record its onOmit record for the entry at position;
 * false when it cannot be encoded. */
static bool tc_whole_record(tc_fitem *item, uint32_t position, size_t bytes, zval *meta, zval *record)
{
	zend_string *hex, *json = tc_payload_whole(item->payload, bytes, meta, &hex);
	zval where;

	if (!json) {
		return 0;
	}

	array_init_size(&where, 5);
	add_assoc_long_ex(&where, ZEND_STRL("messageIndex"), position);
	add_assoc_str_ex(&where, ZEND_STRL("callId"), zend_string_copy(item->given ? item->given : item->id));
	add_assoc_str_ex(&where, ZEND_STRL("tool"), zend_string_copy(item->name));
	add_assoc_null_ex(&where, ZEND_STRL("field"));
	add_assoc_string_ex(&where, ZEND_STRL("payload"), item->call ? "arguments" : "result");
	array_init_size(record, 3);
	add_next_index_str(record, zend_string_copy(hex));
	add_next_index_str(record, json);
	add_next_index_zval(record, &where);
	return 1;
}

/* new_payload (borrowed) with meta (taken over) as its meta, into *out
 * (owned by the caller). */
static void tc_with_meta(zval *out, zval *new_payload, zval *meta)
{
	ZVAL_ARR(out, zend_array_dup(Z_ARRVAL_P(new_payload)));
	zend_hash_update(Z_ARRVAL_P(out), tc_keys[TC_K_META], meta);
}

static void tc_release_str_ptr(zval *zv)
{
	zend_string_release((zend_string *) Z_PTR_P(zv));
}

/* A JSON text with the fields the walk omitted (new_payload) written in
 * place and its meta set. */
static bool tc_write_json(tc_fview *v, tc_fitem *item, uint32_t position, zval *new_payload, tc_node_root *root, zval *whole_record)
{
	zend_string *text = Z_STR_P(item->payload), *str_key, *quoted, *meta_json, *inserted = NULL, *edited;
	tc_jobject obj;
	HashTable *omitted;
	HashTable encoded; /* the JSON strings written for previews and collapsed texts */
	tc_jedit *edits;
	tc_jmember *m;
	zval *value, meta, *new_meta, *old_meta, record, as_written;
	zend_ulong num_key;
	uint32_t n = 0;
	bool records = whole_record != NULL, whole = 0, ok;

	if (item->members) {
		tc_jtext_known(&obj, item->members, item->member_count, Z_ARRVAL(item->view));
	} else if (!tc_jtext_scan(text, &obj)) {
		return 0;
	}
	if (obj.count == 0) {
		tc_jtext_dtor(&obj);
		return 0;
	}
	edits = safe_emalloc(obj.count + 1, sizeof(tc_jedit), 0);
	quoted = zend_string_init(ZEND_STRL(TC_QUOTED_OMITTED), 0);
	zend_hash_init(&encoded, 0, NULL, tc_release_str_ptr, 0);
	omitted = tc_omitted_fields(new_payload);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(new_payload), num_key, str_key, value) {
		zval *old = tc_hash_find_key(Z_ARRVAL(item->view), str_key, num_key);

		if (!old || !tc_field_changed(value, old) || !(m = tc_jtext_find(&obj, str_key, num_key))) {
			continue;
		}
		edits[n].start = m->value_start;
		edits[n].end = m->value_end;
		/* a preview or a collapsed text is written as its JSON string (kept in encoded) */
		edits[n++].str = tc_is_omitted(value) ? quoted : tc_json_encode(value);
		if (!edits[n - 1].str) {
			n--;
			continue;
		}
		if (edits[n - 1].str != quoted) {
			zend_hash_next_index_insert_ptr(&encoded, edits[n - 1].str);
		}
		/* (a member whose whitespace was collapsed is no omitted one) */
		whole |= records && tc_omitted_entry(omitted, str_key, num_key) && tc_member_differs(text, m, old);
	} ZEND_HASH_FOREACH_END();

	new_meta = zend_hash_find_known_hash(Z_ARRVAL_P(new_payload), tc_keys[TC_K_META]);
	old_meta = zend_hash_find_known_hash(Z_ARRVAL(item->view), tc_keys[TC_K_META]);
	if (!new_meta || (old_meta && Z_TYPE_P(new_meta) == IS_ARRAY && Z_TYPE_P(old_meta) == IS_ARRAY
			&& Z_ARR_P(new_meta) == Z_ARR_P(old_meta))) {
		/* nothing omitted, only whitespace collapsed: the meta stays */
		ok = 0;
		if (n > 0) {
			edited = tc_jtext_apply(text, edits, n);
			if (tc_shorter(edited, text)) {
				ok = tc_set_str(root, &item->path, edited);
			} else {
				zend_string_release(edited);
			}
		}
		goto done;
	}
	ZVAL_COPY(&meta, new_meta);
	ZVAL_UNDEF(&record);
	/* a _tool_compaction member the pass merged into goes back with the
	 * whole text */
	whole |= records && tc_meta_foreign(&item->view);
	ZVAL_UNDEF(&as_written);
	if (whole && !zend_hash_exists(Z_ARRVAL(meta), tc_fkeys[TC_FK_TEXT])) {
		SEPARATE_ARRAY(&meta);
		if (tc_whole_record(item, position, ZSTR_LEN(text), &meta, &record)) {
			/* the text's meta has one more record than the walk's */
			Z_ADDREF(meta);
			tc_with_meta(&as_written, new_payload, &meta);
		}
	}
	meta_json = tc_json_encode(&meta);
	zval_ptr_dtor(&meta);
	ok = meta_json != NULL;
	if (ok) {
		if ((m = tc_jtext_find(&obj, tc_keys[TC_K_META], 0))) {
			edits[n].start = m->value_start;
			edits[n].end = m->value_end;
			edits[n++].str = meta_json;
		} else {
			inserted = zend_string_concat2(ZEND_STRL(TC_META_MEMBER), ZSTR_VAL(meta_json), ZSTR_LEN(meta_json));
			edits[n].start = edits[n].end = obj.members[obj.count - 1].value_end;
			edits[n++].str = inserted;
		}
		edited = tc_jtext_apply(text, edits, n);
		if (tc_shorter(edited, text)) {
			ok = tc_set_str(root, &item->path, edited);
		} else {
			zend_string_release(edited);
			ok = 0;
		}
		zend_string_release(meta_json);
	}
	if (ok && Z_TYPE(record) != IS_UNDEF) {
		tc_fpayload_saved(v, new_payload, &as_written);
		ZVAL_COPY_VALUE(whole_record, &record);
	} else {
		zval_ptr_dtor(&record);
	}
	zval_ptr_dtor(&as_written);
	if (inserted) {
		zend_string_release(inserted);
	}
done:
	zend_string_release(quoted);
	zend_hash_destroy(&encoded);
	efree(edits);
	tc_jtext_dtor(&obj);
	return ok;
}

/* Writes, at path in root, the text part that names the omitted media part
 * (its omittedFields entry: bytes and sha256 of its JSON). */
static bool tc_write_media(tc_fview *v, zval *part, zval *entry, tc_node_root *root, const tc_path *path)
{
	zval *bytes = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_BYTES]);
	zval *sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]);
	zend_string *type;
	zval text_part;

	if (!tc_media_part(part, v->reader.format, &type)) {
		return 0; /* (user code changed an SDK object since it was read) */
	}
	tc_media_text_part(&text_part, v->reader.format, tc_media_placeholder(type, Z_LVAL_P(bytes), Z_STR_P(sha)));
	zend_string_release(type);
	if (!tc_node_set(root, path, &text_part)) {
		zval_ptr_dtor(&text_part);
		return 0;
	}
	return 1;
}

/* What writing the text that names an omitted media part (part, its
 * omittedFields entry) adds to the bytes of a list's texts: that text's
 * length less the part's JSON bytes. */
static zend_long tc_media_grown(tc_fview *v, zval *part, zval *entry)
{
	zval *bytes = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_BYTES]);
	zval *sha = zend_hash_find_known_hash(Z_ARRVAL_P(entry), tc_keys[TC_K_SHA256]);
	zend_string *type, *text;
	zend_long grown;

	if (!tc_media_part(part, v->reader.format, &type)) {
		return 0;
	}
	text = tc_media_placeholder(type, Z_LVAL_P(bytes), Z_STR_P(sha));
	grown = (zend_long) ZSTR_LEN(text) - Z_LVAL_P(bytes);
	zend_string_release(text);
	zend_string_release(type);
	return grown;
}

/* Each text part the walk omitted becomes the placeholder or its preview,
 * each one whose whitespace it collapsed the shorter text. */
static bool tc_write_parts(tc_fview *v, tc_fitem *item, zval *new_payload, tc_node_root *root)
{
	HashTable *omitted = tc_omitted_fields(new_payload);
	zval *now, *entry, *old, as_written, copy;
	zend_string *str_key;
	zend_ulong num_key;
	bool changed = 0;

	zend_long grown = 0;
	zval *was;

	/* the parts' texts as written: the list is left as it is unless they
	 * are shorter together than they were */
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(new_payload), num_key, str_key, now) {
		if (str_key || !tc_field_changed(now, was = zend_hash_index_find(Z_ARRVAL(item->view), num_key)) || !was) {
			continue;
		}
		entry = tc_omitted_entry(omitted, NULL, num_key);
		if (Z_TYPE_P(was) != IS_STRING) {
			/* a media part: its JSON's bytes, against the text naming it */
			if (entry && tc_is_omitted(now)) {
				grown += tc_media_grown(v, was, entry);
			}
			continue;
		}
		grown += (zend_long) (entry && tc_is_omitted(now) ? tc_placeholder_length(v, item, entry) : Z_STRLEN_P(now))
			- (zend_long) Z_STRLEN_P(was);
	} ZEND_HASH_FOREACH_END();
	if (grown >= 0) {
		return 0;
	}
	/* written, the parts that became placeholders or previews are no fields */
	ZVAL_ARR(&as_written, zend_array_dup(Z_ARRVAL(item->view)));

	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(new_payload), num_key, str_key, now) {
		tc_path path;

		if (str_key || !tc_field_changed(now, zend_hash_index_find(Z_ARRVAL(item->view), num_key))) {
			continue;
		}
		entry = tc_omitted_entry(omitted, NULL, num_key);
		path = tc_path_then(&item->path, NULL, num_key);
		old = zend_hash_index_find(Z_ARRVAL(item->view), num_key);
		if (old && Z_TYPE_P(old) != IS_STRING) {
			/* a media part: a text part naming it takes its place */
			if (entry && tc_is_omitted(now) && tc_write_media(v, old, entry, root, &path)) {
				changed = 1;
				zend_hash_index_del(Z_ARRVAL(as_written), num_key);
			}
			continue;
		}
		path = tc_path_then(&path, tc_fkeys[TC_FK_TEXT], 0);
		if (tc_set_str(root, &path, entry ? tc_omitted_text(v, item, now, entry) : zend_string_copy(Z_STR_P(now)))) {
			changed = 1;
			if (entry) {
				zend_hash_index_del(Z_ARRVAL(as_written), num_key);
			} else {
				ZVAL_COPY(&copy, now);
				zend_hash_index_update(Z_ARRVAL(as_written), num_key, &copy);
			}
		}
	} ZEND_HASH_FOREACH_END();
	if (changed) {
		tc_fpayload_saved(v, new_payload, &as_written);
	}
	zval_ptr_dtor(&as_written);
	return changed;
}

/* Is the object payload written (borrowed) shorter in JSON than the one it
 * replaces (borrowed)? One a JsonSerializable fails to encode is not. */
static bool tc_object_shorter(zval *written, zval *was)
{
	zend_long now = tc_json_partial_bytes(written), before = now < 0 ? -1 : tc_json_partial_bytes(was);

	return before >= 0 && now < before;
}

/* An object payload as the walk made it; with whole_record (else NULL),
 * the whole payload as it was read is recorded as well when the pass merged
 * into a _tool_compaction member it had. */
static bool tc_write_object(tc_fview *v, tc_fitem *item, uint32_t position, zval *new_payload, tc_node_root *root,
		zval *whole_record)
{
	zval value, meta, record, *new_meta = zend_hash_find_known_hash(Z_ARRVAL_P(new_payload), tc_keys[TC_K_META]);

	ZVAL_UNDEF(&record);
	ZVAL_COPY(&value, new_payload);
	if (whole_record && new_meta && Z_TYPE_P(new_meta) == IS_ARRAY && tc_meta_foreign(&item->view)
			&& tc_fpayload_fresh(item, new_payload)) {
		ZVAL_DUP(&meta, new_meta);
		if (tc_whole_record(item, position, 0, &meta, &record)) {
			zval_ptr_dtor(&value);
			tc_with_meta(&value, new_payload, &meta);
		} else {
			zval_ptr_dtor(&meta);
		}
	}
	if (!tc_object_shorter(&value, item->payload)) {
		zval_ptr_dtor(&value);
		zval_ptr_dtor(&record);
		return 0;
	}
	Z_TRY_ADDREF(value);
	if (!tc_node_set(root, &item->path, &value)) {
		zval_ptr_dtor(&value);
		zval_ptr_dtor(&value);
		zval_ptr_dtor(&record);
		return 0;
	}
	if (Z_TYPE(record) != IS_UNDEF) {
		/* the written meta has one more record than the walk's */
		tc_fpayload_saved(v, new_payload, &value);
		ZVAL_COPY_VALUE(whole_record, &record);
	}
	zval_ptr_dtor(&value);
	return 1;
}

/* Is key of a view of item one of its media parts (a key its response
 * lacks, tc_gemini_media())? */
static bool tc_is_media_key(tc_fitem *item, zend_string *str_key, zend_ulong num_key)
{
	return !str_key && !zend_hash_index_exists(Z_ARRVAL_P(item->payload), num_key);
}

/* Gemini: does the view of item hold media parts of its entry? */
static bool tc_has_media(tc_fitem *item)
{
	zend_string *str_key;
	zend_ulong num_key;

	if (Z_TYPE(item->view) != IS_ARRAY || Z_TYPE_P(item->payload) != IS_ARRAY
			|| Z_ARR(item->view) == Z_ARR_P(item->payload)) {
		return 0;
	}
	ZEND_HASH_FOREACH_KEY(Z_ARRVAL(item->view), num_key, str_key) {
		if (tc_is_media_key(item, str_key, num_key)) {
			return 1;
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}

/* Gemini: a response whose view holds media parts of its entry (SPEC Part 4,
 * "Media parts"). The response is written as the walk made it without them
 * when one of its own members changed (its meta listing its own members
 * only); each media part the walk omitted becomes the text part naming it,
 * in the entry's parts. Written only when the response's JSON and the
 * media parts' (a placeholder's text for an omitted one) are shorter
 * together than they were. */
static bool tc_write_gemini(tc_fview *v, tc_fitem *item, uint32_t position, zval *new_payload, tc_node_root *root,
		zval *whole_record)
{
	HashTable *omitted, *before = tc_omitted_fields(&item->view);
	zval response, as_written, record, meta, listed_held, *value, *old, *entry, *new_meta;
	zend_string *str_key;
	zend_ulong num_key;
	zend_long grown = 0, was, now;
	bool fresh = 0, changed = 0, media = 0, ok = 0;
	tc_path base = {0}, path;

	/* held: the JSON encodings below run JsonSerializable code, which may
	 * assign to a PHP reference holding the meta the payload kept */
	if ((value = tc_omitted_fields_zv(new_payload))) {
		ZVAL_COPY(&listed_held, value);
		omitted = Z_ARRVAL(listed_held);
	} else {
		ZVAL_UNDEF(&listed_held);
		omitted = NULL;
	}
	ZVAL_UNDEF(&record);
	ZVAL_ARR(&response, zend_array_dup(Z_ARRVAL_P(new_payload)));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(new_payload), num_key, str_key, value) {
		if (str_key && zend_string_equals(str_key, tc_keys[TC_K_META])) {
			continue;
		}
		old = tc_hash_find_key(Z_ARRVAL(item->view), str_key, num_key);
		entry = tc_omitted_entry(omitted, str_key, num_key);
		if (!tc_is_media_key(item, str_key, num_key)) {
			changed |= tc_field_changed(value, old);
			fresh |= entry && !tc_omitted_entry(before, str_key, num_key);
			continue;
		}
		zend_hash_index_del(Z_ARRVAL(response), num_key);
		if (old && entry && tc_is_omitted(value) && tc_field_changed(value, old)) {
			grown += tc_media_grown(v, old, entry);
			media = 1;
		}
	} ZEND_HASH_FOREACH_END();
	if (!changed && !media) {
		zval_ptr_dtor(&response);
		zval_ptr_dtor(&listed_held);
		return 0;
	}
	/* the response's meta lists its own members only */
	new_meta = zend_hash_find_known_hash(Z_ARRVAL(response), tc_keys[TC_K_META]);
	if (!fresh) {
		old = zend_hash_find_known_hash(Z_ARRVAL(item->view), tc_keys[TC_K_META]);
		if (old) {
			Z_TRY_ADDREF_P(old);
			zend_hash_update(Z_ARRVAL(response), tc_keys[TC_K_META], old);
		} else {
			zend_hash_del(Z_ARRVAL(response), tc_keys[TC_K_META]);
		}
	} else if (new_meta && Z_TYPE_P(new_meta) == IS_ARRAY) {
		zval fields, *listed;

		ZVAL_DUP(&meta, new_meta);
		listed = zend_hash_find_known_hash(Z_ARRVAL(meta), tc_keys[TC_K_OMITTED_FIELDS]);
		if (listed && Z_TYPE_P(listed) == IS_ARRAY) {
			ZVAL_DUP(&fields, listed);
			ZEND_HASH_FOREACH_KEY(Z_ARRVAL_P(listed), num_key, str_key) {
				if (tc_is_media_key(item, str_key, num_key) && zend_hash_index_exists(Z_ARRVAL(item->view), num_key)) {
					zend_hash_index_del(Z_ARRVAL(fields), num_key);
				}
			} ZEND_HASH_FOREACH_END();
			zend_hash_update(Z_ARRVAL(meta), tc_keys[TC_K_OMITTED_FIELDS], &fields);
		}
		if (whole_record && tc_meta_foreign(&item->view)) {
			tc_whole_record(item, position, 0, &meta, &record);
		}
		zend_hash_update(Z_ARRVAL(response), tc_keys[TC_K_META], &meta);
	}
	was = tc_json_partial_bytes(item->payload);
	now = changed ? tc_json_partial_bytes(&response) : was;
	if (was < 0 || now < 0 || now + grown >= was) {
		zval_ptr_dtor(&response);
		zval_ptr_dtor(&record);
		zval_ptr_dtor(&listed_held);
		return 0;
	}
	/* what the estimate sees written: the response and the media parts kept */
	ZVAL_ARR(&as_written, zend_array_dup(changed ? Z_ARRVAL(response) : Z_ARRVAL_P(item->payload)));
	if (changed) {
		Z_ADDREF(response);
		if (tc_node_set(root, &item->path, &response)) {
			ok = 1;
		} else {
			zval_ptr_dtor(&response);
		}
	}
	base = tc_path_then(&base, tc_fkeys[TC_FK_PARTS], 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(new_payload), num_key, str_key, value) {
		if ((str_key && zend_string_equals(str_key, tc_keys[TC_K_META])) || !tc_is_media_key(item, str_key, num_key)) {
			continue;
		}
		old = zend_hash_index_find(Z_ARRVAL(item->view), num_key);
		entry = tc_omitted_entry(omitted, NULL, num_key);
		path = tc_path_then(&base, NULL, num_key);
		if (old && entry && tc_is_omitted(value) && tc_field_changed(value, old)
				&& tc_write_media(v, old, entry, root, &path)) {
			ok = 1;
		} else if (old) {
			Z_TRY_ADDREF_P(old);
			zend_hash_index_update(Z_ARRVAL(as_written), num_key, old);
		}
	} ZEND_HASH_FOREACH_END();
	if (ok) {
		tc_fpayload_saved(v, new_payload, &as_written);
		if (Z_TYPE(record) != IS_UNDEF) {
			ZVAL_COPY_VALUE(whole_record, &record);
			ZVAL_UNDEF(&record);
		}
	}
	zval_ptr_dtor(&as_written);
	zval_ptr_dtor(&response);
	zval_ptr_dtor(&record);
	zval_ptr_dtor(&listed_held);
	return ok;
}

bool tc_fpayload_write(tc_fview *v, tc_fitem *item, uint32_t position, zval *new_payload, tc_node_root *root,
		zval *whole_record)
{
	zval value, *entry, *now;
	zend_string *text;

	if (whole_record) {
		ZVAL_UNDEF(whole_record);
	}
	switch (item->kind) {
		case TC_PL_OBJECT:
			if (v->reader.format == TC_FORMAT_GEMINI && tc_has_media(item)) {
				return tc_write_gemini(v, item, position, new_payload, root, whole_record);
			}
			return tc_write_object(v, item, position, new_payload, root, whole_record);
		case TC_PL_JSON:
			return tc_write_json(v, item, position, new_payload, root, whole_record);
		case TC_PL_TEXT:
			now = zend_hash_index_find(Z_ARRVAL_P(new_payload), 0);
			entry = tc_omitted_entry(tc_omitted_fields(new_payload), NULL, 0);
			if (!now || Z_TYPE_P(now) != IS_STRING) {
				return 0;
			}
			if (!entry) {
				/* its whitespace collapsed: written as the walk made it */
				return tc_set_str(root, &item->path, zend_string_copy(Z_STR_P(now)));
			}
			text = tc_omitted_text(v, item, now, entry);
			if (!tc_shorter(text, Z_STR_P(item->payload))) {
				zend_string_release(text);
				return 0;
			}
			if (!tc_set_str(root, &item->path, text)) {
				return 0;
			}
			/* written, a placeholder or a preview is no field: [] */
			ZVAL_EMPTY_ARRAY(&value);
			tc_fpayload_saved(v, new_payload, &value);
			return 1;
		case TC_PL_PARTS:
			return tc_write_parts(v, item, new_payload, root);
		default:
			return 0;
	}
}
