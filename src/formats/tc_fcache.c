#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../../php_toolcompact.h"

#include "../shapes/tc_access.h"
#include "tc_fcache.h"

/* Deeper than any entry worth keeping. */
#define TC_FCACHE_MAX_DEPTH 64

bool tc_fcache_enabled(void)
{
	return TOOLCOMPACT_G(memo_entries) > 0 && TOOLCOMPACT_G(format_cache);
}

void tc_fitem_copy(tc_fitem *out, const tc_fitem *item)
{
	*out = *item;
	if (out->id) {
		zend_string_addref(out->id);
	}
	if (out->given) {
		zend_string_addref(out->given);
	}
	if (out->name) {
		zend_string_addref(out->name);
	}
	Z_TRY_ADDREF(out->held);
	Z_TRY_ADDREF(out->view);
	Z_TRY_ADDREF(out->whole);
	if (item->members) {
		out->members = safe_emalloc(item->member_count, sizeof(tc_jmember), 0);
		memcpy(out->members, item->members, item->member_count * sizeof(tc_jmember));
	}
	out->payload = NULL; /* the reader sets it once its items stay where they are */
}

void tc_fitem_dtor(tc_fitem *item)
{
	if (item->id) {
		zend_string_release(item->id);
	}
	if (item->given) {
		zend_string_release(item->given);
	}
	if (item->name) {
		zend_string_release(item->name);
	}
	zval_ptr_dtor(&item->view);
	zval_ptr_dtor(&item->whole);
	zval_ptr_dtor(&item->held);
	tc_fitem_forget_members(item);
}

void tc_fitem_forget_members(tc_fitem *item)
{
	if (item->members) {
		efree(item->members);
		item->members = NULL;
		item->member_count = 0;
	}
}

static void tc_fcache_forget_message(tc_fcached *record)
{
	uint32_t i;

	zval_ptr_dtor(&record->message);
	ZVAL_UNDEF(&record->message);
	for (i = 0; i < 2 * record->message_count; i++) {
		if (record->message_names[i]) {
			zend_string_release(record->message_names[i]);
		}
	}
	if (record->message_names) {
		efree(record->message_names);
		record->message_names = NULL;
	}
	record->message_count = 0;
}

void tc_fcache_keep_message(tc_fcached *record, const tc_fentry *e, zval *message)
{
	uint32_t i;

	tc_fcache_forget_message(record);
	ZVAL_COPY(&record->message, message);
	record->message_count = e->count;
	record->message_names = e->count ? safe_emalloc(2 * e->count, sizeof(zend_string *), 0) : NULL;
	for (i = 0; i < e->count; i++) {
		record->message_names[2 * i] = e->items[i].id ? zend_string_copy(e->items[i].id) : NULL;
		record->message_names[2 * i + 1] = e->items[i].name ? zend_string_copy(e->items[i].name) : NULL;
	}
}

/* Are a and b (either may be NULL) the same string? */
static zend_always_inline bool tc_fcache_same(zend_string *a, zend_string *b)
{
	return a == b || (a && b && zend_string_equals(a, b));
}

bool tc_fcache_message_still(const tc_fcached *record, const tc_fentry *e)
{
	uint32_t i;

	if (Z_TYPE(record->message) == IS_UNDEF || record->message_count != e->count) {
		return 0;
	}
	for (i = 0; i < e->count; i++) {
		if (!tc_fcache_same(record->message_names[2 * i], e->items[i].id)
				|| !tc_fcache_same(record->message_names[2 * i + 1], e->items[i].name)) {
			return 0;
		}
	}
	return 1;
}

static void tc_fcached_dtor(zval *zv)
{
	tc_fcached *record = Z_PTR_P(zv);
	uint32_t i;

	for (i = 0; i < record->count; i++) {
		tc_fitem_dtor(&record->items[i]);
	}
	if (record->items) {
		efree(record->items);
	}
	tc_fcache_forget_message(record);
	zval_ptr_dtor(&record->content);
	zval_ptr_dtor(&record->written_for);
	zval_ptr_dtor(&record->written);
	zval_ptr_dtor(&record->entry);
	efree(record);
}

