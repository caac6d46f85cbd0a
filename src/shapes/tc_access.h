/*
 * The accessor layer: the only place that knows how a message, a tool call
 * and a tool result are stored. The walk reads and writes them through these
 * functions only. Two shapes:
 *
 * - arrays: items are arrays with the keys of SPEC.md, lists are arrays;
 * - objects: items are plain objects whose public properties carry those
 *   names (the SPI DTOs of adachsoft/ai-agent), lists are Traversable
 *   collections. Properties are read and written through the object handlers
 *   (the property of each name is looked up once per class and request), collections are read
 *   by iterating them and rebuilt through their own class's constructor.
 */
#ifndef TC_ACCESS_H
#define TC_ACCESS_H

#include "php.h"

typedef enum _tc_field {
	/* item fields */
	TC_F_ROLE,
	TC_F_CONTENT,
	TC_F_TOOL_CALLS,
	TC_F_TOOL_RESULTS,
	TC_F_ID,
	TC_F_TOOL_NAME,
	TC_F_ARGUMENTS,
	TC_F_RESULT,
	TC_F__ITEM_FIELDS,
	/* keys of the meta */
	TC_K_META = TC_F__ITEM_FIELDS,
	TC_K_THRESHOLD_BYTES,
	TC_K_OMITTED_FIELDS,
	TC_K_BYTES,
	TC_K_SHA256,
	/* values */
	TC_V_OMITTED,
	TC_V_TOOL,
	/* a view's item (access->view): what the estimate counts in place of
	 * its payload, when it has it */
	TC_K_VIEW_ESTIMATE,
	TC_K__COUNT
} tc_field;

/* How the placeholder content of a compacted tool message begins (SPEC,
 * "Tool message content"); the tool name follows. */
#define TC_PLACEHOLDER_PREFIX "[tool_compaction] Tool result compacted for tool="

/* Interned strings for every tc_field, made once at MINIT. */
extern zend_string *tc_keys[TC_K__COUNT];

/* MINIT: makes tc_keys. */
void tc_access_startup(void);

/* RSHUTDOWN: forgets the per-class slot lookups of the request. */
void tc_access_request_shutdown(void);

/*
 * The state one pass keeps for reading lists: collections it has read,
 * each held with its items until tc_access_dtor().
 */
typedef struct _tc_access {
	HashTable lists; /* object handle => tc_read_list * */
	bool arrays_only; /* an array history: only arrays are messages, lists, items */
	bool view;        /* the messages are a provider history's view (SPEC Part 4):
	                   * a content that is an array lists texts */
} tc_access;

void tc_access_init(tc_access *access);
void tc_access_dtor(tc_access *access);

/* Is item something the engine can read and copy (an array, or a plain
 * object: no internal storage, not an enum)? */
bool tc_item_readable(zval *item);

/* tc_item_readable(), and an array when access->arrays_only. */
static zend_always_inline bool tc_access_readable(const tc_access *access, zval *item)
{
	return access->arrays_only ? Z_TYPE_P(item) == IS_ARRAY : tc_item_readable(item);
}

/* The value of field f of a readable item (a PHP reference left as it is),
 * or NULL when it has none. Borrowed from item. An object's property is read
 * through its read_property handler (a hooked property reads as none). */
zval *tc_item_get_raw(zval *item, tc_field f);

/* The field f of a readable item, dereferenced, or NULL when it has none.
 * Borrowed from item. */
static zend_always_inline zval *tc_item_get(zval *item, tc_field f)
{
	zval *value = tc_item_get_raw(item, f);

	if (value) {
		ZVAL_DEREF(value);
	}
	return value;
}

/* The field f when it is a string, else NULL. Borrowed from item. */
static zend_always_inline zend_string *tc_item_get_str(zval *item, tc_field f)
{
	zval *value = tc_item_get(item, f);

	return value && Z_TYPE_P(value) == IS_STRING ? Z_STR_P(value) : NULL;
}

/*
 * Makes *copy a new item equal to the readable item, of the same kind and
 * class, that the caller owns and may change with tc_item_set(). An object
 * is made without running its constructor or __clone, every property copied
 * through the engine (tc_access.c). Returns false, *copy undefined, when
 * the engine refuses a write or user code (a hook, a lazy initializer)
 * throws (cleared).
 */
bool tc_item_copy(zval *copy, zval *item);

/* An element that a copy of an array (tc_array_copy_swapping()) holds
 * another value in. */
typedef struct _tc_swap {
	zend_string *key;    /* its key, or NULL for the integer index */
	zend_ulong   index;
	zval         value;  /* what the copy holds instead: taken over */
} tc_swap;

/* Sets *swap to put value (taken over by the copy) in field f of an array
 * item. */
static zend_always_inline void tc_swap_field(tc_swap *swap, tc_field f, zval *value)
{
	swap->key = tc_keys[f];
	swap->index = 0;
	ZVAL_COPY_VALUE(&swap->value, value);
}

/*
 * A copy of ht made by zend_array_dup() (a reference only the source holds
 * is copied as its value) that holds the value of each of the n swaps
 * (taken over) under its key, in place of the element there (whose
 * reference, if it is one, is let go of, not written through), or added
 * last when the key is not there. The caller owns the copy (refcount 1).
 */
HashTable *tc_array_copy_swapping(HashTable *ht, tc_swap *swaps, uint32_t n);

