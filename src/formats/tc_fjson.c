#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fjson.h"
#include "tc_fread.h"

/* Deeper values, and values past this many in one entry, are left as they
 * are (a recursive or hugely shared structure). */
#define TC_FJSON_DEPTH 512
#define TC_FJSON_BUDGET ((size_t) 1 << 22)

static bool tc_fjson_is_std(zval *value)
{
	return Z_TYPE_P(value) == IS_OBJECT && Z_OBJCE_P(value) == zend_standard_class_def;
}

/* *out: value with its stdClass objects as arrays (a new reference to value
 * when it holds none); returns whether it held one. */
static bool tc_fjson_array_of(zval *out, zval *value, uint32_t depth, size_t *budget)
{
	HashTable *from;
	zend_string *key;
	zend_ulong index;
	zval *member, copy;
	bool object, changed;

	ZVAL_DEREF(value);
	object = tc_fjson_is_std(value);
	if ((!object && Z_TYPE_P(value) != IS_ARRAY) || depth >= TC_FJSON_DEPTH || !*budget) {
		ZVAL_COPY(out, value);
		return 0;
	}
	(*budget)--;
	changed = object;
	from = object ? zend_get_properties_for(value, ZEND_PROP_PURPOSE_ARRAY_CAST) : Z_ARRVAL_P(value);
	array_init_size(out, from ? zend_hash_num_elements(from) : 0);
	if (from) {
		ZEND_HASH_FOREACH_KEY_VAL_IND(from, index, key, member) {
			changed |= tc_fjson_array_of(&copy, member, depth + 1, budget);
			if (key) {
				zend_symtable_update(Z_ARRVAL_P(out), key, &copy);
			} else {
				zend_hash_index_update(Z_ARRVAL_P(out), index, &copy);
			}
		} ZEND_HASH_FOREACH_END();
		if (object) {
			zend_release_properties(from);
		}
	}
	if (!changed) {
		zval_ptr_dtor(out);
		ZVAL_COPY(out, value);
	}
	return changed;
}

bool tc_fjson_wanted(zval *history)
{
	zval *entry;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(history), entry) {
		ZVAL_DEREF(entry);
		if (tc_fjson_is_std(entry)) {
			size_t budget = TC_FJSON_BUDGET;
			tc_format told;
			zval array;

			tc_fjson_array_of(&array, entry, 0, &budget);
			told = tc_format_told(&array);
			zval_ptr_dtor(&array);
			if (told != TC_FORMAT_AUTO && told != TC_FORMAT_ADACHSOFT) {
				return 1;
			}
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}

void tc_fjson_to_arrays(zval *arrays, zval *history)
{
	zend_string *key;
	zend_ulong index;
	zval *entry, copy;

	array_init_size(arrays, zend_hash_num_elements(Z_ARRVAL_P(history)));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(history), index, key, entry) {
		size_t budget = TC_FJSON_BUDGET;

		if (tc_fjson_is_std(Z_ISREF_P(entry) ? Z_REFVAL_P(entry) : entry)) {
			tc_fjson_array_of(&copy, entry, 0, &budget);
		} else {
			ZVAL_COPY(&copy, entry);
		}
		if (key) {
			zend_hash_add_new(Z_ARRVAL_P(arrays), key, &copy);
		} else {
			zend_hash_index_add_new(Z_ARRVAL_P(arrays), index, &copy);
		}
	} ZEND_HASH_FOREACH_END();
}

/* The member (dereferenced) of an array or a stdClass object under key or
 * index, or NULL; rv (set undefined here) is for the caller to destroy. */
static zval *tc_fjson_member(zval *of, zend_string *key, zend_ulong index, zval *rv)
{
	zend_string *name;
	zval *member;

	ZVAL_UNDEF(rv);
	if (!of) {
		return NULL;
	}
	if (Z_TYPE_P(of) == IS_ARRAY) {
		member = key ? zend_symtable_find(Z_ARRVAL_P(of), key) : zend_hash_index_find(Z_ARRVAL_P(of), index);
	} else if (tc_fjson_is_std(of)) {
		name = key ? zend_string_copy(key) : zend_long_to_str((zend_long) index);
		member = zend_read_property_ex(zend_standard_class_def, Z_OBJ_P(of), name, 1, rv);
		zend_string_release(name);
	} else {
		return NULL;
	}
	if (member) {
		ZVAL_DEREF(member);
	}
	return member && Z_TYPE_P(member) != IS_NULL ? member : NULL;
}

/* Can result become a stdClass object: its keys are property names? */
static bool tc_fjson_names(HashTable *result)
{
	zend_string *key;

	ZEND_HASH_FOREACH_STR_KEY(result, key) {
		if (key && ZSTR_LEN(key) && ZSTR_VAL(key)[0] == '\0') {
			return 0;
		}
	} ZEND_HASH_FOREACH_END();
	return 1;
}

