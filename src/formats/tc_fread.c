#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fcache.h"
#include "../engine/tc_preview.h"
#include "tc_fread.h"
#include "../shapes/tc_access.h"
#include "../json/tc_json.h"
#include "tc_jtext.h"
#include "tc_placeholder.h"
#include "tc_fmedia.h"

bool tc_format_has_parts(tc_format format)
{
	return format != TC_FORMAT_GEMINI;
}

tc_fkey tc_format_part_type(tc_format format)
{
	return format == TC_FORMAT_RESPONSES ? TC_FV_INPUT_TEXT : TC_FV_TEXT_TYPE;
}

tc_fitem *tc_fread_add(tc_freader *r, tc_fentry *e, bool call, zend_string *id, zend_string *name, zval *payload,
		const tc_path *path)
{
	tc_fitem *item;

	if (r->item_count == r->item_size) {
		r->item_size = r->item_size ? r->item_size * 2 : 16;
		r->items = safe_erealloc(r->items, r->item_size, sizeof(tc_fitem), 0);
	}
	item = &r->items[r->item_count++];
	item->call = call;
	item->id = id ? zend_string_copy(id) : NULL;
	item->given = id ? zend_string_copy(id) : NULL;
	item->part = 0;
	item->name = name ? zend_string_copy(name) : NULL;
	if (payload) {
		ZVAL_COPY(&item->held, payload);
	} else {
		ZVAL_UNDEF(&item->held);
	}
	item->payload = NULL; /* set once the items stay where they are */
	item->path = *path;
	item->kind = TC_PL_NONE;
	ZVAL_UNDEF(&item->view);
	ZVAL_UNDEF(&item->whole);
	item->members = NULL;
	item->member_count = 0;
	e->count++;
	return item;
}

/* Is text a placeholder (the default one, or placeholder's for a result
 * of tool) or a preview? Then it is no field. */
static bool tc_fread_no_field(zend_string *text, zend_string *placeholder, zend_string *tool)
{
	return tc_placeholder_match(placeholder, tool, text, NULL) || tc_preview_parse(text);
}

/* The parts of a list payload of a result of tool as the walk sees them:
 * position => text, for each text part whose text is no field, and
 * position => the part, for each media part with inline data
 * (tc_fmedia.h). */
static void tc_fread_parts(zval *list, tc_format format, zval *view, zend_string *placeholder, zend_string *tool)
{
	zval *part, *text;
	zend_ulong index;
	zend_string *key;

	array_init(view);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(list), index, key, part) {
		ZVAL_DEREF(part);
		if (key) {
			continue;
		}
		if (tc_media_part(part, format, NULL)) {
			Z_TRY_ADDREF_P(part);
			zend_hash_index_add_new(Z_ARRVAL_P(view), index, part);
			continue;
		}
		if (!tc_node_is(part, TC_FK_TYPE, tc_format_part_type(format)) || !(text = tc_node_get(part, TC_FK_TEXT))
				|| Z_TYPE_P(text) != IS_STRING || tc_fread_no_field(Z_STR_P(text), placeholder, tool)
				|| tc_media_placeholder_parse(Z_STR_P(text), NULL)) {
			continue;
		}
		Z_TRY_ADDREF_P(text);
		zend_hash_index_add_new(Z_ARRVAL_P(view), index, text);
	} ZEND_HASH_FOREACH_END();
}


/* A JSON text that cannot be edited (two members with one key, or a valid
 * meta that json_encode() refuses) is never compacted: its view lists every
 * member as omitted already, so that the walk leaves it alone and still
 * reads its identifiers; the estimate counts its decoded array (whole). */
