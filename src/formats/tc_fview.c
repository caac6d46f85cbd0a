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

bool tc_fview_turn_start(void *ctx, uint32_t i)
{
	tc_fview *v = ctx;
	tc_fentry *e = i < v->reader.entry_count ? &v->reader.entries[i] : NULL;
	uint32_t k;

	if (!e || !e->role || !zend_string_equals(e->role, tc_fkeys[TC_FV_USER])) {
		return 0;
	}
	for (k = 0; k < e->count && !e->has_text; k++) {
		if (!e->items[k].call) {
			return 0;
		}
	}
	return 1;
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
	if (Z_TYPE(item->whole) != IS_UNDEF) {
		Z_TRY_ADDREF(item->whole);
		zend_hash_add_new(Z_ARRVAL(entry), tc_keys[TC_K_VIEW_ESTIMATE], &item->whole);
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
	if (Z_TYPE(e->content) != IS_UNDEF) {
		ZVAL_COPY(&value, &e->content);
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
	tc_fread(&v->reader, format, Z_ARRVAL_P(history), lazy ? params : NULL, cache, params->placeholder);
	array_init_size(&v->view, v->reader.entry_count);
	for (i = 0; i < v->reader.entry_count; i++) {
		tc_fentry *e = &v->reader.entries[i];
		tc_fcached *record = e->cached;

		e->own_message = 0;
		if (record && tc_fcache_message_still(record, e)) {
			/* the same array as on the last call: the memo knows it */
			ZVAL_COPY(&message, &record->message);
		} else {
			tc_fview_message(e, &message);
			if (record) {
				tc_fcache_keep_message(record, e, &message);
			} else {
				e->own_message = 1;
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

			/* (a pending payload is never read through the cache: its
			 * message is the view's own, made by tc_fview_message()) */
			if (item->kind != TC_PL_PENDING || !e->own_message || !tc_walk_flagged(w, i, item->call, pos)) {
				continue;
			}
			if (!v->params->collapse && tc_jtext_small(Z_STR(item->view),
					item->call ? v->params->input_trim_bytes : v->params->output_trim_bytes)) {
				continue; /* nothing to omit: the walk leaves the text as it is */
			}
			/* the view's own item: changed in place for the rewrite step to read */
			entry = tc_fview_item_of(v, i, item->call, pos);
			tc_fread_settle(&v->reader, item);
			if (item->kind == TC_PL_NONE) {
				zend_hash_del(Z_ARRVAL_P(entry), tc_keys[f]);
			} else {
				Z_TRY_ADDREF(item->view);
				zend_hash_update(Z_ARRVAL_P(entry), tc_keys[f], &item->view);
			}
			if (Z_TYPE(item->whole) != IS_UNDEF) {
				Z_TRY_ADDREF(item->whole);
				zend_hash_update(Z_ARRVAL_P(entry), tc_keys[TC_K_VIEW_ESTIMATE], &item->whole);
			}
		}
	}
}

/* The message position an onOmit record's where names. */
static zend_ulong tc_fview_record_position(zval *record)
{
	zval *where = zend_hash_index_find(Z_ARRVAL_P(record), 2);

	return (zend_ulong) Z_LVAL_P(zend_hash_str_find(Z_ARRVAL_P(where), ZEND_STRL("messageIndex")));
}

/* The onOmit list as it is written: for each entry with a note in
 * v->records, the records of a payload that was not written are left out
 * and a whole-payload record follows those of its payload. The records of
 * one message are in walk order, as its note is. */
static void tc_fview_settle_omits(tc_fview *v, zval *omits)
{
	HashTable *list = Z_ARRVAL_P(omits);
	uint32_t k = 0, n = zend_hash_num_elements(list);
	zval settled, *record, *note, *step;
	zend_ulong position;

	array_init_size(&settled, n);
	while (k < n) {
		record = zend_hash_index_find(list, k);
		position = tc_fview_record_position(record);
		if (!(note = zend_hash_index_find(&v->records, position))) {
			Z_TRY_ADDREF_P(record);
			zend_hash_next_index_insert(Z_ARRVAL(settled), record);
			k++;
			continue;
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(note), step) {
			zend_long fresh = Z_LVAL_P(zend_hash_index_find(Z_ARRVAL_P(step), 0));
			bool written = Z_TYPE_P(zend_hash_index_find(Z_ARRVAL_P(step), 1)) == IS_TRUE;
			zval *whole = zend_hash_index_find(Z_ARRVAL_P(step), 2);

			for (; fresh > 0 && k < n; fresh--, k++) {
				if (written) {
					record = zend_hash_index_find(list, k);
					Z_TRY_ADDREF_P(record);
					zend_hash_next_index_insert(Z_ARRVAL(settled), record);
				}
			}
			if (whole) {
				Z_TRY_ADDREF_P(whole);
				zend_hash_next_index_insert(Z_ARRVAL(settled), whole);
			}
		} ZEND_HASH_FOREACH_END();
		/* (what else that message queued stays as it is) */
		zend_hash_index_del(&v->records, position);
	}
	zval_ptr_dtor(omits);
	ZVAL_COPY_VALUE(omits, &settled);
}

/* Is item's walk id one made for it (tc_fread.c, tc_gemini.c) beside the
 * id its entry gives? */
static bool tc_fview_made(const tc_fitem *item)
{
	return item->given && item->id && item->id != item->given && !zend_string_equals(item->id, item->given);
}

/* The callId of an onOmit record is the id the entry gives, never a walk id
 * made for a call that gives an id an earlier call gave. (A gemini response
 * that gives none has its call's walk id: only the record's own kind of
 * item, call or result, is looked at.) */
static void tc_fview_given_ids(tc_fview *v, zval *omits)
{
	zval *record, *where, *id, *payload;
	zend_ulong position;
	uint32_t j;
	bool call;

	SEPARATE_ARRAY(omits);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(omits), record) {
		tc_fentry *e;

		position = tc_fview_record_position(record);
		where = zend_hash_index_find(Z_ARRVAL_P(record), 2);
		id = zend_hash_str_find(Z_ARRVAL_P(where), ZEND_STRL("callId"));
		if (position >= v->reader.entry_count || !id || Z_TYPE_P(id) != IS_STRING) {
			continue;
		}
		e = &v->reader.entries[position];
		payload = zend_hash_str_find(Z_ARRVAL_P(where), ZEND_STRL("payload"));
		call = payload && Z_TYPE_P(payload) == IS_STRING && zend_string_equals_literal(Z_STR_P(payload), "arguments");
		for (j = 0; j < e->count; j++) {
			if (e->items[j].call == call && tc_fview_made(&e->items[j])
					&& zend_string_equals(e->items[j].id, Z_STR_P(id))) {
				SEPARATE_ARRAY(record);
				where = zend_hash_index_find(Z_ARRVAL_P(record), 2);
				SEPARATE_ARRAY(where);
				add_assoc_str_ex(where, ZEND_STRL("callId"), zend_string_copy(e->items[j].given));
				break;
			}
		}
	} ZEND_HASH_FOREACH_END();
}

/* What one written item tells the onOmit list. */
typedef struct _tc_fwritten {
	uint32_t fresh;   /* records the walk queued for it */
	bool     written; /* its payload was written */
	zval     whole;   /* its whole-payload record, or UNDEF */
} tc_fwritten;

/* Notes in v->records, for the entry e at position, what its items' writes
 * (done[], one per item) tell the onOmit list, in walk order (results last
 * to first, then calls last to first), when the list needs telling: a
 * payload with records that was not written, or a whole-payload record.
 * Takes over the records in done. */
static void tc_fview_note(tc_fview *v, tc_fentry *e, uint32_t position, tc_fwritten *done)
{
	zval note, step;
	uint32_t j, pass;
	bool needed = 0;

	for (j = 0; j < e->count; j++) {
		needed |= (done[j].fresh && !done[j].written) || Z_TYPE(done[j].whole) != IS_UNDEF;
	}
	if (!needed) {
		return;
	}
	array_init_size(&note, e->count);
	for (pass = 0; pass < 2; pass++) {
		for (j = e->count; j-- > 0;) {
			if (e->items[j].call != (pass == 1)) {
				continue;
			}
			array_init_size(&step, 3);
			add_next_index_long(&step, done[j].fresh);
			add_next_index_bool(&step, done[j].written);
			if (Z_TYPE(done[j].whole) != IS_UNDEF) {
				add_next_index_zval(&step, &done[j].whole);
				ZVAL_UNDEF(&done[j].whole);
			}
			add_next_index_zval(&note, &step);
		}
	}
	zend_hash_index_update(&v->records, position, &note);
}

/* The payload of the j-th call or result of a new view message, or NULL. */
static zval *tc_fview_new_payload(zval *message, bool call, uint32_t j)
{
	zval *list = zend_hash_find_known_hash(Z_ARRVAL_P(message), tc_keys[call ? TC_F_TOOL_CALLS : TC_F_TOOL_RESULTS]);
	zval *item = list ? zend_hash_index_find(Z_ARRVAL_P(list), j) : NULL;

	return item ? zend_hash_find_known_hash(Z_ARRVAL_P(item), tc_keys[call ? TC_F_ARGUMENTS : TC_F_RESULT]) : NULL;
}

zend_result tc_fview_write(void *ctx, zval *out, zval *new_view, zval *omits, zend_long *saved, bool tokens,
		tc_walk_stats *stats)
{
	tc_fview *v = ctx;
	zval *message;
	tc_node_root root;
	tc_fwritten *done;
	uint32_t i = 0, j, calls, results;
	bool records = Z_TYPE_P(omits) == IS_ARRAY;

	v->saved = saved;
	v->tokens = tokens;
	/* counted again: the entries written */
	stats->messages_changed = 0;
	stats->first_changed = -1;
	ZVAL_UNDEF(out);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(new_view), message) {
		tc_fentry *e = &v->reader.entries[i];
		bool changed = 0;

		tc_fcached *record = records || v->threw ? NULL : e->cached;
		zend_long before[2] = {0, 0};
		bool unwritten = 0;

		if (Z_ARR_P(message) == e->message) {
			/* unchanged */
		} else if (record && Z_TYPE(record->written_for) == IS_ARRAY && Z_ARR(record->written_for) == Z_ARR_P(message)
				&& !record->unwritten && (!saved || (record->saved_known && (!tokens || record->saved_tokens)))) {
			/* written back before, every payload, for the same message of
			 * the walk */
			if (saved) {
				saved[0] = tc_sum_add(saved[0], record->saved[0]);
				saved[1] = tc_sum_add(saved[1], tokens ? record->saved[1] : 0);
			}
			if (Z_TYPE(record->written) != IS_UNDEF) {
				changed = 1;
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
			tc_node_root_init(&root, e->entry);
			done = records && e->count ? safe_emalloc(e->count, sizeof(tc_fwritten), 0) : NULL;
			calls = results = 0;
			for (j = 0; j < e->count; j++) {
				tc_fitem *item = &e->items[j];
				zval *payload = tc_fview_new_payload(message, item->call, item->call ? calls++ : results++);
				bool wrote = 0;

				if (done) {
					done[j].fresh = 0;
					ZVAL_UNDEF(&done[j].whole);
				}
				if (!v->threw && payload && Z_TYPE_P(payload) == IS_ARRAY && Z_TYPE(item->view) == IS_ARRAY
						&& Z_ARR_P(payload) != Z_ARR(item->view)) {
					wrote = tc_fpayload_write(v, item, i, payload, &root, done ? &done[j].whole : NULL);
					if (done) {
						done[j].fresh = tc_fpayload_fresh(item, payload);
					}
					if (!wrote) {
						tc_fpayload_unwritten(v, item, payload, stats);
						unwritten = 1;
					}
					changed |= wrote;
				}
				if (done) {
					done[j].written = wrote;
				}
			}
			tc_node_root_forget(&root);
			if (done) {
				tc_fview_note(v, e, i, done);
				for (j = 0; j < e->count; j++) {
					zval_ptr_dtor(&done[j].whole);
				}
				efree(done);
			}
			if (record && !v->threw) {
				/* kept for the next call that gets this message again */
				zval_ptr_dtor(&record->written_for);
				zval_ptr_dtor(&record->written);
				ZVAL_COPY(&record->written_for, message);
				ZVAL_UNDEF(&record->written);
				if (changed) {
					ZVAL_COPY(&record->written, &root.value);
				}
				record->saved_known = saved != NULL;
				record->unwritten = unwritten;
				record->saved_tokens = tokens;
				record->saved[0] = saved ? tc_sum_sub(saved[0], before[0]) : 0;
				record->saved[1] = saved ? tc_sum_sub(saved[1], before[1]) : 0;
			}
			if (changed) {
				if (Z_TYPE_P(out) == IS_UNDEF) {
					ZVAL_ARR(out, zend_array_dup(Z_ARRVAL_P(v->history)));
				}
				tc_hash_replace_key(Z_ARRVAL_P(out), e->key, e->index, &root.value);
			} else {
				zval_ptr_dtor(&root.value);
			}
		}
		if (changed) {
			stats->messages_changed++;
			if (stats->first_changed < 0) {
				stats->first_changed = i;
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
		tc_fview_settle_omits(v, omits);
	}
	if (records) {
		tc_fview_given_ids(v, omits);
	}
	return SUCCESS;
}