/* Are two values (dereferenced) the very same: the same array, or identical? */
static bool tc_fjson_same(zval *a, zval *b)
{
	if (Z_TYPE_P(a) == IS_ARRAY || Z_TYPE_P(b) == IS_ARRAY) {
		return Z_TYPE_P(a) == Z_TYPE_P(b) && Z_ARR_P(a) == Z_ARR_P(b);
	}
	return zend_is_identical(a, b);
}

void tc_fjson_put(zval *out, bool object, zend_string *key, zend_ulong index, zval *value)
{
	if (object) {
		zend_string *name = key ? zend_string_copy(key) : zend_long_to_str((zend_long) index);

		add_property_zval_ex(out, ZSTR_VAL(name), ZSTR_LEN(name), value);
		zend_string_release(name);
		zval_ptr_dtor(value);
	} else if (key) {
		zend_hash_add_new(Z_ARRVAL_P(out), key, value);
	} else {
		zend_hash_index_add_new(Z_ARRVAL_P(out), index, value);
	}
}

/* *out: result written back as objects where orig (what it stands for,
 * NULL: none) was one; conv is orig's array form. */
static void tc_fjson_back_value(zval *out, zval *result, zval *orig, zval *conv, uint32_t depth)
{
	zend_string *key;
	zend_ulong index;
	zval *member, value, orig_rv, conv_rv;
	bool object;

	ZVAL_DEREF(result);
	if (orig && conv && tc_fjson_same(result, conv)) {
		ZVAL_COPY(out, orig);
		return;
	}
	if (Z_TYPE_P(result) != IS_ARRAY || depth >= TC_FJSON_DEPTH) {
		ZVAL_COPY(out, result);
		return;
	}
	object = (orig && tc_fjson_is_std(orig))
		|| ((!orig || Z_TYPE_P(orig) != IS_ARRAY) && !zend_array_is_list(Z_ARRVAL_P(result)));
	object = object && tc_fjson_names(Z_ARRVAL_P(result));
	if (object) {
		object_init(out);
	} else {
		array_init_size(out, zend_hash_num_elements(Z_ARRVAL_P(result)));
	}
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(result), index, key, member) {
		tc_fjson_back_value(&value, member, tc_fjson_member(orig, key, index, &orig_rv),
			tc_fjson_member(conv, key, index, &conv_rv), depth + 1);
		zval_ptr_dtor(&orig_rv);
		zval_ptr_dtor(&conv_rv);
		tc_fjson_put(out, object, key, index, &value);
	} ZEND_HASH_FOREACH_END();
}

void tc_fjson_back_entry(zval *out, zval *result, zval *orig, zval *conv)
{
	tc_fjson_back_value(out, result, orig, conv, 0);
}

void tc_fjson_back(zval *out, zval *result, zval *history, zval *arrays)
{
	HashTable by_array;
	zend_string *key;
	zend_ulong index;
	zval *entry, *conv, value, rv, found;

	if (Z_TYPE_P(result) != IS_ARRAY) {
		ZVAL_COPY(out, result);
		return;
	}
	if (Z_ARR_P(result) == Z_ARR_P(arrays)) {
		ZVAL_COPY(out, history); /* nothing changed */
		return;
	}
	/* the history's entries by the array each stands for: an unchanged one
	 * is found wherever the window moved it */
	zend_hash_init(&by_array, zend_hash_num_elements(Z_ARRVAL_P(arrays)), NULL, NULL, 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(arrays), index, key, conv) {
		zval *orig = tc_fjson_member(history, key, index, &rv);

		ZVAL_DEREF(conv);
		if (orig && Z_TYPE_P(conv) == IS_ARRAY) {
			ZVAL_PTR(&found, orig);
			zend_hash_index_add(&by_array, (zend_ulong) (uintptr_t) Z_ARR_P(conv), &found);
		}
	} ZEND_HASH_FOREACH_END();
	array_init_size(out, zend_hash_num_elements(Z_ARRVAL_P(result)));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(result), index, key, entry) {
		zval *same = Z_TYPE_P(entry) == IS_ARRAY ? zend_hash_index_find(&by_array, (zend_ulong) (uintptr_t) Z_ARR_P(entry)) : NULL;
		/* both arrays: rv stays undefined */
		zval *orig = tc_fjson_member(history, key, index, &rv);

		if (same) {
			ZVAL_COPY(&value, (zval *) Z_PTR_P(same));
		} else if (orig && Z_TYPE_P(orig) != IS_OBJECT) {
			ZVAL_COPY(&value, entry); /* an entry that was no stdClass */
		} else {
			tc_fjson_back_value(&value, entry, orig, tc_fjson_member(arrays, key, index, &rv), 0);
		}
		if (key) {
			zend_hash_add_new(Z_ARRVAL_P(out), key, &value);
		} else {
			zend_hash_index_add_new(Z_ARRVAL_P(out), index, &value);
		}
	} ZEND_HASH_FOREACH_END();
	zend_hash_destroy(&by_array);
}