static void tc_fread_lock_unless_editable(zend_string *text, tc_fitem *item)
{
	zval *decoded = &item->view;
	zval *meta = zend_hash_find_known_hash(Z_ARRVAL_P(decoded), tc_keys[TC_K_META]), *fields, lock, omitted, flag;
	zend_string *json = NULL, *key;
	zend_ulong index;
	tc_jobject obj;
	bool editable;

	if (meta) {
		ZVAL_DEREF(meta);
		fields = Z_TYPE_P(meta) == IS_ARRAY ? zend_hash_find_known_hash(Z_ARRVAL_P(meta), tc_keys[TC_K_OMITTED_FIELDS]) : NULL;
		if (fields && Z_TYPE_P(fields) == IS_ARRAY && !(json = tc_json_encode(meta))) {
			editable = 0;
			goto lock;
		}
		if (json) {
			zend_string_release(json);
		}
	}
	/* members known from the decoding have keys all different */
	editable = item->members || tc_jtext_scan(text, &obj);
	if (editable) {
		if (!item->members) {
			tc_jtext_dtor(&obj);
		}
		return;
	}
lock:
	tc_fitem_forget_members(item);
	ZVAL_COPY(&item->whole, decoded); /* what the estimate counts */
	array_init(&omitted);
	SEPARATE_ARRAY(decoded);
	tc_hash_drop_key(Z_ARRVAL_P(decoded), tc_keys[TC_K_META], 0);
	ZVAL_TRUE(&flag);
	ZEND_HASH_FOREACH_KEY(Z_ARRVAL_P(decoded), index, key) {
		tc_hash_add_new_key(Z_ARRVAL(omitted), key, index, &flag);
	} ZEND_HASH_FOREACH_END();
	if (zend_hash_num_elements(Z_ARRVAL(omitted)) == 0) {
		zval_ptr_dtor(&omitted);
		return;
	}
	array_init_size(&lock, 1);
	zend_hash_add_new(Z_ARRVAL(lock), tc_keys[TC_K_OMITTED_FIELDS], &omitted);
	zend_hash_add_new(Z_ARRVAL_P(decoded), tc_keys[TC_K_META], &lock);
}

/* The kind and view of an item's payload (SPEC Part 4, "A payload"). */
static void tc_fread_kind(tc_fitem *item, tc_format format, const tc_params *lazy, zend_string *placeholder)
{
	zval *payload = item->payload;

	if (!payload) {
		return;
	}
	if (lazy && Z_TYPE_P(payload) == IS_STRING && tc_jtext_may_be(Z_STR_P(payload))
			&& !(item->call && item->name && tc_params_id_fields(lazy, item->name))) {
		item->kind = TC_PL_PENDING;
		ZVAL_COPY(&item->view, payload);
		return;
	}
	if (item->call && (Z_TYPE_P(payload) == IS_STRING)
			!= (format == TC_FORMAT_OPENAI || format == TC_FORMAT_RESPONSES)) {
		return; /* arguments are a JSON text, input and args an object */
	}
	if (Z_TYPE_P(payload) == IS_ARRAY) {
		if (!item->call && tc_format_has_parts(format)) {
			item->kind = TC_PL_PARTS;
			tc_fread_parts(payload, format, &item->view, placeholder, item->name);
		} else {
			item->kind = TC_PL_OBJECT;
			ZVAL_COPY(&item->view, payload);
		}
	} else if (Z_TYPE_P(payload) == IS_STRING) {
		if (tc_jtext_decode(Z_STR_P(payload), &item->view, &item->members, &item->member_count)) {
			item->kind = TC_PL_JSON;
			tc_fread_lock_unless_editable(Z_STR_P(payload), item);
		} else if (!item->call) {
			item->kind = TC_PL_TEXT;
			if (tc_fread_no_field(Z_STR_P(payload), placeholder, item->name)) {
				ZVAL_EMPTY_ARRAY(&item->view);
			} else {
				array_init_size(&item->view, 1);
				Z_TRY_ADDREF_P(payload);
				zend_hash_index_add_new(Z_ARRVAL(item->view), 0, payload);
			}
		}
	}
}

/* Is the entry's content the payload of one of its results (an OpenAI tool
 * message)? */
static bool tc_fread_content_is_payload(tc_freader *r, tc_fentry *e)
{
	uint32_t i;

	for (i = e->first; i < e->first + e->count; i++) {
		if (r->items[i].path.depth == 1 && r->items[i].path.step[0].key == tc_fkeys[TC_FK_CONTENT]) {
			return 1;
		}
	}
	return 0;
}

/* Adds text to the texts e->content holds: the string itself when it is
 * the first, else a list of them. */
static void tc_fread_text(tc_fentry *e, zend_string *text)
{
	zval first;

	if (Z_TYPE(e->content) == IS_UNDEF) {
		ZVAL_STR_COPY(&e->content, text);
		return;
	}
	if (Z_TYPE(e->content) == IS_STRING) {
		ZVAL_COPY_VALUE(&first, &e->content);
		array_init(&e->content);
		add_next_index_zval(&e->content, &first);
	}
	add_next_index_str(&e->content, zend_string_copy(text));
}

