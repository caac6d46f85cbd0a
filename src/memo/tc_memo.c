#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../../php_toolcompact.h"
#include "../shapes/tc_access.h"
#include "../engine/tc_group.h"
#include "tc_memo.h"

/* An entry no pass among the last TC_MEMO_PASSES used is dropped when the
 * next pass opens the memo: an agent's next call brings the same messages
 * back, and two agents may take turns. */
#define TC_MEMO_PASSES 2

/* How many histories the memo remembers having met (by their first
 * message) without using the memo for them. */
#define TC_MEMO_PROBES 4

/* Arrays nested deeper than this inside a message are not checked, and the
 * message is not kept. */
#define TC_MEMO_MAX_DEPTH 64

/* The memo of a request (TOOLCOMPACT_G(memo)). */
struct _tc_memo {
	HashTable entries;   /* message array address => tc_sum * */
	tc_sum   *oldest;    /* the entries by last use, oldest first */
	tc_sum   *newest;
	tc_groups groups;
	zval      resolved;  /* the parameters of the entries (held), IS_UNDEF: none yet */
	bool      options_ours; /* of the entries' parameters (a payload never made larger) */
	zend_long serialize_precision; /* (json_encode() of a float) */
	zend_long precision;           /* ((string) of a float: its size) */
	uint64_t  pass;      /* passes that opened it */
	zend_long hits;
	zend_long misses;
	bool      busy;      /* a pass is using it (user code may start another) */
	/* The first messages of the last histories met (held): a history is
	 * memoised from its second pass on, so that histories met once (a
	 * stateless caller, a benchmark of fresh copies) pay nothing. */
	zval      probes[TC_MEMO_PROBES];
	uint32_t  next_probe;
};

/* The sizes of a pool's blocks, header included: ZendMM small sizes, the
 * first small (a short history needs little), each next one twice the
 * last, up to the largest. */
#define TC_SUM_BLOCK_FIRST 256
#define TC_SUM_BLOCK_MAX   2048
#define TC_SUM_BLOCK_DATA(size) ((size) - offsetof(tc_sum_block, data))

/* Zeroed room for a summary of size bytes from pool, or NULL when it does
 * not fit in the largest block. */
static tc_sum *tc_sum_carve(tc_sum_pool *pool, size_t size)
{
	tc_sum_block *block = pool->last;
	tc_sum *sum;

	if (size > TC_SUM_BLOCK_DATA(TC_SUM_BLOCK_MAX)) {
		return NULL;
	}
	if (!block || TC_SUM_BLOCK_DATA(block->size) - block->used < size) {
		size_t block_size = !block ? TC_SUM_BLOCK_FIRST : MIN(2 * block->size, TC_SUM_BLOCK_MAX);

		while (TC_SUM_BLOCK_DATA(block_size) < size) {
			block_size *= 2;
		}
		block = emalloc(block_size);
		block->prev = pool->last;
		block->size = block_size;
		block->used = 0;
		pool->last = block;
	}
	sum = (tc_sum *) (block->data + block->used);
	block->used += size;
	memset(sum, 0, size);
	sum->pooled = 1;
	return sum;
}

tc_sum *tc_sum_alloc(zval *message, uint32_t results, uint32_t calls, bool keepable, tc_sum_pool *pool)
{
	size_t items = (size_t) results + calls;
	size_t size = ZEND_MM_ALIGNED_SIZE(zend_safe_address_guarded(items ? items : 1, sizeof(tc_sum_item), offsetof(tc_sum, item)));
	tc_sum *sum = keepable ? NULL : tc_sum_carve(pool, size);

	if (!sum) {
		sum = ecalloc(1, keepable ? zend_safe_address_guarded(1, size, sizeof(tc_sum_kept)) : size);
	}
	ZVAL_COPY(&sum->message, message);
	if (keepable) {
		sum->kept = (tc_sum_kept *) ((char *) sum + size);
		ZVAL_UNDEF(&sum->kept->output);
	}
	sum->results = results;
	sum->calls = calls;
	return sum;
}

void tc_sum_pool_drop_last(tc_sum_pool *pool)
{
	tc_sum_block *block = pool->last;

	pool->last = block->prev;
	efree(block);
}

