/*
 * The accessor layer: the only place that knows how a message, a tool call
 * and a tool result are stored. The walk reads and writes fields through
 * these functions only, so that a new shape (the SPI DTO objects) is added
 * here without touching the algorithm.
 *
 * Today's shape: PHP arrays with the keys of SPEC.md, lists as arrays.
 */
#ifndef TC_ACCESS_H
#define TC_ACCESS_H

#include "php.h"

typedef enum _tc_field {
	TC_F_ROLE,
	TC_F_CONTENT,
	TC_F_TOOL_CALLS,
	TC_F_TOOL_RESULTS,
	TC_F_ID,
	TC_F_TOOL_NAME,
	TC_F_ARGUMENTS,
	TC_F_RESULT,
	/* keys of the meta, not item fields */
	TC_K_META,
	TC_K_THRESHOLD_BYTES,
	TC_K_OMITTED_FIELDS,
	TC_K_BYTES,
	TC_K_SHA256,
	/* values */
	TC_V_OMITTED,
	TC_V_TOOL,
	TC_K__COUNT
} tc_field;

/* Interned strings for every tc_field, made once at MINIT. */
extern zend_string *tc_keys[TC_K__COUNT];

/* Makes tc_keys (MINIT) and lets them go (MSHUTDOWN, no-op for interned). */
void tc_access_startup(void);

/* Adds value (taken over) under a key that is a string (str_key) or, when
 * str_key is NULL, an integer (num_key); the key must be new in ht. */
static zend_always_inline void tc_hash_add_new_key(HashTable *ht, zend_string *str_key, zend_ulong num_key, zval *value)
{
	if (str_key) {
		zend_hash_add_new(ht, str_key, value);
	} else {
		zend_hash_index_add_new(ht, num_key, value);
	}
}

/* Holds one more reference on ht (NULL allowed) so that a write by user code
 * separates it instead of changing it; returns ht. */
static zend_always_inline HashTable *tc_hold(HashTable *ht)
{
	if (ht) {
		GC_TRY_ADDREF(ht);
	}
	return ht;
}

/* Lets go of a tc_hold() (frees ht if it was the last reference). */
static zend_always_inline void tc_release(HashTable *ht)
{
	if (ht) {
		zend_array_release(ht);
	}
}

/* Is item something the engine can read (a message, call or result)? */
static zend_always_inline bool tc_item_readable(zval *item)
{
	return Z_TYPE_P(item) == IS_ARRAY;
}

/* The field f of a readable item, dereferenced, or NULL when missing.
 * Borrowed from item. */
static zend_always_inline zval *tc_item_get(zval *item, tc_field f)
{
	zval *value = zend_hash_find_known_hash(Z_ARRVAL_P(item), tc_keys[f]);

	if (value) {
		ZVAL_DEREF(value);
	}
	return value;
}

/* The field f when it is a string, else NULL. Borrowed. */
static zend_always_inline zend_string *tc_item_get_str(zval *item, tc_field f)
{
	zval *value = tc_item_get(item, f);

	return value && Z_TYPE_P(value) == IS_STRING ? Z_STR_P(value) : NULL;
}

/* The items of a list field (toolCalls, toolResults) for iteration, or NULL
 * when it is missing or not a list. Borrowed. */
static zend_always_inline HashTable *tc_item_get_list(zval *item, tc_field f)
{
	zval *value = tc_item_get(item, f);

	return value && Z_TYPE_P(value) == IS_ARRAY ? Z_ARRVAL_P(value) : NULL;
}

/*
 * Makes *copy a new item of the same kind as the readable item, equal to it,
 * that the caller owns and may change with tc_item_set(). item is borrowed.
 */
void tc_item_copy(zval *copy, zval *item);

/* Sets field f of an item made by tc_item_copy(); takes over value. */
void tc_item_set(zval *copy, tc_field f, zval *value);

/*
 * List writing, for toolCalls and toolResults: *copy becomes a list equal to
 * list that the caller owns; tc_list_set() replaces the entry at one key
 * (taking over value). list is borrowed.
 */
void tc_list_copy(zval *copy, HashTable *list);
void tc_list_set(zval *copy, zend_string *str_key, zend_ulong num_key, zval *value);

#endif
