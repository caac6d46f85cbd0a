/*
 * The last read through the cache of entries (tc_fcache.h), kept for the
 * next one: an agent's next history is its last one with a turn added, so
 * the next read finds its first entries where the last one left them. What
 * the read took from the cache for those entries (their records, the tool
 * name and walk id of each result) is taken again without a lookup, as long
 * as no other read went through the cache in between (an entry added since
 * never changes whom an earlier result answers). It never changes an output.
 */
#ifndef TC_FLAST_H
#define TC_FLAST_H

#include "php.h"

#include "tc_fread.h"

/* One entry of the last read. */
typedef struct _tc_flast_at {
	HashTable   *array;  /* the entry's array (held by its record) */
	zend_string *key;    /* its key in the history (held; NULL: index) */
	zend_ulong   index;
	struct _tc_fcached *record;
} tc_flast_at;

typedef struct _tc_flast {
	zend_ulong   read;   /* the read it is of */
	tc_format    format;
	bool         told;   /* one entry tells format, every other one that or nothing */
	uint32_t     count;  /* its entries, each an array with a record */
	uint32_t     ready;  /* the first of them whose items the cache lent */
	tc_flast_at *at;
	bool         keyed;  /* some entry has a string key (held in at) */
	HashTable   *names;   /* a call's given id => its tool name, and */
	HashTable   *walks;   /* => its walk id, for the nearest call with the id
	                       * before the first entry not lent (NULL: not kept;
	                       * always in gemini, where pairing is its own) */
} tc_flast;

/* The last read (kept only with an entry each), when the read numbered read
 * in format comes right after it and nothing of it was let go since; else
 * NULL. Borrowed. */
tc_flast *tc_flast_for(zend_ulong read, tc_format format);

/* Is position of history the entry the last read had there? */
static zend_always_inline bool tc_flast_same(const tc_flast *last, uint32_t position, zval *entry, zend_string *key,
		zend_ulong index)
{
	const tc_flast_at *at;

	if (position >= last->count || Z_TYPE_P(entry) != IS_ARRAY) {
		return 0;
	}
	at = &last->at[position];
	return Z_ARR_P(entry) == at->array
		&& (key ? at->key && zend_string_equals(key, at->key) : !at->key && index == at->index);
}

/* tc_format_choose(): how many of the first entries of history are the
 * whole last read, every one of them telling *told or nothing; 0 when they
 * are not, or when the last read is not the newest. */
uint32_t tc_flast_told(HashTable *history, tc_format *told);

/* Keeps the read r (numbered read) as the last one: at (one per entry,
 * each with a record, keyed when it holds string keys; NULL: not every
 * entry has one, nothing is kept), names and walks (both may be NULL),
 * all of which it takes; the items of its first ready entries are the ones
 * the cache lent. told: one entry tells r's format at least, and every
 * other one that or nothing. */
void tc_flast_keep(const tc_freader *r, zend_ulong read, tc_flast_at *at, bool keyed, uint32_t ready, bool told,
		HashTable *names, HashTable *walks);

/* Frees at, whose first count entries hold their keys when keyed. */
void tc_flast_at_free(tc_flast_at *at, uint32_t count, bool keyed);

/* Lets go of the last read: its records are gone, or the request ends. */
void tc_flast_forget(void);

#endif