void tc_sum_pool_free(tc_sum_pool *pool)
{
	while (pool->last) {
		tc_sum_pool_drop_last(pool);
	}
}

void tc_sum_free(tc_sum *sum)
{
	uint32_t i;

	for (i = 0; i < sum->results + sum->calls; i++) {
		if (sum->item[i].id) {
			zend_string_release(sum->item[i].id);
		}
		if (sum->item[i].tool) {
			zend_string_release(sum->item[i].tool);
		}
	}
	tc_release_copy(&sum->message);
	if (sum->kept) {
		zval_ptr_dtor(&sum->kept->output);
	}
	if (!sum->pooled) {
		efree(sum);
	}
}

static void tc_memo_entry_dtor(zval *entry)
{
	tc_sum_free(Z_PTR_P(entry));
}

static void tc_memo_init(tc_memo *memo)
{
	memset(memo, 0, sizeof(*memo));
	zend_hash_init(&memo->entries, 64, NULL, tc_memo_entry_dtor, 0);
	tc_groups_init(&memo->groups, 64);
	ZVAL_UNDEF(&memo->resolved);
	for (int i = 0; i < TC_MEMO_PROBES; i++) {
		ZVAL_UNDEF(&memo->probes[i]);
	}
}

static void tc_memo_forget_probes(tc_memo *memo)
{
	for (int i = 0; i < TC_MEMO_PROBES; i++) {
		zval_ptr_dtor(&memo->probes[i]);
		ZVAL_UNDEF(&memo->probes[i]);
	}
}

/* Was a history with the same first message met before? Remembers it when
 * not. */
static bool tc_memo_probe(tc_memo *memo, HashTable *history)
{
	zval *first = NULL;
	int i;

	ZEND_HASH_FOREACH_VAL(history, first) {
		break;
	} ZEND_HASH_FOREACH_END();
	if (!first) {
		return 0;
	}
	ZVAL_DEREF(first);
	if (Z_TYPE_P(first) != IS_ARRAY) {
		return 0;
	}
	for (i = 0; i < TC_MEMO_PROBES; i++) {
		if (Z_TYPE(memo->probes[i]) == IS_ARRAY && Z_ARR(memo->probes[i]) == Z_ARR_P(first)) {
			return 1;
		}
	}
	i = memo->next_probe++ % TC_MEMO_PROBES;
	zval_ptr_dtor(&memo->probes[i]);
	ZVAL_COPY(&memo->probes[i], first);
	return 0;
}

static void tc_memo_empty(tc_memo *memo)
{
	zend_hash_clean(&memo->entries);
	memo->oldest = memo->newest = NULL;
	tc_groups_clean(&memo->groups);
	zval_ptr_dtor(&memo->resolved);
	ZVAL_UNDEF(&memo->resolved);
}

/* Were the entries made with the parameters of params? */
static bool tc_memo_fits(const tc_memo *memo, const tc_params *params)
{
	return Z_TYPE(memo->resolved) != IS_UNDEF
		&& memo->options_ours == params->options_ours
		&& memo->serialize_precision == PG(serialize_precision)
		&& memo->precision == EG(precision)
		&& tc_params_same_shaping(&memo->resolved, params);
}

/* The key of a message array: its address, whose low bits are always zero,
 * shifted away so that the table's buckets are all used. */
static zend_always_inline zend_ulong tc_memo_key(zval *message)
{
	return (zend_ulong) ((uintptr_t) Z_ARR_P(message) / ZEND_MM_ALIGNMENT);
}

static void tc_memo_unlink(tc_memo *memo, tc_sum *sum)
{
	tc_sum_kept *k = sum->kept;

	*(k->older ? &k->older->kept->newer : &memo->oldest) = k->newer;
	*(k->newer ? &k->newer->kept->older : &memo->newest) = k->older;
	k->older = k->newer = NULL;
}

/* Marks sum used by the current pass: it goes last in the list. */
static void tc_memo_touch(tc_memo *memo, tc_sum *sum)
{
	if (sum->memo) {
		tc_memo_unlink(memo, sum);
	}
	sum->kept->last_pass = memo->pass;
	sum->kept->older = memo->newest;
	*(memo->newest ? &memo->newest->kept->newer : &memo->oldest) = sum;
	memo->newest = sum;
}

