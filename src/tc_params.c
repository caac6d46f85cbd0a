#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_params.h"

static zval *tc_params_find(HashTable *raw, const char *key, size_t len)
{
	zval *value = raw ? zend_hash_str_find(raw, key, len) : NULL;

	if (value) {
		ZVAL_DEREF(value);
	}
	return value;
}

/* A threshold: an int >= 0, anything else the default. */
static zend_long tc_params_trim(HashTable *raw, const char *key, size_t len)
{
	zval *value = tc_params_find(raw, key, len);

	if (value && Z_TYPE_P(value) == IS_LONG && Z_LVAL_P(value) >= 0) {
		return Z_LVAL_P(value);
	}
	return TC_DEFAULT_TRIM_BYTES;
}

/* The string entries of list, re-indexed, into the new array *out. */
static void tc_params_string_list(zval *out, HashTable *list)
{
	zval *entry;

	array_init_size(out, zend_hash_num_elements(list));
	ZEND_HASH_FOREACH_VAL(list, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) == IS_STRING) {
			Z_TRY_ADDREF_P(entry);
			zend_hash_next_index_insert_new(Z_ARRVAL_P(out), entry);
		}
	} ZEND_HASH_FOREACH_END();
}

static void tc_params_fields_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

static tc_id_fields *tc_params_fields_new(HashTable *names)
{
	uint32_t count = zend_hash_num_elements(names);
	tc_id_fields *fields = emalloc(sizeof(tc_id_fields) + (count - 1) * sizeof(tc_id_field));
	zval *name;

	fields->count = 0;
	ZEND_HASH_FOREACH_VAL(names, name) {
		tc_id_field *field = &fields->field[fields->count++];

		field->name = Z_STR_P(name);
		field->is_index = ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(field->name), ZSTR_LEN(field->name), field->index);
	} ZEND_HASH_FOREACH_END();
	return fields;
}

void tc_params_init(tc_params *params, HashTable *raw)
{
	zval *value, excluded, identifiers, list, *tool_fields;
	zend_string *tool;
	zend_ulong tool_index;

	params->input_trim_bytes = tc_params_trim(raw, ZEND_STRL("inputTrimBytes"));
	params->output_trim_bytes = tc_params_trim(raw, ZEND_STRL("outputTrimBytes"));
	zend_hash_init(&params->excluded, 8, NULL, NULL, 0);
	zend_hash_init(&params->identifiers, 8, NULL, tc_params_fields_dtor, 0);

	value = tc_params_find(raw, ZEND_STRL("excludedTools"));
	if (value && Z_TYPE_P(value) == IS_ARRAY) {
		zval *name;

		tc_params_string_list(&excluded, Z_ARRVAL_P(value));
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(excluded), name) {
			zend_hash_add_empty_element(&params->excluded, Z_STR_P(name));
		} ZEND_HASH_FOREACH_END();
	} else {
		ZVAL_EMPTY_ARRAY(&excluded);
	}

	array_init(&identifiers);
	value = tc_params_find(raw, ZEND_STRL("toolIdentifierFields"));
	if (value && Z_TYPE_P(value) == IS_ARRAY) {
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(value), tool_index, tool, tool_fields) {
			ZVAL_DEREF(tool_fields);
			if (Z_TYPE_P(tool_fields) != IS_ARRAY) {
				continue; /* treated as unconfigured */
			}
			tc_params_string_list(&list, Z_ARRVAL_P(tool_fields));
			if (tool) {
				tool_fields = zend_hash_add_new(Z_ARRVAL(identifiers), tool, &list);
			} else {
				tool_fields = zend_hash_index_add_new(Z_ARRVAL(identifiers), tool_index, &list);
			}
			if (zend_hash_num_elements(Z_ARRVAL_P(tool_fields)) == 0) {
				continue; /* an empty list: one group for all calls */
			}
			if (tool) {
				zend_hash_add_new_ptr(&params->identifiers, tool, tc_params_fields_new(Z_ARRVAL_P(tool_fields)));
			} else {
				zend_hash_index_add_new_ptr(&params->identifiers, tool_index, tc_params_fields_new(Z_ARRVAL_P(tool_fields)));
			}
		} ZEND_HASH_FOREACH_END();
	}

	array_init_size(&params->resolved, 4);
	add_assoc_long_ex(&params->resolved, ZEND_STRL("inputTrimBytes"), params->input_trim_bytes);
	add_assoc_long_ex(&params->resolved, ZEND_STRL("outputTrimBytes"), params->output_trim_bytes);
	add_assoc_zval_ex(&params->resolved, ZEND_STRL("excludedTools"), &excluded);
	add_assoc_zval_ex(&params->resolved, ZEND_STRL("toolIdentifierFields"), &identifiers);
}

void tc_params_dtor(tc_params *params)
{
	zend_hash_destroy(&params->identifiers);
	zend_hash_destroy(&params->excluded);
	zval_ptr_dtor(&params->resolved);
}

bool tc_params_excluded(const tc_params *params, zend_string *tool)
{
	return zend_hash_num_elements(&params->excluded) > 0
		&& zend_hash_exists(&params->excluded, tool);
}

const tc_id_fields *tc_params_id_fields(const tc_params *params, zend_string *tool)
{
	if (zend_hash_num_elements(&params->identifiers) == 0) {
		return NULL;
	}
	zval *fields = zend_symtable_find(&params->identifiers, tool);

	return fields ? Z_PTR_P(fields) : NULL;
}

bool tc_id_fields_has(const tc_id_fields *fields, zend_string *str_key, zend_ulong num_key)
{
	uint32_t i;

	if (!fields) {
		return 0;
	}
	for (i = 0; i < fields->count; i++) {
		const tc_id_field *field = &fields->field[i];

		if (str_key ? (!field->is_index && zend_string_equals(field->name, str_key))
				: (field->is_index && field->index == num_key)) {
			return 1;
		}
	}
	return 0;
}