tc_fcached *tc_fcache_get(zval *entry, tc_format format, bool *created)
{
	HashTable *cache = TOOLCOMPACT_G(fcache);
	zend_ulong key = (zend_ulong) (uintptr_t) Z_ARR_P(entry);
	tc_fcached *record;

	if (!cache) {
		cache = TOOLCOMPACT_G(fcache) = emalloc(sizeof(HashTable));
		zend_hash_init(cache, 64, NULL, tc_fcached_dtor, 0);
	}
	*created = 0;
	if ((record = zend_hash_index_find_ptr(cache, key))) {
		return record->format == format ? record : NULL;
	}
	*created = 1;
	if ((zend_long) zend_hash_num_elements(cache) >= TOOLCOMPACT_G(memo_entries)) {
		return NULL; /* full until the next read begins (tc_fcache_begin()) */
	}
	record = ecalloc(1, sizeof(tc_fcached));
	ZVAL_COPY(&record->entry, entry);
	record->format = format;
	record->told = tc_format_told(entry);
	ZVAL_UNDEF(&record->message);
	ZVAL_UNDEF(&record->content);
	ZVAL_UNDEF(&record->written_for);
	ZVAL_UNDEF(&record->written);
	zend_hash_index_add_new_ptr(cache, key, record);
	return record;
}

tc_format tc_fcache_told(zval *entry)
{
	HashTable *cache = TOOLCOMPACT_G(fcache);
	tc_fcached *record;

	if (cache && Z_TYPE_P(entry) == IS_ARRAY
			&& (record = zend_hash_index_find_ptr(cache, (zend_ulong) (uintptr_t) Z_ARR_P(entry))) && record->ready) {
		return record->told; /* nothing inside a kept entry can change */
	}
	return tc_format_told(entry);
}

zend_ulong tc_fcache_begin(void)
{
	HashTable *cache = TOOLCOMPACT_G(fcache);

	if (TOOLCOMPACT_G(fcache_busy)) {
		return 0; /* a read in user code run by another: without the cache */
	}
	if (cache && (zend_long) zend_hash_num_elements(cache) >= TOOLCOMPACT_G(memo_entries)) {
		/* full: start again (the entries of the history read next come
		 * back from its next call on) */
		zend_hash_clean(cache);
	}
	TOOLCOMPACT_G(fcache_busy) = 1;
	return ++TOOLCOMPACT_G(fcache_reads);
}

void tc_fcache_end(void)
{
	TOOLCOMPACT_G(fcache_busy) = 0;
}

void tc_fcache_release_if_idle(void)
{
	if (!TOOLCOMPACT_G(fcache_busy)) {
		tc_fcache_request_shutdown();
	}
}

bool tc_fcache_fill(tc_fcached *record, const tc_fentry *e, const tc_fitem *items)
{
	uint32_t i;

	if (record->ready || !tc_value_unchangeable(&record->entry, TC_FCACHE_MAX_DEPTH)) {
		return 0; /* (kept already: the same array met again in this read) */
	}
	record->role = e->role;
	ZVAL_COPY(&record->content, &e->content);
	record->has_text = e->has_text;
	record->count = e->count;
	record->items = e->count ? safe_emalloc(e->count, sizeof(tc_fitem), 0) : NULL;
	for (i = 0; i < e->count; i++) {
		tc_fitem_copy(&record->items[i], &items[i]);
		if (!items[i].call && record->items[i].name && record->format != TC_FORMAT_GEMINI) {
			/* a result's name is its call's, found again on every read
			 * (a Gemini response names its tool itself) */
			zend_string_release(record->items[i].name);
			record->items[i].name = NULL;
		}
	}
	record->ready = 1;
	return 1;
}

void tc_fcache_request_shutdown(void)
{
	HashTable *cache = TOOLCOMPACT_G(fcache);

	TOOLCOMPACT_G(fcache_busy) = 0;
	if (cache) {
		TOOLCOMPACT_G(fcache) = NULL;
		zend_hash_destroy(cache);
		efree(cache);
	}
}