tc_memo *tc_memo_open(const tc_params *params, HashTable *history)
{
	zend_long bound = TOOLCOMPACT_G(memo_entries);
	tc_memo *memo = TOOLCOMPACT_G(memo);

	if (bound <= 0 && memo && !memo->busy) {
		tc_memo_empty(memo); /* turned off: let go of what it holds */
		tc_memo_forget_probes(memo);
	}
	if (bound <= 0 || tc_callable_set(&params->on_omit) || tc_callable_set(&params->token_counter)) {
		return NULL;
	}
	if (!memo) {
		memo = TOOLCOMPACT_G(memo) = emalloc(sizeof(*memo));
		tc_memo_init(memo);
	} else if (memo->busy) {
		return NULL;
	}
	if (!tc_memo_probe(memo, history)) {
		return NULL;
	}
	memo->busy = 1;
	memo->pass++;
	/* Group numbers are only handed out; far more of them than entries
	 * means the numbered groups are mostly gone (more than 65536 + 16 per
	 * entry the memo may hold; written so that no bound overflows). */
	if (!tc_memo_fits(memo, params)
			|| (memo->groups.count > 65536 && (memo->groups.count - 65536) / 16 > (zend_ulong) bound)) {
		tc_memo_empty(memo);
		ZVAL_COPY(&memo->resolved, &params->resolved);
		memo->options_ours = params->options_ours;
		memo->serialize_precision = PG(serialize_precision);
		memo->precision = EG(precision);
	}
	while (memo->oldest && memo->oldest->kept->last_pass + TC_MEMO_PASSES < memo->pass) {
		tc_sum *stale = memo->oldest;

		tc_memo_unlink(memo, stale);
		zend_hash_index_del(&memo->entries, tc_memo_key(&stale->message));
	}
	return memo;
}

void tc_memo_close(tc_memo *memo)
{
	memo->busy = 0;
}

tc_groups *tc_memo_groups(tc_memo *memo)
{
	return &memo->groups;
}

tc_sum *tc_memo_find(tc_memo *memo, zval *message)
{
	tc_sum *sum;

	if (Z_TYPE_P(message) != IS_ARRAY) {
		return NULL;
	}
	sum = zend_hash_index_find_ptr(&memo->entries, tc_memo_key(message));
	if (!sum) {
		memo->misses++;
		return NULL;
	}
	memo->hits++;
	if (sum->kept->last_pass != memo->pass) {
		tc_memo_touch(memo, sum);
	}
	return sum;
}

bool tc_memo_add(tc_memo *memo, tc_sum *sum)
{
	if (!sum->kept || Z_TYPE(sum->message) != IS_ARRAY
			|| (zend_long) zend_hash_num_elements(&memo->entries) >= TOOLCOMPACT_G(memo_entries)
			|| !tc_value_unchangeable(&sum->message, TC_MEMO_MAX_DEPTH)) {
		return 0;
	}
	tc_memo_touch(memo, sum);
	sum->memo = 1;
	zend_hash_index_add_new_ptr(&memo->entries, tc_memo_key(&sum->message), sum);
	return 1;
}

void tc_memo_request_shutdown(void)
{
	tc_memo *memo = TOOLCOMPACT_G(memo);

	if (memo) {
		TOOLCOMPACT_G(memo) = NULL;
		tc_memo_empty(memo);
		tc_memo_forget_probes(memo);
		zend_hash_destroy(&memo->entries);
		tc_groups_destroy(&memo->groups);
		efree(memo);
	}
}

void tc_memo_info(zval *info)
{
	tc_memo *memo = TOOLCOMPACT_G(memo);

	array_init_size(info, 5);
	add_assoc_long_ex(info, ZEND_STRL("entries"), memo ? (zend_long) zend_hash_num_elements(&memo->entries) : 0);
	add_assoc_long_ex(info, ZEND_STRL("bound"), TOOLCOMPACT_G(memo_entries));
	add_assoc_long_ex(info, ZEND_STRL("groups"), memo ? (zend_long) memo->groups.count : 0);
	add_assoc_long_ex(info, ZEND_STRL("hits"), memo ? memo->hits : 0);
	add_assoc_long_ex(info, ZEND_STRL("misses"), memo ? memo->misses : 0);
}
