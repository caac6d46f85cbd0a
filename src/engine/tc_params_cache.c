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
 * The key is a copy of the configuration array (its values dereferenced):
 * a later array identical to it, in the same order, resolves the same. The
 * caller's array itself is not held (php_toolcompact_compact() only borrows
 * it). Only plain data is kept: no PHP reference below the top (the copy
 * would change with the original), no object or resource (kept alive, a
 * destructor would run late) and no callable, which may resolve differently
 * later (a function declared since, the calling scope). Letting go of plain
 * data runs no user code.
 */
typedef struct _tc_params_cache {
	zval      given;  /* the copy (an array) */
	tc_params params; /* resolved from it */
	uint32_t  busy;   /* calls using params now (user code they run may call again) */
} tc_params_cache;

/* Is value null, a bool, a number, a string, or an array of such values
 * nested at most depth arrays deep? */
static bool tc_params_plain(zval *value, int depth)
{
	zval *entry;

	if (Z_TYPE_P(value) < IS_ARRAY) {
		return 1;
	}
	if (Z_TYPE_P(value) != IS_ARRAY || depth == 0) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), entry) {
		if (!tc_params_plain(entry, depth - 1)) {
			return 0;
		}
	} ZEND_HASH_FOREACH_END();
	return 1;
}

/* A copy of raw (NULL: none given) with its values dereferenced into
 * *given, or false when it is not plain data. */
static bool tc_params_copy(zval *given, HashTable *raw, const tc_params *params)
{
	zend_string *key;
	zend_ulong index;
	zval *value;

	if (params->names_callable) {
		return 0;
	}
	array_init_size(given, raw ? zend_hash_num_elements(raw) : 0);
	if (!raw) {
		return 1;
	}
	ZEND_HASH_FOREACH_KEY_VAL(raw, index, key, value) {
		ZVAL_DEREF(value);
		/* the deepest values read: toolIdentifierFields => tool => names */
		if (!tc_params_plain(value, 2)) {
			zval_ptr_dtor(given);
			return 0;
		}
		Z_TRY_ADDREF_P(value);
		if (key) {
			zend_hash_add_new(Z_ARRVAL_P(given), key, value);
		} else {
			zend_hash_index_add_new(Z_ARRVAL_P(given), index, value);
		}
	} ZEND_HASH_FOREACH_END();
	return 1;
}

static bool tc_params_same_array(HashTable *now, HashTable *kept);

/* Is now (borrowed) identical to kept, plain data of the cache's copy?
 * Compared here, not by zend_is_identical(): that refuses an array that a
 * comparison or an encoding under way (which may have run the caller's
 * code) has marked as being visited. */
static bool tc_params_same(zval *now, zval *kept)
{
	ZVAL_DEREF(now);
	if (Z_TYPE_P(kept) != IS_ARRAY) {
		return zend_is_identical(now, kept); /* a scalar: no array is visited */
	}
	return Z_TYPE_P(now) == IS_ARRAY && tc_params_same_array(Z_ARRVAL_P(now), Z_ARRVAL_P(kept));
}

/* The same keys in the same order, with the same values. */
static bool tc_params_same_array(HashTable *now, HashTable *kept)
{
	HashPosition pos;
	zend_string *key, *kept_key;
	zend_ulong index, kept_index;
	zval *value;

	if (now == kept) {
		return 1;
	}
	if (zend_hash_num_elements(now) != zend_hash_num_elements(kept)) {
		return 0;
	}
	zend_hash_internal_pointer_reset_ex(kept, &pos);
	ZEND_HASH_FOREACH_KEY_VAL(now, index, key, value) {
		int type = zend_hash_get_current_key_ex(kept, &kept_key, &kept_index, &pos);

		if (key ? type != HASH_KEY_IS_STRING || !zend_string_equals(key, kept_key)
				: type != HASH_KEY_IS_LONG || index != kept_index) {
			return 0;
		}
		if (!tc_params_same(value, zend_hash_get_current_data_ex(kept, &pos))) {
			return 0;
		}
		zend_hash_move_forward_ex(kept, &pos);
	} ZEND_HASH_FOREACH_END();
	return 1;
}

/* Is raw (NULL: none given) what the cache was resolved from? */
static bool tc_params_cache_hit(tc_params_cache *cache, HashTable *raw)
{
	if (!raw) {
		return zend_hash_num_elements(Z_ARRVAL(cache->given)) == 0;
	}
	return tc_params_same_array(raw, Z_ARRVAL(cache->given));
}

const tc_params *tc_params_acquire(HashTable *raw, tc_params *own)
{
	tc_params_cache *cache = TOOLCOMPACT_G(params_cache);
	zval given;

	if (!TOOLCOMPACT_G(keep_params)) {
		/* toolcompact.params_cache=0: let go of the kept one unless a call
		 * is using it */
		if (cache && !cache->busy) {
			tc_params_request_shutdown();
		}
		return tc_params_init(own, raw) == FAILURE ? NULL : own;
	}
	if (cache && tc_params_cache_hit(cache, raw)) {
		cache->busy++;
		return &cache->params;
	}
	if (tc_params_init(own, raw) == FAILURE) {
		return NULL;
	}
	if ((cache && cache->busy) || !tc_params_copy(&given, raw, own)) {
		return own;
	}
	if (cache) {
		/* plain data: no user code runs */
		tc_params_dtor(&cache->params);
		zval_ptr_dtor(&cache->given);
	} else {
		cache = TOOLCOMPACT_G(params_cache) = emalloc(sizeof(*cache));
	}
	/* a tc_params holds no pointer into itself: it can move */
	memcpy(&cache->params, own, sizeof(*own));
	ZVAL_COPY_VALUE(&cache->given, &given);
	cache->busy = 1;
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
		zval_ptr_dtor(&cache->given);
		efree(cache);
	}
}
