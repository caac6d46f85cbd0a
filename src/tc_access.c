#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_access.h"

zend_string *tc_keys[TC_K__COUNT];

static const char *const tc_key_names[TC_K__COUNT] = {
	"role", "content", "toolCalls", "toolResults", "id", "toolName", "arguments", "result",
	"_tool_compaction", "thresholdBytes", "omittedFields", "bytes", "sha256",
	"[omitted]", "tool",
};

void tc_access_startup(void)
{
	int i;

	for (i = 0; i < TC_K__COUNT; i++) {
		tc_keys[i] = zend_string_init_interned(tc_key_names[i], strlen(tc_key_names[i]), 1);
	}
}

void tc_item_copy(zval *copy, zval *item)
{
	ZVAL_ARR(copy, zend_array_dup(Z_ARRVAL_P(item)));
}

void tc_item_set(zval *copy, tc_field f, zval *value)
{
	zend_hash_update(Z_ARRVAL_P(copy), tc_keys[f], value);
}

void tc_list_copy(zval *copy, HashTable *list)
{
	ZVAL_ARR(copy, zend_array_dup(list));
}

void tc_list_set(zval *copy, zend_string *str_key, zend_ulong num_key, zval *value)
{
	if (str_key) {
		zend_hash_update(Z_ARRVAL_P(copy), str_key, value);
	} else {
		zend_hash_index_update(Z_ARRVAL_P(copy), num_key, value);
	}
}
