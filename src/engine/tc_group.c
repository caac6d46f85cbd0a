#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "tc_group.h"

/* Appends a tag alone. */
static zend_always_inline void tc_group_append_tag(smart_str *key, char tag)
{
	smart_str_appendc(key, tag);
}

/* Appends a tag and the size raw bytes at value. */
static zend_always_inline void tc_group_append_raw(smart_str *key, char tag, const void *value, size_t size)
{
	tc_group_append_tag(key, tag);
	smart_str_appendl(key, (const char *) value, size);
}
#define TC_APPEND_RAW(key, tag, value) tc_group_append_raw((key), (tag), &(value), sizeof(value))

static void tc_group_append_string(smart_str *key, char tag, zend_string *str)
{
	size_t len = ZSTR_LEN(str);

	TC_APPEND_RAW(key, tag, len);
	smart_str_append(key, str);
}

/*
 * Appends a type-tagged, length-prefixed form of value: equal bytes for
 * identical values, different bytes (thanks to tags and lengths) otherwise.
 */
static bool tc_group_append_value(smart_str *key, zval *value, int depth)
{
	ZVAL_DEREF(value);
	switch (Z_TYPE_P(value)) {
		case IS_UNDEF:
		case IS_NULL:
			tc_group_append_tag(key, 'N');
			return 1;
		case IS_FALSE:
			tc_group_append_tag(key, 'F');
			return 1;
		case IS_TRUE:
			tc_group_append_tag(key, 'T');
			return 1;
		case IS_LONG:
			TC_APPEND_RAW(key, 'I', Z_LVAL_P(value));
			return 1;
		case IS_DOUBLE: {
			double d = Z_DVAL_P(value);

			if (zend_isnan(d)) {
				return 0; /* NAN !== NAN */
			}
			if (d == 0.0) {
				d = 0.0; /* -0.0 === 0.0 */
			}
			TC_APPEND_RAW(key, 'D', d);
			return 1;
		}
		case IS_STRING:
			tc_group_append_string(key, 'S', Z_STR_P(value));
			return 1;
		case IS_ARRAY: {
			zend_string *str_key;
			zend_ulong num_key;
			zval *item;
			uint32_t count = zend_hash_num_elements(Z_ARRVAL_P(value));

			if (depth >= TC_GROUP_MAX_DEPTH) {
				return 0;
			}
			TC_APPEND_RAW(key, 'A', count);
			ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(value), num_key, str_key, item) {
				if (str_key) {
					tc_group_append_string(key, 's', str_key);
				} else {
					TC_APPEND_RAW(key, 'i', num_key);
				}
				if (!tc_group_append_value(key, item, depth + 1)) {
					return 0;
				}
			} ZEND_HASH_FOREACH_END();
			return 1;
		}
		case IS_OBJECT: {
			uint32_t handle = Z_OBJ_HANDLE_P(value);

			TC_APPEND_RAW(key, 'O', handle);
			return 1;
		}
		case IS_RESOURCE: {
			zend_long handle = Z_RES_HANDLE_P(value);

			TC_APPEND_RAW(key, 'R', handle);
			return 1;
		}
		default:
			tc_group_append_tag(key, '?');
			return 1;
	}
}

/*
 * The group key of a call of tool whose arguments are args (a new string,
 * owned by the caller). args may be NULL (a result without its call, or
 * arguments that are not an array): every field then counts as null.
 * fields may be NULL (the tool has no identifier fields). Everything else
 * is borrowed.
 *
 * NULL when the key matches nothing, not even itself (a NAN, or a value
 * nested too deeply or recursively): the call is a group of its own.
 */
static zend_string *tc_group_key(zend_string *tool, HashTable *args, const tc_id_fields *fields)
{
	smart_str key = {0};
	uint32_t i;

	tc_group_append_string(&key, 't', tool);
	for (i = 0; fields && i < fields->count; i++) {
		const tc_id_field *field = &fields->field[i];
		zval *value = NULL;

		if (args) {
			value = field->is_index
				? zend_hash_index_find(args, field->index)
				: zend_hash_find(args, field->name);
		}
		if (!value) {
			tc_group_append_tag(&key, 'N');
		} else if (!tc_group_append_value(&key, value, 0)) {
			smart_str_free(&key);
			return NULL;
		}
	}
	return smart_str_extract(&key);
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

uint32_t tc_groups_number(tc_groups *groups, zend_string *tool, HashTable *args, const tc_id_fields *fields)
{
	zend_string *key;
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
	key = tc_group_key(tool, args, fields);
	if (!key) {
		return groups->count++; /* matches nothing: a group of its own */
	}
	found = zend_hash_find(&groups->ids, key);
	if (found) {
		zend_string_release_ex(key, 0);
		return (uint32_t) Z_LVAL_P(found);
	}
	ZVAL_LONG(&number, groups->count);
	zend_hash_add_new(&groups->ids, key, &number);
	zend_string_release_ex(key, 0);
	return groups->count++;
}
