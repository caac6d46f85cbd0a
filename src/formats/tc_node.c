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

void tc_node_root_init(tc_node_root *root, zval *entry)
{
	ZVAL_COPY(&root->value, entry);
	ZVAL_UNDEF(&root->copies);
}

void tc_node_root_forget(tc_node_root *root)
{
	zval_ptr_dtor(&root->copies);
	ZVAL_UNDEF(&root->copies);
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

/* Makes the object *node the root's own: a copy of it in its place, unless
 * it is one already. */
static void tc_node_own(tc_node_root *root, zval *node)
{
	zval copy;

	if (Z_TYPE(root->copies) == IS_ARRAY
			&& zend_hash_index_exists(Z_ARRVAL(root->copies), (zend_ulong) (uintptr_t) Z_OBJ_P(node))) {
		return;
	}
	if (Z_TYPE(root->copies) != IS_ARRAY) {
		array_init(&root->copies);
	}
	tc_item_copy(&copy, node);
	zval_ptr_dtor(node);
	ZVAL_COPY_VALUE(node, &copy);
	Z_ADDREF(copy);
	zend_hash_index_add_new(Z_ARRVAL(root->copies), (zend_ulong) (uintptr_t) Z_OBJ(copy), &copy);
}

/* The property name of the root's own object *node on the way to a
 * value, a reference there replaced in it by its value; NULL when it holds
 * no array or object. */
static zval *tc_node_object_slot(zval *node, zend_string *name)
{
	zval *slot = tc_obj_prop(node, name), value;

	if (slot && Z_ISREF_P(slot)) {
		ZVAL_COPY(&value, Z_REFVAL_P(slot));
		if (!tc_obj_prop_set(node, name, &value)) {
			zval_ptr_dtor(&value);
			return NULL;
		}
		slot = tc_obj_prop(node, name);
	}
	return slot && (Z_TYPE_P(slot) == IS_ARRAY || Z_TYPE_P(slot) == IS_OBJECT) ? slot : NULL;
}

bool tc_node_set(tc_node_root *root, const tc_path *path, zval *value)
{
	zval *node = &root->value, *slot, old;
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
			tc_node_own(root, node);
			if (last) {
				return tc_obj_prop_set(node, s->key, value);
			}
			if (!(slot = tc_node_object_slot(node, s->key))) {
				return 0;
			}
		} else {
			return 0;
		}
		node = slot;
	}
	return 0;
}
