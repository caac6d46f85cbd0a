/*
 * OpenAI Responses input items (SPEC Part 4): a call is an item of type
 * function_call or custom_tool_call, {call_id, name, arguments or input},
 * or computer_call, {call_id, action}, named computer_use_preview (the
 * tool's type) and with no payload; a result an item of type
 * function_call_output, custom_tool_call_output or computer_call_output,
 * {call_id, output}. They pair by call_id, never by the item's id. Every
 * other item (messages, reasoning) stays as it is.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fread.h"

void tc_responses_read(tc_freader *r, tc_fentry *e, uint32_t position)
{
	zval *entry = e->entry;
	tc_path base = {0}, path;
	bool custom;

	(void) position;
	if ((custom = tc_node_is(entry, TC_FK_TYPE, TC_FV_CUSTOM_TOOL_CALL))
			|| tc_node_is(entry, TC_FK_TYPE, TC_FV_FUNCTION_CALL)) {
		tc_fkey payload = custom ? TC_FK_INPUT : TC_FK_ARGUMENTS;

		path = tc_path_then(&base, tc_fkeys[payload], 0);
		tc_fread_add(r, e, 1, tc_node_str(entry, TC_FK_CALL_ID), tc_node_str(entry, TC_FK_NAME),
			tc_node_get(entry, payload), &path);
		return;
	}
	if (tc_node_is(entry, TC_FK_TYPE, TC_FV_COMPUTER_CALL)) {
		tc_fread_add(r, e, 1, tc_node_str(entry, TC_FK_CALL_ID), tc_fkeys[TC_FV_COMPUTER_TOOL], NULL, &base);
		return;
	}
	if (tc_node_is(entry, TC_FK_TYPE, TC_FV_FUNCTION_CALL_OUTPUT)
			|| tc_node_is(entry, TC_FK_TYPE, TC_FV_CUSTOM_TOOL_CALL_OUTPUT)
			|| tc_node_is(entry, TC_FK_TYPE, TC_FV_COMPUTER_CALL_OUTPUT)) {
		path = tc_path_then(&base, tc_fkeys[TC_FK_OUTPUT], 0);
		tc_fread_add(r, e, 0, tc_node_str(entry, TC_FK_CALL_ID), NULL, tc_node_get(entry, TC_FK_OUTPUT), &path);
	}
}
