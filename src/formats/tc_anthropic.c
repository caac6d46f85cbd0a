/*
 * Anthropic Messages (SPEC Part 4): in a message's content list, a call is
 * a tool_use block, {id, name, input}, a result a tool_result block,
 * {tool_use_id, content, is_error?}. A block is an array or an object of the
 * official SDK, read through its public properties (toolUseID for
 * tool_use_id).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fread.h"

void tc_anthropic_read(tc_freader *r, tc_fentry *e, uint32_t position)
{
	zval *entry = e->entry, *content, *block;
	zend_string *key;
	zend_ulong index;
	tc_path base = {0}, path;

	(void) position;
	content = tc_node_get(entry, TC_FK_CONTENT);
	if (!content || Z_TYPE_P(content) != IS_ARRAY) {
		return;
	}
	base = tc_path_then(&base, tc_fkeys[TC_FK_CONTENT], 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(content), index, key, block) {
		ZVAL_DEREF(block);
		path = tc_path_then(&base, key, index);
		if (tc_node_is(block, TC_FK_TYPE, TC_FV_TOOL_USE)) {
			path = tc_path_then(&path, tc_fkeys[TC_FK_INPUT], 0);
			tc_fread_add(r, e, 1, tc_node_str(block, TC_FK_ID), tc_node_str(block, TC_FK_NAME),
				tc_node_get(block, TC_FK_INPUT), &path);
		} else if (tc_node_is(block, TC_FK_TYPE, TC_FV_TOOL_RESULT)) {
			path = tc_path_then(&path, tc_fkeys[TC_FK_CONTENT], 0);
			tc_fread_add(r, e, 0, tc_node_str(block, Z_TYPE_P(block) == IS_OBJECT ? TC_FK_TOOL_USE_ID_SDK : TC_FK_TOOL_USE_ID),
				NULL, tc_node_get(block, TC_FK_CONTENT), &path);
		} else if (tc_node_str(block, TC_FK_TEXT)) {
			e->has_text = 1;
		}
	} ZEND_HASH_FOREACH_END();
}