/* Adds the string text of each element of list (NULL: none) that is an
 * array, or any element when objects is set: its `text`, a thinking
 * block's `thinking`, a refusal part's `refusal`; in gemini, a text that
 * names an omitted media part is none (SPEC Part 4, "Media parts"). */
static void tc_fread_list_texts(tc_fentry *e, zval *list, bool objects, bool gemini)
{
	zval *element;
	zend_string *text;

	if (!list || Z_TYPE_P(list) != IS_ARRAY) {
		return;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), element) {
		ZVAL_DEREF(element);
		if (Z_TYPE_P(element) != IS_ARRAY && !objects) {
			continue;
		}
		if (tc_node_is(element, TC_FK_TYPE, TC_FV_THINKING)) {
			text = tc_node_str(element, TC_FV_THINKING);
		} else if (tc_node_is(element, TC_FK_TYPE, TC_FK_REFUSAL)) {
			text = tc_node_str(element, TC_FK_REFUSAL);
		} else {
			text = tc_node_str(element, TC_FK_TEXT);
		}
		if (text && !(gemini && tc_media_placeholder_parse(text, NULL))) {
			tc_fread_text(e, text);
		}
	} ZEND_HASH_FOREACH_END();
}

/* The texts a model reads in an entry beside its payloads, which the
 * estimate counts in every format (SPEC Part 4, "Estimate"): its string
 * content, or the texts of its content list (blocks may be SDK objects in
 * anthropic; Gemini: of its parts); its string `refusal` (OpenAI Chat); a
 * Responses reasoning item's summary texts. None when its content is the
 * payload of one of its results. */
static void tc_fread_content(tc_freader *r, tc_fentry *e)
{
	zval *content;
	zend_string *refusal;

	if (Z_TYPE(e->content) != IS_UNDEF || Z_TYPE_P(e->entry) != IS_ARRAY || tc_fread_content_is_payload(r, e)) {
		return;
	}
	content = tc_node_get(e->entry, r->format == TC_FORMAT_GEMINI ? TC_FK_PARTS : TC_FK_CONTENT);
	if (content && Z_TYPE_P(content) == IS_STRING) {
		tc_fread_text(e, Z_STR_P(content));
	}
	tc_fread_list_texts(e, content, r->format == TC_FORMAT_ANTHROPIC, r->format == TC_FORMAT_GEMINI);
	if ((refusal = tc_node_str(e->entry, TC_FK_REFUSAL))) {
		tc_fread_text(e, refusal);
	}
	if (r->format == TC_FORMAT_RESPONSES && tc_node_is(e->entry, TC_FK_TYPE, TC_FV_REASONING)) {
		tc_fread_list_texts(e, tc_node_get(e->entry, TC_FK_SUMMARY), 0, 0);
	}
}

void tc_fread_settle(tc_freader *r, tc_fitem *item)
{
	zval_ptr_dtor(&item->view);
	ZVAL_UNDEF(&item->view);
	zval_ptr_dtor(&item->whole);
	ZVAL_UNDEF(&item->whole);
	tc_fitem_forget_members(item);
	item->kind = TC_PL_NONE;
	tc_fread_kind(item, r->format, NULL, r->placeholder);
}

/* Adds copies of the kept items of record to entry e. */
static void tc_fread_from_cache(tc_freader *r, tc_fentry *e, tc_fcached *record)
{
	uint32_t i;

	e->role = record->role;
	ZVAL_COPY(&e->content, &record->content);
	e->has_text = record->has_text;
	e->from_cache = 1;
	for (i = 0; i < record->count; i++) {
		if (r->item_count == r->item_size) {
			r->item_size = r->item_size ? r->item_size * 2 : 16;
			r->items = safe_erealloc(r->items, r->item_size, sizeof(tc_fitem), 0);
		}
		tc_fitem_copy(&r->items[r->item_count++], &record->items[i]);
		e->count++;
	}
}

/* Lends entry e the items of its record for this read (numbered read). */
static void tc_fread_lend(tc_fentry *e, tc_fcached *record, zend_ulong read)
{
	record->read = read;
	e->entry = &record->entry; /* the cache holds it */
	e->role = record->role;
	ZVAL_COPY(&e->content, &record->content);
	e->has_text = record->has_text;
	e->from_cache = 1;
	e->count = record->count;
	e->items = record->items;
}

