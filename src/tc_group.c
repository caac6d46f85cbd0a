#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "tc_group.h"

/*
 * A group key is looked up by a hash of its parts, not of its bytes: each
 * string part brings its own hash, which PHP keeps in the string once
 * computed, so a key built again from the same strings (the same history
 * on the next call) costs a few multiplications instead of a pass over all
 * its bytes. Equal keys have equal parts, so equal hashes; the table still
 * compares the bytes. Only tc_groups_number() looks keys up in
 * tc_groups.ids, always with this hash.
 */
#if SIZEOF_ZEND_LONG == 8
# define TC_GROUP_MUL Z_UL(0x9e3779b97f4a7c15)
#else
# define TC_GROUP_MUL Z_UL(0x9e3779b1)
#endif

static zend_always_inline zend_ulong tc_group_mix(zend_ulong h, zend_ulong part)
{
	h = (h ^ part) * TC_GROUP_MUL;
	return h ^ (h >> (SIZEOF_ZEND_LONG * 4));
}

/* Appends a tag alone, and mixes it into *h. */
static zend_always_inline void tc_group_append_tag(smart_str *key, zend_ulong *h, char tag)
{
	smart_str_appendc(key, tag);
	*h = tc_group_mix(*h, (zend_ulong) (unsigned char) tag);
}

/* Appends a tag and the size raw bytes (at most 8) at value, and mixes
 * both into *h. */
static zend_always_inline void tc_group_append_raw(smart_str *key, zend_ulong *h, char tag, const void *value, size_t size)
{
	uint64_t bits = 0;

	tc_group_append_tag(key, h, tag);
	smart_str_appendl(key, (const char *) value, size);
	memcpy(&bits, value, size);
	*h = tc_group_mix(*h, (zend_ulong) bits);
#if SIZEOF_ZEND_LONG == 4
	*h = tc_group_mix(*h, (zend_ulong) (bits >> 32));
#endif
}
#define TC_APPEND_RAW(key, h, tag, value) tc_group_append_raw((key), (h), (tag), &(value), sizeof(value))

static void tc_group_append_string(smart_str *key, zend_ulong *h, char tag, zend_string *str)
{
	size_t len = ZSTR_LEN(str);

	TC_APPEND_RAW(key, h, tag, len);
	smart_str_append(key, str);
	*h = tc_group_mix(*h, zend_string_hash_val(str));
}

/*
 * Appends a type-tagged, length-prefixed form of value: equal bytes for
 * identical values, different bytes (thanks to tags and lengths) otherwise.
 */
static bool tc_group_append_value(smart_str *key, zend_ulong *h, zval *value, int depth)
{
	ZVAL_DEREF(value);
	switch (Z_TYPE_P(value)) {
		case IS_UNDEF:
		case IS_NULL:
			tc_group_append_tag(key, h, 'N');
			return 1;
		case IS_FALSE:
			tc_group_append_tag(key, h, 'F');
			return 1;
		case IS_TRUE:
			tc_group_append_tag(key, h, 'T');
			return 1;
		case IS_LONG:
			TC_APPEND_RAW(key, h, 'I', Z_LVAL_P(value));
			return 1;
		case IS_DOUBLE: {
			double d = Z_DVAL_P(value);

			if (zend_isnan(d)) {
				return 0; /* NAN !== NAN */
			}
			if (d == 0.0) {
				d = 0.0; /* -0.0 === 0.0 */
			}
			TC_APPEND_RAW(key, h, 'D', d);
			return 1;
		}
		case IS_STRING:
			tc_group_append_string(key, h, 'S', Z_STR_P(value));
			return 1;
		case IS_ARRAY: {
			zend_string *str_key;
			zend_ulong num_key;
			zval *item;
			uint32_t count = zend_hash_num_elements(Z_ARRVAL_P(value));

			if (depth >= TC_GROUP_MAX_DEPTH) {
				return 0;
			}
			TC_APPEND_RAW(key, h, 'A', count);
			ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(value), num_key, str_key, item) {
				if (str_key) {
					tc_group_append_string(key, h, 's', str_key);
				} else {
					TC_APPEND_RAW(key, h, 'i', num_key);
				}
				if (!tc_group_append_value(key, h, item, depth + 1)) {
					return 0;
				}
			} ZEND_HASH_FOREACH_END();
			return 1;
		}
		case IS_OBJECT: {
			uint32_t handle = Z_OBJ_HANDLE_P(value);

			TC_APPEND_RAW(key, h, 'O', handle);
			return 1;
		}
		case IS_RESOURCE: {
			zend_long handle = Z_RES_HANDLE_P(value);

			TC_APPEND_RAW(key, h, 'R', handle);
			return 1;
		}
		default:
			tc_group_append_tag(key, h, '?');
			return 1;
	}
}

