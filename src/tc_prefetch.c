#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "php_toolcompact.h"

#include "tc_access.h"
#include "tc_clock.h"
#include "tc_prefetch.h"

bool tc_prefetch_pays(uint32_t messages, uint64_t *started)
{
	uint64_t last = TOOLCOMPACT_G(last_pass_end);

	if (messages >= TC_PREFETCH_MIN_MESSAGES) {
		return 1;
	}
	return messages >= TC_PREFETCH_COLD_MIN_MESSAGES && (!last || tc_clock_at(started) - last >= TC_PREFETCH_COLD_NS);
}

void tc_prefetch_pass_ended(uint64_t now)
{
	TOOLCOMPACT_G(last_pass_end) = now;
}

/* A list of a message of the batch. */
typedef struct {
	const zval *slot;      /* the list's zval in its message */
	HashTable *items;      /* its array, NULL: not an array */
	const bool *compact;   /* the flags of its first count items (NULL: all
	                        * its items; count and sum_items unused) */
	const tc_sum_item *sum_items; /* with compact: its items' summaries */
	uint32_t count;
	tc_field f;            /* the payload field of its items */
} tc_prefetch_list;

/* A flagged item of the batch. */
typedef struct {
	HashTable *item;
	HashTable *payload;    /* NULL: none, or not an array */
	tc_field f;
} tc_prefetch_item;

#define TC_PREFETCH_LISTS (TC_PREFETCH_BATCH * 2)
#define TC_PREFETCH_ITEMS (TC_PREFETCH_BATCH * 4)

/* The array of zv (NULL: none, or not an array), asked for. */
static zend_always_inline HashTable *tc_prefetch_array(const zval *zv)
{
	if (!zv || Z_TYPE_P(zv) != IS_ARRAY) {
		return NULL;
	}
	__builtin_prefetch(Z_ARR_P(zv));
	return Z_ARR_P(zv);
}

/* The elements of ht (NULL: nothing), and the line before them, where the
 * hash slots of a small array are: a lookup in it reads both. */
static zend_always_inline void tc_prefetch_data(const HashTable *ht)
{
	const char *data;

	if (!ht) {
		return;
	}
	data = (const char *) ht->arData;
	__builtin_prefetch(data - 64);
	__builtin_prefetch(data);
	__builtin_prefetch(data + 64);
}

/* The next messages the rewrite step will read, from entry from down, and
 * their lists: the messages' arrays and the lists' slots asked for. Returns
 * how many lists, with the messages in messages[] (*message_count of
 * them) and in *last the last entry looked at. */
static uint32_t tc_prefetch_lists(const tc_walker *w, uint32_t from, HashTable **messages, uint32_t *message_count,
		tc_prefetch_list *lists, uint32_t *last)
{
	uint32_t i = from + 1, k, n = 0, found = 0, end = from + 1 > TC_PREFETCH_SCAN ? from + 1 - TC_PREFETCH_SCAN : 0;

	while (i > end && found < TC_PREFETCH_BATCH) {
		const tc_sum *sum = w->entries[--i].sum;
		const bool *compact = w->compact + w->entries[i].first;

		if (!sum || Z_TYPE(sum->message) != IS_ARRAY || !tc_prefetch_wanted(sum, compact)) {
			continue;
		}
		messages[found++] = tc_prefetch_array(&sum->message);
		for (k = 0; k < 2; k++) {
			if (sum->lists[k]) {
				tc_prefetch_list *list = &lists[n++];

				list->slot = sum->lists[k];
				list->compact = compact + (k == TC_SUM_CALLS ? sum->results : 0);
				list->sum_items = sum->item + (k == TC_SUM_CALLS ? sum->results : 0);
				list->count = k == TC_SUM_CALLS ? sum->calls : sum->results;
				list->f = k == TC_SUM_CALLS ? TC_F_ARGUMENTS : TC_F_RESULT;
				__builtin_prefetch(list->slot);
			}
		}
	}
	*message_count = found;
	*last = i;
	return n;
}

/* The headers of what the elements of ht (read as it is now) point to:
 * strings and arrays, with refcounted ones when all is set (the copy of
 * an array adds a reference to each of them). */
static void tc_prefetch_elements(HashTable *ht, bool all)
{
	zval *value;

	ZEND_HASH_FOREACH_VAL(ht, value) {
		if (Z_TYPE_P(value) == IS_STRING || Z_TYPE_P(value) == IS_ARRAY || (all && Z_REFCOUNTED_P(value))) {
			__builtin_prefetch(Z_COUNTED_P(value));
		}
	} ZEND_HASH_FOREACH_END();
}