/*
 * Sets field f of an item made by tc_item_copy() to value, through the
 * engine for an object (*copy is replaced by a new copy holding value when
 * the property is readonly). Takes over value on success. Returns false, leaving value to the caller, when the item
 * cannot hold it (an object without that property, or a typed property that
 * does not accept it).
 */
bool tc_item_set(zval *copy, tc_field f, zval *value);

/*
 * Makes *copy tc_item_copy() of item with field f set to value, as
 * tc_item_set() sets it (an array item is copied with value in the field's
 * place: tc_array_copy_swapping()). Takes over value and returns true, or
 * returns false, *copy undefined and value left to the caller, when the
 * item cannot hold it.
 */
bool tc_item_copy_set(zval *copy, zval *item, tc_field f, zval *value);

/* The value of the public property name (any name) of a readable object, or
 * NULL when it has none (an uninitialised typed property counts as none).
 * Borrowed from the object. */
zval *tc_obj_prop(zval *object, zend_string *name);

/* tc_item_set() for the property name of an object made by tc_item_copy()
 * (*copy may be replaced by a new copy: a readonly property). */
bool tc_obj_prop_set(zval *copy, zend_string *name, zval *value);

/* tc_item_copy_set() for the property name of a readable object. */
bool tc_obj_copy_set(zval *copy, zval *object, zend_string *name, zval *value);

/*
 * The items of a list (an array, or a Traversable collection that access
 * reads once and keeps unless access->arrays_only), or NULL when list is
 * NULL or neither. Borrowed from
 * list or access. A collection that throws while iterated counts as no list
 * (the exception is cleared: fail-open).
 */
HashTable *tc_list_items(tc_access *access, zval *list);

/*
 * Makes *out a list of the same kind as orig holding items (an array, taken
 * over): the array itself, or a new collection of orig's class built by its
 * constructor (items spread when the constructor is variadic). Returns false
 * with *out undefined when the constructor fails (its exception is cleared).
 */
bool tc_list_make(zval *out, zval *orig, zval *items);

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

/* A new empty array in zv (returned) with room for n elements. */
static zend_always_inline HashTable *tc_array_with_room(zval *zv, uint32_t n)
{
	array_init_size(zv, n);
	return Z_ARRVAL_P(zv);
}

/* Sets value (taken over) under a string key (str_key) or, when str_key is
 * NULL, an integer key (num_key), replacing what was there. */
static zend_always_inline void tc_hash_update_key(HashTable *ht, zend_string *str_key, zend_ulong num_key, zval *value)
{
	if (str_key) {
		zend_hash_update(ht, str_key, value);
	} else {
		zend_hash_index_update(ht, num_key, value);
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

/*
 * Lets go of one reference the pass holds on a value that others may still
 * reference (a ZVAL_COPY of its input, an old value it replaces in an array
 * of its own, an extra reference on an array it made): like zval_ptr_dtor(),
 * except that an array left referenced is not offered to the cycle
 * collector as a possible root (zend_array_release()). The pass only takes
 * back references it added; offering every array of a history on every call
 * filled the collector's root buffer and made it run.
 */
static zend_always_inline void tc_release_copy(zval *zv)
{
	if (Z_TYPE_P(zv) == IS_ARRAY) {
		zend_array_release(Z_ARR_P(zv));
	} else {
		zval_ptr_dtor(zv);
	}
}

/* The element under a string key (str_key) or, when str_key is NULL, an
 * integer key (num_key), or NULL. Borrowed from ht. */
static zend_always_inline zval *tc_hash_find_key(HashTable *ht, zend_string *str_key, zend_ulong num_key)
{
	return str_key ? zend_hash_find(ht, str_key) : zend_hash_index_find(ht, num_key);
}

/* tc_hash_update_key() for an array the pass made (no one else can hold
 * it): value (taken over) replaces the element under the key (str_key, or
 * num_key when it is NULL), the old value let go of by tc_release_copy(),
 * or is added when the key is not in ht. */
static zend_always_inline void tc_hash_replace_key(HashTable *ht, zend_string *str_key, zend_ulong num_key, zval *value)
{
	zval *slot = tc_hash_find_key(ht, str_key, num_key), old;

	if (!slot) {
		tc_hash_add_new_key(ht, str_key, num_key, value);
		return;
	}
	ZVAL_COPY_VALUE(&old, slot);
	ZVAL_COPY_VALUE(slot, value);
	tc_release_copy(&old);
}

/* Deletes a key (str_key, or num_key when it is NULL) from an array the
 * pass made, its value let go of by tc_release_copy() (zend_hash_del()
 * would offer it to the collector). */
static zend_always_inline void tc_hash_drop_key(HashTable *ht, zend_string *str_key, zend_ulong num_key)
{
	zval *slot = tc_hash_find_key(ht, str_key, num_key), old;

	if (slot) {
		ZVAL_COPY_VALUE(&old, slot);
		ZVAL_NULL(slot);
		if (str_key) {
			zend_hash_del(ht, str_key);
		} else {
			zend_hash_index_del(ht, num_key);
		}
		tc_release_copy(&old);
	}
}

/* Can nothing inside value change while one more reference holds it (no
 * reference, object or resource anywhere inside, arrays nested at most
 * max_depth deep)? A held array is separated before any write. */
bool tc_value_unchangeable(zval *value, int max_depth);

/* Lets go of a tc_hold() (frees ht if it was the last reference). */
static zend_always_inline void tc_release(HashTable *ht)
{
	if (ht) {
		zend_array_release(ht);
	}
}

#endif
