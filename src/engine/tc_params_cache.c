#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../../php_toolcompact.h"
#include "tc_params.h"

/*
 * The parameters of the last call, resolved, kept for the rest of the
 * request (TOOLCOMPACT_G(params_cache)): an agent passes the same array on
 * every turn, and resolving it again (a dozen inserts into new arrays, the
 * identifier lists) was about a sixth of a call on a short history.
 *
 * The key is the identity of the configuration array, held with one
 * reference of the cache's own so that it can neither be freed (and its
 * address reused) nor changed in place: a holder who writes to it gets a
 * separated copy, a new address. An immutable array cannot change at all.
 * Only what nothing but the array decides is kept: no PHP reference inside
 * it (a write through one would not separate it) and no callable, which
 * may resolve differently later (a function declared since, the calling
 * scope).
 */
typedef struct _tc_params_cache {
	HashTable *raw;    /* the key (held unless immutable); NULL: none given */
	tc_params  params; /* resolved from raw */
	uint32_t   busy;   /* calls using params now (user code they run may call again) */
} tc_params_cache;

/* Does any value of ht, or of the arrays in it down to depth levels, hold a
 * PHP reference? */
static bool tc_params_has_reference(HashTable *ht, int depth)
{
	zval *value;

	if (GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(ht, value) {
		if (Z_ISREF_P(value)) {
			return 1;
		}
		if (depth > 0 && Z_TYPE_P(value) == IS_ARRAY && tc_params_has_reference(Z_ARRVAL_P(value), depth - 1)) {
			return 1;
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}

/* Can params, resolved from raw, be kept for later calls with raw? */
static bool tc_params_cacheable(HashTable *raw, const tc_params *params)
{
	/* the deepest values read: toolIdentifierFields => tool => names */
	return !raw || (!params->names_callable && !tc_params_has_reference(raw, 2));
}

/* Lets go of the cache's reference to raw, the key of parameters no longer
 * kept. Destroying the array may run user code (an object's destructor)
 * that calls the strategy again: the cache must be whole by then. */
static void tc_params_unhold(HashTable *raw)
{
	if (raw && !(GC_FLAGS(raw) & IS_ARRAY_IMMUTABLE)) {
		zval held;

		/* (offered to the cycle collector: a reference deeper down than
		 * the parameters go may close a cycle through it) */
		ZVAL_ARR(&held, raw);
		zval_ptr_dtor(&held);
	}
}

const tc_params *tc_params_acquire(HashTable *raw, tc_params *own)
{
	tc_params_cache *cache = TOOLCOMPACT_G(params_cache);
	HashTable *old = NULL;

	if (cache && cache->raw == raw) {
		cache->busy++;
		return &cache->params;
	}
	tc_params_init(own, raw);
	if ((cache && cache->busy) || !tc_params_cacheable(raw, own)) {
		return own;
	}
	if (cache) {
		/* no user code: kept parameters hold no callable, no object */
		tc_params_dtor(&cache->params);
		old = cache->raw;
	} else {
		cache = TOOLCOMPACT_G(params_cache) = emalloc(sizeof(*cache));
	}
	/* a tc_params holds no pointer into itself: it can move */
	memcpy(&cache->params, own, sizeof(*own));
	cache->raw = raw;
	if (raw && !(GC_FLAGS(raw) & IS_ARRAY_IMMUTABLE)) {
		GC_ADDREF(raw);
	}
	cache->busy = 1;
	tc_params_unhold(old);
	return &cache->params;
}

void tc_params_release(const tc_params *params, tc_params *own)
{
	tc_params_cache *cache = TOOLCOMPACT_G(params_cache);

	if (cache && params == &cache->params) {
		cache->busy--;
	} else {
		tc_params_dtor(own);
	}
}

void tc_params_request_shutdown(void)
{
	tc_params_cache *cache = TOOLCOMPACT_G(params_cache);

	if (cache) {
		TOOLCOMPACT_G(params_cache) = NULL;
		tc_params_dtor(&cache->params);
		tc_params_unhold(cache->raw);
		efree(cache);
	}
}
