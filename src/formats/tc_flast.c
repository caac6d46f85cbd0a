#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../../php_toolcompact.h"

#include "tc_fcache.h"
#include "tc_flast.h"

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

/* Lets go of a table of call names or walk ids. */
static void tc_flast_table_free(HashTable *table)
{
	if (table) {
		zend_array_destroy(table);
	}
}

void tc_flast_forget(void)
{
	tc_flast *last = TOOLCOMPACT_G(flast);

	if (last) {
		TOOLCOMPACT_G(flast) = NULL;
		tc_flast_table_free(last->names);
		tc_flast_table_free(last->walks);
		tc_flast_at_free(last->at, last->count, last->keyed);
		efree(last);
	}
}

tc_flast *tc_flast_for(zend_ulong read, tc_format format)
{
	tc_flast *last = TOOLCOMPACT_G(flast);

	return last && last->read + 1 == read && last->format == format ? last : NULL;
}

uint32_t tc_flast_told(HashTable *history, tc_format *told)
{
	tc_flast *last = TOOLCOMPACT_G(flast);
	zend_string *key;
	zend_ulong index;
	zval *entry;
	uint32_t position = 0;

	/* no read through the cache since, which could have changed its records */
	if (!last || !last->told || last->read != TOOLCOMPACT_G(fcache_reads)
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
		HashTable *names, HashTable *walks)
{
	tc_flast *last;

	tc_flast_forget();
	if (!at) {
		tc_flast_table_free(names);
		tc_flast_table_free(walks);
		return;
	}
	last = TOOLCOMPACT_G(flast) = emalloc(sizeof(tc_flast));
	last->read = read;
	last->format = r->format;
	last->told = told;
	last->count = r->entry_count;
	last->ready = ready;
	last->at = at;
	last->keyed = keyed;
	last->names = names;
	last->walks = walks;
}