/* Reads entry (dereferenced) into e: the items its record lends for this
 * read (numbered read), copies of them, or what its format's reader finds. */
static void tc_fread_entry(tc_freader *r, tc_fentry *e, zval *entry, zend_ulong read, const tc_params *lazy)
{
	static void (*const readers[TC_FORMAT__COUNT])(tc_freader *, tc_fentry *, uint32_t) = {
		[TC_FORMAT_OPENAI] = tc_openai_read,
		[TC_FORMAT_RESPONSES] = tc_responses_read,
		[TC_FORMAT_ANTHROPIC] = tc_anthropic_read,
		[TC_FORMAT_GEMINI] = tc_gemini_read,
	};

	if (e->cached && e->cached->ready && e->cached->read != read) {
		tc_fread_lend(e, e->cached, read);
		return;
	}
	ZVAL_COPY(&e->held, entry);
	e->entry = &e->held;
	if (e->cached && e->cached->ready) {
		/* the same array twice in one history: copies for the second */
		tc_fread_from_cache(r, e, e->cached);
	} else if (Z_TYPE_P(e->entry) == IS_ARRAY) {
		e->role = tc_node_str(e->entry, TC_FK_ROLE);
		readers[r->format](r, e, r->entry_count);
		if (!lazy || e->cached) {
			/* (only an estimate reads it: never in a lazy read, and a
			 * cached entry may serve a read that estimates) */
			tc_fread_content(r, e);
		}
	}
}

/* The walk id of a call that gives an id an earlier call gave: that id, a
 * NUL byte, then its entry's and its own 0-based places (entry, j); the one
 * it had (a cached item's) when equal, so that what was kept for it is found
 * the same. */
static zend_string *tc_fread_made_id(const tc_fitem *item, uint32_t entry, uint32_t j)
{
	char tail[32];
	int n = snprintf(tail, sizeof(tail), "#%" PRIu32 ":%" PRIu32, entry, j);
	zend_string *made;

	tail[0] = '\0';
	made = zend_string_concat2(ZSTR_VAL(item->given), ZSTR_LEN(item->given), tail, (size_t) n);
	if (item->id && zend_string_equals(item->id, made)) {
		zend_string_release(made);
		return zend_string_copy(item->id);
	}
	return made;
}

/* Sets the walk id of item (entry i, its j-th) to id (taken). */
static void tc_fread_set_id(tc_fitem *item, zend_string *id)
{
	if (item->id) {
		zend_string_release(item->id);
	}
	item->id = id;
}

/* Gives the items of entry i their walk ids and each result its tool name
 * from names (a call's given id => its tool name) and walks (=> its walk
 * id), which hold the nearest call before with each id: a result answers
 * that call; a call that takes part and gives an id an earlier one gave gets
 * an id of its own. */
static void tc_fread_pair_entry(tc_freader *r, uint32_t i, HashTable *names, HashTable *walks)
{
	tc_fentry *e = &r->entries[i];
	uint32_t j;
	zval value, *found;

	for (j = 0; j < e->count; j++) {
		tc_fitem *item = &e->items[j];

		if (!item->given) {
			continue;
		}
		if (item->call) {
			if (!item->name) {
				continue; /* (it takes no part) */
			}
			tc_fread_set_id(item, zend_hash_exists(names, item->given)
				? tc_fread_made_id(item, i, j) : zend_string_copy(item->given));
			ZVAL_STR_COPY(&value, item->name);
			zend_hash_update(names, item->given, &value);
			ZVAL_STR_COPY(&value, item->id);
			zend_hash_update(walks, item->given, &value);
			continue;
		}
		/* a result's name is found again on every read; one whose call is
		 * not in the history is named unknown, with a walk id no call has
		 * (the walk compacts it by its own size, SPEC Part 4) */
		if (item->name) {
			zend_string_release(item->name);
		}
		found = zend_hash_find(names, item->given);
		item->name = zend_string_copy(found ? Z_STR_P(found) : tc_fkeys[TC_FV_UNKNOWN]);
		found = zend_hash_find(walks, item->given);
		tc_fread_set_id(item, found ? zend_string_copy(Z_STR_P(found)) : tc_fread_made_id(item, i, j));
	}
}

