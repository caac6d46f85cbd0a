#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_node.h"

zend_string *tc_fkeys[TC_FK__COUNT];

static const char *const tc_fkey_names[TC_FK__COUNT] = {
	"role", "content", "type", "id", "name", "text",
	"tool_calls", "tool_call_id", "function", "arguments",
	"call_id", "output", "input", "tool_use_id", "toolUseID",
	"parts", "functionCall", "functionResponse", "args", "response",
	"toolCalls", "toolResults",
	"user", "tool", "model", "result",
	"function_call", "function_call_output", "message", "reasoning",
	"tool_use", "tool_result", "thinking", "redacted_thinking",
	"input_text", "text",
};

void tc_node_startup(void)
{
	int i;

	for (i = 0; i < TC_FK__COUNT; i++) {
		tc_fkeys[i] = zend_string_init_interned(tc_fkey_names[i], strlen(tc_fkey_names[i]), 1);
	}
}

zval *tc_node_get(zval *node, tc_fkey k)
{
	zval *value = NULL;

	if (Z_TYPE_P(node) == IS_ARRAY) {
		value = zend_hash_find_known_hash(Z_ARRVAL_P(node), tc_fkeys[k]);
	} else if (Z_TYPE_P(node) == IS_OBJECT && tc_item_readable(node)) {
		value = tc_obj_prop(node, tc_fkeys[k]);
	}
	if (value) {
		ZVAL_DEREF(value);
	}
	return value;
}

zend_string *tc_node_str(zval *node, tc_fkey k)
{
	zval *value = tc_node_get(node, k);

	return value && Z_TYPE_P(value) == IS_STRING ? Z_STR_P(value) : NULL;
}

bool tc_node_is(zval *node, tc_fkey k, tc_fkey v)
{
	zend_string *str = tc_node_str(node, k);

	return str && zend_string_equals(str, tc_fkeys[v]);
}

/* The slot under step s of the array *node (separated first), a reference
 * there replaced by its value; NULL when the key is missing. */
static zval *tc_node_array_slot(zval *node, const tc_step *s)
{
	zval *slot;

	SEPARATE_ARRAY(node);
	slot = tc_hash_find_key(Z_ARRVAL_P(node), s->key, s->index);
	if (slot && Z_ISREF_P(slot)) {
		zval value;

		ZVAL_COPY(&value, Z_REFVAL_P(slot));
		zval_ptr_dtor(slot);
		ZVAL_COPY_VALUE(slot, &value);
	}
	return slot;
}

bool tc_node_set(zval *root, const tc_path *path, zval *value)
{
	zval *node = root, *slot, copy, old;
	uint8_t i;

	for (i = 0; i < path->depth; i++) {
		const tc_step *s = &path->step[i];
		bool last = i + 1 == path->depth;

		if (Z_TYPE_P(node) == IS_ARRAY) {
			if (!(slot = tc_node_array_slot(node, s))) {
				return 0;
			}
			if (last) {
				ZVAL_COPY_VALUE(&old, slot);
				ZVAL_COPY_VALUE(slot, value);
				zval_ptr_dtor(&old);
				return 1;
			}
		} else if (Z_TYPE_P(node) == IS_OBJECT && tc_item_readable(node) && s->key) {
			/* one holder: the copy made here on an earlier write (the
			 * input's objects are held by the input and by the copies of
			 * the arrays that hold them) */
			if (GC_REFCOUNT(Z_OBJ_P(node)) > 1) {
				tc_item_copy(&copy, node);
				zval_ptr_dtor(node);
				ZVAL_COPY_VALUE(node, &copy);
			}
			if (last) {
				return tc_obj_prop_set(node, s->key, value);
			}
			slot = tc_obj_prop(node, s->key);
			if (!slot || Z_ISREF_P(slot) || (Z_TYPE_P(slot) != IS_ARRAY && Z_TYPE_P(slot) != IS_OBJECT)) {
				return 0;
			}
		} else {
			return 0;
		}
		node = slot;
	}
	return 0;
}
