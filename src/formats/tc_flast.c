#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../../php_toolcompact.h"

#include "tc_fcache.h"
#include "tc_flast.h"

static void tc_flast_tables_dtor(tc_flast *last)
{
	if (last->names) {
		zend_array_destroy(last->names);
		last->names = NULL;
	}
	if (last->orphans) {
		zend_array_destroy(last->orphans);
		last->orphans = NULL;
	}
}

void tc_flast_at_free(tc_flast_at *at, uint32_t count, bool keyed)
{
	uint32_t i;

	for (i = 0; keyed && i < count; i++) {
		if (at[i].key) {
			zend_string_release(at[i].key);
		}
	}
	efree(at);
}

void tc_flast_forget(void)
{
	tc_flast *last = TOOLCOMPACT_G(flast);

	if (last) {
		TOOLCOMPACT_G(flast) = NULL;
		tc_flast_tables_dtor(last);
		if (last->at) {
			tc_flast_at_free(last->at, last->count, last->keyed);
		}
		efree(last);
	}
}

tc_flast *tc_flast_for(zend_ulong read, tc_format format)
{
	tc_flast *last = TOOLCOMPACT_G(flast);

	return last && last->at && last->read + 1 == read && last->format == format ? last : NULL;
}

uint32_t tc_flast_told(HashTable *history, tc_format *told)
{
	tc_flast *last = TOOLCOMPACT_G(flast);
	zend_string *key;
	zend_ulong index;
	zval *entry;
	uint32_t position = 0;

	/* no read through the cache since, which could have changed its records */
	if (!last || !last->at || !last->told || last->read != TOOLCOMPACT_G(fcache_reads)
			|| zend_hash_num_elements(history) < last->count) {
		return 0;
	}
	ZEND_HASH_FOREACH_KEY_VAL(history, index, key, entry) {
		if (position == last->count) {
			break;
		}
		ZVAL_DEREF(entry);
		if (!tc_flast_same(last, position, entry, key, index)) {
			return 0;
		}
		position++;
	} ZEND_HASH_FOREACH_END();
	*told = last->format;
	return position;
}

void tc_flast_keep(const tc_freader *r, zend_ulong read, tc_flast_at *at, bool keyed, uint32_t ready, bool told,
		HashTable *names, HashTable *orphans)
{
	tc_flast *last = TOOLCOMPACT_G(flast);

	if (!last) {
		last = TOOLCOMPACT_G(flast) = ecalloc(1, sizeof(tc_flast));
	}
	tc_flast_tables_dtor(last);
	if (last->at) {
		tc_flast_at_free(last->at, last->count, last->keyed);
		last->at = NULL;
	}
	last->count = last->ready = 0;
	if (!at) {
		if (names) {
			zend_array_destroy(names);
		}
		if (orphans) {
			zend_array_destroy(orphans);
		}
		return;
	}
	last->read = read;
	last->format = r->format;
	last->told = told;
	last->at = at;
	last->keyed = keyed;
	last->count = r->entry_count;
	last->names = names;
	last->orphans = orphans;
	last->ready = ready;
}
