/*
 * Values inside a provider's history: the keys a format reads (interned
 * once), a path from an entry of the history to a value inside it, and
 * reading and writing along it. A node on the way is an array or a plain
 * object (the official SDKs' block objects), whose public properties are
 * read by name.
 */
#ifndef TC_NODE_H
#define TC_NODE_H

#include "php.h"

typedef enum _tc_fkey {
	TC_FK_ROLE, TC_FK_CONTENT, TC_FK_TYPE, TC_FK_ID, TC_FK_NAME, TC_FK_TEXT,
	TC_FK_TOOL_CALLS, TC_FK_TOOL_CALL_ID, TC_FK_FUNCTION, TC_FK_ARGUMENTS,
	TC_FK_CALL_ID, TC_FK_OUTPUT, TC_FK_INPUT, TC_FK_TOOL_USE_ID, TC_FK_TOOL_USE_ID_SDK,
	TC_FK_PARTS, TC_FK_FUNCTION_CALL, TC_FK_FUNCTION_RESPONSE, TC_FK_ARGS, TC_FK_RESPONSE,
	TC_FK_FUNCTION_RESPONSE_REST, /* the REST API's function_response (its function_call: TC_FV_FUNCTION_CALL) */
	TC_FK_TOOL_CALLS_DTO, TC_FK_TOOL_RESULTS_DTO, TC_FK_REFUSAL, TC_FK_SUMMARY,
	/* media parts (tc_fmedia.c) */
	TC_FK_SOURCE, TC_FK_MEDIA_TYPE, TC_FK_MEDIA_TYPE_SDK, TC_FK_DATA, TC_FK_IMAGE_URL, TC_FK_URL,
	TC_FK_FILE, TC_FK_FILE_DATA, TC_FK_INLINE_DATA, TC_FK_INLINE_DATA_REST, TC_FK_MIME_TYPE,
	TC_FK_MIME_TYPE_REST,
	/* values */
	TC_FV_USER, TC_FV_TOOL, TC_FV_MODEL, TC_FV_RESULT,
	TC_FV_FUNCTION_CALL, TC_FV_FUNCTION_CALL_OUTPUT, TC_FV_MESSAGE, TC_FV_REASONING,
	TC_FV_TOOL_USE, TC_FV_TOOL_RESULT, TC_FV_THINKING, TC_FV_REDACTED_THINKING,
	TC_FV_INPUT_TEXT, TC_FV_TEXT_TYPE,
	/* a result whose call is not in the history (tc_fread.c), Responses
	 * tool items beside function calls (tc_responses.c) */
	TC_FV_UNKNOWN, TC_FV_CUSTOM_TOOL_CALL, TC_FV_CUSTOM_TOOL_CALL_OUTPUT, TC_FV_COMPUTER_CALL,
	TC_FV_COMPUTER_CALL_OUTPUT, TC_FV_COMPUTER_TOOL,
	TC_FV_IMAGE, TC_FV_DOCUMENT, TC_FV_BASE64, TC_FV_INPUT_IMAGE, TC_FV_INPUT_FILE,
	TC_FK__COUNT
} tc_fkey;

/* Interned strings of every tc_fkey, made at MINIT. */
extern zend_string *tc_fkeys[TC_FK__COUNT];

/* MINIT: makes tc_fkeys. */
void tc_node_startup(void);

/* One step of a path: a string key (or property name), or an integer key
 * when key is NULL. */
typedef struct _tc_step {
	zend_string *key;
	zend_ulong   index;
} tc_step;

#define TC_PATH_MAX 5

typedef struct _tc_path {
	uint8_t depth;
	tc_step step[TC_PATH_MAX];
} tc_path;

/* A path of one more step (key, or index when key is NULL) after base. */
static zend_always_inline tc_path tc_path_then(const tc_path *base, zend_string *key, zend_ulong index)
{
	tc_path path = *base;

	ZEND_ASSERT(path.depth < TC_PATH_MAX);
	path.step[path.depth].key = key;
	path.step[path.depth].index = index;
	path.depth++;
	return path;
}

/* The value under key k of node (an array, or a readable object's public
 * property), dereferenced, or NULL. Borrowed. */
zval *tc_node_get(zval *node, tc_fkey k);

/* tc_node_get() when the value is a string, else NULL. */
zend_string *tc_node_str(zval *node, tc_fkey k);

/* Does the string value of node under k equal the interned value v? */
bool tc_node_is(zval *node, tc_fkey k, tc_fkey v);

/* A copy of an entry that payloads are written into along paths, and the
 * objects copied into it so far, which are its own. */
typedef struct _tc_node_root {
	zval value;  /* the copy (owned): the entry itself until a write separates it */
	zval copies; /* UNDEF, or an array: address of an object copied into
	              * value => that object (held) */
} tc_node_root;

/* Starts a root on entry (borrowed; one more reference taken). */
void tc_node_root_init(tc_node_root *root, zval *entry);

/* Lets go of the copies' record; root->value is left to the caller. */
void tc_node_root_forget(tc_node_root *root);

/*
 * Writes value (taken over on success) at path inside root->value: every
 * array on the way is separated and every object the root does not own yet
 * copied (tc_obj_copy_set(): no constructor run), so nothing the input holds
 * changes. A PHP reference met on the way, in an array or in a copied
 * object's property, is replaced in the copy by its value. Returns false,
 * leaving value to the caller, when the path does not lead to an existing
 * key or a property refuses the value.
 */
bool tc_node_set(tc_node_root *root, const tc_path *path, zval *value);

#endif
