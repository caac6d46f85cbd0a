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
	"function_response",
	"toolCalls", "toolResults", "refusal", "summary",
	"source", "media_type", "mediaType", "data", "image_url", "url",
	"file", "file_data", "inlineData", "inline_data", "mimeType",
	"mime_type",
	"user", "tool", "model", "result",
	"function_call", "function_call_output", "message", "reasoning",
	"tool_use", "tool_result", "thinking", "redacted_thinking",
	"input_text", "text",
	"unknown", "custom_tool_call", "custom_tool_call_output", "computer_call",
	"computer_call_output", "computer_use_preview",
	"image", "document", "base64", "input_image", "input_file",
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

/* Records the object *node as the root's own (held). */
static void tc_node_record(tc_node_root *root, zval *node)
{
	if (Z_TYPE(root->copies) != IS_ARRAY) {
		array_init(&root->copies);
	}
	Z_ADDREF_P(node);
	zend_hash_index_update(Z_ARRVAL(root->copies), (zend_ulong) (uintptr_t) Z_OBJ_P(node), node);
}

/* Writes value (taken over on success) into the property name of the
 * object *node: in place when the root owns it, else into a new copy of it
 * (no constructor run) put in its place and recorded as the root's own. */
static bool tc_node_object_write(tc_node_root *root, zval *node, zend_string *name, zval *value)
{
	zend_object *before = Z_OBJ_P(node);
	zval copy;

	if (Z_TYPE(root->copies) == IS_ARRAY
			&& zend_hash_index_exists(Z_ARRVAL(root->copies), (zend_ulong) (uintptr_t) before)) {
		if (!tc_obj_prop_set(node, name, value)) {
			return 0;
		}
		if (Z_OBJ_P(node) != before) { /* a readonly property: a new copy took its place */
			zend_hash_index_del(Z_ARRVAL(root->copies), (zend_ulong) (uintptr_t) before);
			tc_node_record(root, node);
		}
		return 1;
	}
	if (!tc_obj_copy_set(&copy, node, name, value)) {
		return 0;
	}
	zval_ptr_dtor(node);
	ZVAL_COPY_VALUE(node, &copy);
	tc_node_record(root, node);
	return 1;
}

/*
 * tc_node_set() from step i on, *node being the root's own zval on the way.
 * An object's property is read, changed as a value of the pass (an array
 * separated, an object copied) and written back through the object API; a
 * PHP reference there is replaced by its value.
 */
static bool tc_node_set_from(tc_node_root *root, zval *node, const tc_path *path, uint8_t i, zval *value)
{
	const tc_step *s = &path->step[i];
	bool last = i + 1 == path->depth;
	zend_object *before;
	zval *slot, old, child, held;

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
		return tc_node_set_from(root, slot, path, i + 1, value);
	}
	if (Z_TYPE_P(node) != IS_OBJECT || !tc_item_readable(node) || !s->key) {
		return 0;
	}
	if (last) {
		return tc_node_object_write(root, node, s->key, value);
	}
	if (!(slot = tc_obj_prop(node, s->key))) {
		return 0;
	}
	ZVAL_COPY_DEREF(&child, slot);
	before = Z_TYPE(child) == IS_OBJECT ? Z_OBJ(child) : NULL;
	ZVAL_COPY(&held, value);
	if (!tc_node_set_from(root, &child, path, i + 1, &held)) {
		zval_ptr_dtor(&held);
		zval_ptr_dtor(&child);
		return 0;
	}
	if (before && Z_TYPE(child) == IS_OBJECT && Z_OBJ(child) == before) {
		zval_ptr_dtor(&child); /* the root's own object, changed in place */
	} else if (!tc_node_object_write(root, node, s->key, &child)) {
		zval_ptr_dtor(&child);
		return 0;
	}
	zval_ptr_dtor(value);
	return 1;
}

bool tc_node_set(tc_node_root *root, const tc_path *path, zval *value)
{
	return path->depth > 0 && tc_node_set_from(root, &root->value, path, 0, value);
}