/*
 * From the lists whose slots were asked for: their arrays, their elements,
 * then their (flagged) array items and the items' elements, each level
 * reading what the one before asked for. Returns how many items.
 */
static uint32_t tc_prefetch_items(tc_prefetch_list *lists, uint32_t count, tc_prefetch_item *items)
{
	uint32_t k, pos, n = 0;
	zval *entry;

	for (k = 0; k < count; k++) {
		lists[k].items = tc_prefetch_array(lists[k].slot);
	}
	for (k = 0; k < count; k++) {
		tc_prefetch_data(lists[k].items);
	}
	for (k = 0; k < count; k++) {
		if (!lists[k].items) {
			continue;
		}
		pos = 0;
		ZEND_HASH_FOREACH_VAL(lists[k].items, entry) {
			if ((lists[k].compact && pos >= lists[k].count) || n == TC_PREFETCH_ITEMS) {
				break;
			}
			if ((!lists[k].compact || (lists[k].compact[pos] && lists[k].sum_items[pos].fits != TC_FITS_YES))
					&& (items[n].item = tc_prefetch_array(entry))) {
				items[n].f = lists[k].f;
				n++;
			}
			pos++;
		} ZEND_HASH_FOREACH_END();
	}
	for (k = 0; k < n; k++) {
		tc_prefetch_data(items[k].item);
	}
	return n;
}

/* The payloads of the items (their field f), their elements and the
 * headers of the elements' strings and arrays. */
static void tc_prefetch_payloads(tc_prefetch_item *items, uint32_t count)
{
	uint32_t k;
	zval tmp;

	for (k = 0; k < count; k++) {
		ZVAL_ARR(&tmp, items[k].item);
		items[k].payload = tc_prefetch_array(tc_item_get_raw(&tmp, items[k].f));
	}
	for (k = 0; k < count; k++) {
		tc_prefetch_data(items[k].payload);
	}
	for (k = 0; k < count; k++) {
		if (items[k].payload) {
			tc_prefetch_elements(items[k].payload, 0);
		}
	}
}

uint32_t tc_prefetch_rewrite(const tc_walker *w, uint32_t from)
{
	HashTable *messages[TC_PREFETCH_BATCH];
	tc_prefetch_list lists[TC_PREFETCH_LISTS];
	tc_prefetch_item items[TC_PREFETCH_ITEMS];
	uint32_t last, message_count, list_count = tc_prefetch_lists(w, from, messages, &message_count, lists, &last);
	uint32_t item_count = tc_prefetch_items(lists, list_count, items), k;

	/* the new message and the new item are copies of these arrays */
	for (k = 0; k < message_count; k++) {
		tc_prefetch_elements(messages[k], 1);
	}
	for (k = 0; k < item_count; k++) {
		tc_prefetch_elements(items[k].item, 1);
	}
	tc_prefetch_payloads(items, item_count);
	return last;
}

zval *tc_prefetch_index(HashTable *history, zval *slot, bool payloads)
{
	size_t size = TC_ELEMENT_SIZE(history);
	const char *end = (const char *) history->arData + (size_t) history->nNumUsed * size;
	HashTable *messages[TC_PREFETCH_BATCH];
	tc_prefetch_list lists[TC_PREFETCH_LISTS];
	tc_prefetch_item items[TC_PREFETCH_ITEMS];
	uint32_t message_count = 0, list_count = 0, item_count, k, f;
	zval tmp, *value;

	for (k = 0; k < TC_PREFETCH_BATCH && (const char *) slot < end; k++, slot = (zval *) ((char *) slot + size)) {
		if ((messages[message_count] = tc_prefetch_array(slot))) {
			message_count++;
		}
	}
	for (k = 0; k < message_count; k++) {
		tc_prefetch_data(messages[k]);
	}
	for (k = 0; k < message_count; k++) {
		ZVAL_ARR(&tmp, messages[k]);
		for (f = 0; f < 2; f++) {
			value = tc_item_get_raw(&tmp, f ? TC_F_TOOL_CALLS : TC_F_TOOL_RESULTS);
			if (value) {
				lists[list_count].slot = value;
				lists[list_count].compact = NULL;
				lists[list_count].f = f ? TC_F_ARGUMENTS : TC_F_RESULT;
				list_count++;
			}
		}
	}
	item_count = tc_prefetch_items(lists, list_count, items);
	/* the ids and toolNames, and the calls' arguments */
	for (k = 0; k < item_count; k++) {
		tc_prefetch_elements(items[k].item, 0);
	}
	if (payloads) {
		tc_prefetch_payloads(items, item_count);
	}
	return slot;
}