/* Pairs the entries of r, first to last (tc_fread_pair_entry()). */
static void tc_fread_pair(tc_freader *r)
{
	HashTable *names = zend_new_array(8), *walks = zend_new_array(8);
	uint32_t i;

	for (i = 0; i < r->entry_count; i++) {
		tc_fread_pair_entry(r, i, names, walks);
	}
	zend_array_destroy(names);
	zend_array_destroy(walks);
}

/* The items of the entries: where their payloads are, each payload's kind
 * and view; and the cache records filled. */
static void tc_fread_items(tc_freader *r, const tc_params *lazy)
{
	uint32_t i, j;

	for (i = 0; i < r->entry_count; i++) {
		tc_fentry *e = &r->entries[i];

		for (j = 0; j < e->count; j++) {
			tc_fitem *item = &e->items[j];

			item->payload = Z_TYPE(item->held) == IS_UNDEF ? NULL : &item->held;
			if (!e->from_cache) {
				/* an entry met before is decoded now, to be kept */
				tc_fread_kind(item, r->format, e->cached ? NULL : lazy, r->placeholder);
				if (r->format == TC_FORMAT_GEMINI && !item->call && item->kind == TC_PL_OBJECT) {
					tc_gemini_media(item, e->entry);
				}
				if (item->kind == TC_PL_PENDING && r->undecoded == r->entry_count) {
					r->undecoded = i;
				}
			}
		}
		if (e->cached && !e->from_cache && !tc_fcache_fill(e->cached, e, e->items)) {
			e->cached = NULL;
		}
	}
}

void tc_fread(tc_freader *r, tc_format format, HashTable *history, const tc_params *lazy, bool cache,
		zend_string *placeholder)
{
	zval *entry;
	zend_string *key;
	zend_ulong index, read = 0;
	uint32_t i;

	memset(r, 0, sizeof(*r));
	r->format = format;
	r->placeholder = placeholder;
	if (cache && !placeholder) {
		read = tc_fcache_begin();
		r->lending = read != 0;
	}
	zend_hash_init(&r->pending, 8, NULL, ZVAL_PTR_DTOR, 0);
	r->entries = safe_emalloc(zend_hash_num_elements(history), sizeof(tc_fentry), 0);
	ZEND_HASH_FOREACH_KEY_VAL(history, index, key, entry) {
		tc_fentry *e = &r->entries[r->entry_count];
		tc_fcached *record = NULL;
		bool created = 0;

		ZVAL_DEREF(entry);
		/* (set field by field: cheaper than a memset for each of many entries) */
		e->entry = NULL;
		ZVAL_UNDEF(&e->held);
		e->key = key;
		e->index = index;
		e->role = NULL;
		ZVAL_UNDEF(&e->content);
		e->has_text = e->from_cache = 0;
		e->first = r->item_count;
		e->count = 0;
		e->items = NULL;
		e->message = NULL;
		if (r->lending && Z_TYPE_P(entry) == IS_ARRAY) {
			record = tc_fcache_get(entry, format, &created);
		}
		e->cached = created ? NULL : record; /* (met for the first time: noted only) */
		tc_fread_entry(r, e, entry, read, lazy);
		r->entry_count++;
	} ZEND_HASH_FOREACH_END();
	for (i = 0; i < r->entry_count; i++) {
		if (!r->entries[i].items) {
			r->entries[i].items = r->items + r->entries[i].first;
		}
	}
	r->undecoded = r->entry_count;

	if (format == TC_FORMAT_GEMINI) {
		tc_gemini_pair(r); /* a Gemini response names its tool itself */
	} else {
		tc_fread_pair(r);
	}
	tc_fread_items(r, lazy);
}

void tc_freader_dtor(tc_freader *r)
{
	if (r->lending) {
		tc_fcache_end();
	}
	uint32_t i;

	for (i = 0; i < r->item_count; i++) {
		tc_fitem_dtor(&r->items[i]);
	}
	if (r->items) {
		efree(r->items);
	}
	for (i = 0; i < r->entry_count; i++) {
		zval_ptr_dtor(&r->entries[i].held);
		zval_ptr_dtor(&r->entries[i].content);
	}
	efree(r->entries);
	zend_hash_destroy(&r->pending);
}
