#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"

#include "tc_json.h"

/*
 * True when no chain of nested arrays and objects below value is deeper than
 * limit levels (value itself being level 1), counted as the JSON encoder
 * counts them: an array, or an object encoded through its public
 * properties, is one level; a JsonSerializable or an enum is not looked
 * into. The encoder only checks the depth on the way back up, so a value
 * nested far too deep would exhaust the C stack inside it. Recursive values
 * never end, so they fail here too, as they fail in the encoder. Bounded
 * recursion: at most limit + 1 frames.
 */
static bool tc_json_depth_ok(zval *value, int limit)
{
	HashTable *ht;
	zend_string *key;
	zval *item;
	bool ok = 1;

	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) == IS_OBJECT) {
		if ((Z_OBJCE_P(value)->ce_flags & ZEND_ACC_ENUM)
				|| instanceof_function(Z_OBJCE_P(value), php_json_serializable_ce)) {
			return 1;
		}
	} else if (Z_TYPE_P(value) != IS_ARRAY) {
		return 1;
	}
	if (limit <= 0) {
		return 0;
	}
	if (Z_TYPE_P(value) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), item) {
			if (!tc_json_depth_ok(item, limit - 1)) {
				return 0;
			}
		} ZEND_HASH_FOREACH_END();
		return 1;
	}
	ht = zend_get_properties_for(value, ZEND_PROP_PURPOSE_JSON);
	if (ht) {
		ZEND_HASH_FOREACH_STR_KEY_VAL_IND(ht, key, item) {
			if (key && ZSTR_LEN(key) > 0 && ZSTR_VAL(key)[0] == '\0') {
				continue; /* protected and private: not encoded */
			}
			if (!tc_json_depth_ok(item, limit - 1)) {
				ok = 0;
				break;
			}
		} ZEND_HASH_FOREACH_END();
		zend_release_properties(ht);
	}
	return ok;
}

zend_string *tc_json_encode(zval *value)
{
	smart_str buf = {0};
	php_json_error_code saved, error;

	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) == IS_ARRAY && !tc_json_depth_ok(value, TC_JSON_DEPTH)) {
		return NULL;
	}

	saved = JSON_G(error_code);
	php_json_encode_ex(&buf, value, 0, TC_JSON_DEPTH);
	/* json_encode() judges by the error code, not by the return value: a key
	 * that is not valid UTF-8 sets the code but lets encoding go on. */
	error = JSON_G(error_code);
	JSON_G(error_code) = saved;

	if (UNEXPECTED(EG(exception))) {
		/* A JsonSerializable threw: json_encode() would not return at all,
		 * the strategy treats it as an encoding failure. */
		zend_clear_exception();
		error = PHP_JSON_ERROR_UNSUPPORTED_TYPE;
	}
	if (error != PHP_JSON_ERROR_NONE) {
		smart_str_free(&buf);
		return NULL;
	}
	smart_str_0(&buf);
	return buf.s ? buf.s : ZSTR_EMPTY_ALLOC();
}

size_t tc_json_field_size(zval *value, zend_string **json)
{
	zend_string *str;
	size_t size;

	*json = NULL;
	ZVAL_DEREF(value);
	switch (Z_TYPE_P(value)) {
		case IS_STRING:
			return Z_STRLEN_P(value);
		case IS_NULL:
		case IS_FALSE:
			return 0;
		case IS_TRUE:
			return 1;
		case IS_LONG: {
			char buf[MAX_LENGTH_OF_LONG + 1];
			char *end = buf + sizeof(buf) - 1;
			char *start = zend_print_long_to_buf(end, Z_LVAL_P(value));
			return (size_t) (end - start);
		}
		case IS_DOUBLE:
			/* (string) of a float follows the precision INI setting. */
			str = zval_get_string_func(value);
			size = ZSTR_LEN(str);
			zend_string_release(str);
			return size;
		case IS_ARRAY:
			*json = tc_json_encode(value);
			return *json ? ZSTR_LEN(*json) : 0;
		default:
			return 0;
	}
}
