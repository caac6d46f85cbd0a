/*
 * OpenAI Chat Completions messages (SPEC Part 4): calls are the entries of
 * an assistant message's tool_calls, {id, type, function: {name,
 * arguments}}; a result is a role "tool" message, {tool_call_id, content}.
 * The legacy function_call field and role "function" messages are left
 * alone.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fread.h"

void tc_openai_read(tc_freader *r, tc_fentry *e, uint32_t position)
{
	zval *entry = e->entry, *calls, *call, *function;
	zend_string *key;
	zend_ulong index;
	tc_path base = {0}, path;

	(void) position;
	if (e->role && zend_string_equals(e->role, tc_fkeys[TC_FV_TOOL])) {
		tc_path path = tc_path_then(&base, tc_fkeys[TC_FK_CONTENT], 0);

		tc_fread_add(r, e, 0, tc_node_str(entry, TC_FK_TOOL_CALL_ID), NULL, tc_node_get(entry, TC_FK_CONTENT), &path);
		return;
	}
	calls = tc_node_get(entry, TC_FK_TOOL_CALLS);
	if (!e->role || !zend_string_equals_literal(e->role, "assistant") || !calls || Z_TYPE_P(calls) != IS_ARRAY) {
		return;
	}
	base = tc_path_then(&base, tc_fkeys[TC_FK_TOOL_CALLS], 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(calls), index, key, call) {
		ZVAL_DEREF(call);
		if (Z_TYPE_P(call) != IS_ARRAY || !(function = tc_node_get(call, TC_FK_FUNCTION))
				|| Z_TYPE_P(function) != IS_ARRAY) {
			continue;
		}
		path = tc_path_then(&base, key, index);
		path = tc_path_then(&path, tc_fkeys[TC_FK_FUNCTION], 0);
		path = tc_path_then(&path, tc_fkeys[TC_FK_ARGUMENTS], 0);
		tc_fread_add(r, e, 1, tc_node_str(call, TC_FK_ID), tc_node_str(function, TC_FK_NAME),
			tc_node_get(function, TC_FK_ARGUMENTS), &path);
	} ZEND_HASH_FOREACH_END();
}