/*
 * Writes the group key of a call of tool whose arguments are args into key
 * (reset first). args may be NULL (a result without its call, or arguments
 * that are not an array): every field then counts as null. fields may be
 * NULL (the tool has no identifier fields). Everything is borrowed. Sets
 * the key's hash (ZSTR_H) to the hash of its parts.
 *
 * Returns false when the key matches nothing, not even itself (a NAN, or a
 * value nested too deeply or recursively): the call is a group of its own.
 */
static bool tc_group_key(smart_str *key, zend_string *tool, HashTable *args, const tc_id_fields *fields)
{
	zend_ulong hash = 0, *h = &hash;
	uint32_t i;

	if (key->s) {
		ZSTR_LEN(key->s) = 0;
	}
	tc_group_append_string(key, h, 't', tool);
	for (i = 0; fields && i < fields->count; i++) {
		const tc_id_field *field = &fields->field[i];
		zval *value = NULL;

		if (args) {
			value = field->is_index
				? zend_hash_index_find(args, field->index)
				: zend_hash_find(args, field->name);
		}
		if (!value) {
			tc_group_append_tag(key, h, 'N');
		} else if (!tc_group_append_value(key, h, value, 0)) {
			return 0;
		}
	}
	/* never 0, which would mean "not computed"; the top bit, as PHP's */
	ZSTR_H(key->s) = hash | ((zend_ulong) 1 << (SIZEOF_ZEND_LONG * 8 - 1));
	return 1;
}

void tc_groups_init(tc_groups *groups, uint32_t size)
{
	zend_hash_init(&groups->ids, size, NULL, NULL, 0);
	zend_hash_init(&groups->tools, size, NULL, NULL, 0);
	groups->count = 0;
}

void tc_groups_clean(tc_groups *groups)
{
	zend_hash_clean(&groups->ids);
	zend_hash_clean(&groups->tools);
	groups->count = 0;
}

void tc_groups_destroy(tc_groups *groups)
{
	zend_hash_destroy(&groups->ids);
	zend_hash_destroy(&groups->tools);
}

uint32_t tc_groups_number(tc_groups *groups, smart_str *key, zend_string *tool, HashTable *args, const tc_id_fields *fields)
{
	zend_string *stored;
	zval *found, number;

	if (!fields) {
		/* the key would be the tool name and nothing else */
		found = zend_hash_find(&groups->tools, tool);
		if (found) {
			return (uint32_t) Z_LVAL_P(found);
		}
		ZVAL_LONG(&number, groups->count);
		zend_hash_add_new(&groups->tools, tool, &number);
		return groups->count++;
	}
	if (!tc_group_key(key, tool, args, fields)) {
		return groups->count++; /* matches nothing: a group of its own */
	}
	found = zend_hash_find_known_hash(&groups->ids, key->s);
	if (found) {
		return (uint32_t) Z_LVAL_P(found);
	}
	/* the table keeps a copy: key is scratch space, and holds spare room */
	stored = zend_string_init(ZSTR_VAL(key->s), ZSTR_LEN(key->s), 0);
	ZSTR_H(stored) = ZSTR_H(key->s);
	ZVAL_LONG(&number, groups->count);
	zend_hash_add_new(&groups->ids, stored, &number);
	zend_string_release_ex(stored, 0);
	return groups->count++;
}
