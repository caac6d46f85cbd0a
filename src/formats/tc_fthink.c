/*
 * keepThinkingTurns (SPEC Part 4, "Thinking blocks"). A turn starts at a
 * user message that holds more than tool results; an assistant turn is a
 * turn that holds an assistant message. Only arrays and public properties
 * are read: no user code runs.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "../engine/tc_sum.h"
#include "tc_fthink.h"
#include "tc_node.h"

static bool tc_fthink_is_thinking(zval *block)
{
	ZVAL_DEREF(block);
	return tc_node_is(block, TC_FK_TYPE, TC_FV_THINKING) || tc_node_is(block, TC_FK_TYPE, TC_FV_REDACTED_THINKING);
}

/* Is content a non-empty list of tool_result blocks only? */
static bool tc_fthink_only_results(zval *content)
{
	zval *block;

	if (!content || Z_TYPE_P(content) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(content)) == 0) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(content), block) {
		ZVAL_DEREF(block);
		if (!tc_node_is(block, TC_FK_TYPE, TC_FV_TOOL_RESULT)) {
			return 0;
		}
	} ZEND_HASH_FOREACH_END();
	return 1;
}

static bool tc_fthink_has_tool_use(zval *content)
{
	zval *block;

	if (!content || Z_TYPE_P(content) != IS_ARRAY) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(content), block) {
		ZVAL_DEREF(block);
		if (tc_node_is(block, TC_FK_TYPE, TC_FV_TOOL_USE)) {
			return 1;
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}

/* The role of an array entry: 1 user, 2 assistant, 0 anything else. */
static int tc_fthink_role(zval *entry)
{
	zend_string *role = Z_TYPE_P(entry) == IS_ARRAY ? tc_node_str(entry, TC_FK_ROLE) : NULL;

	if (!role) {
		return 0;
	}
	return zend_string_equals(role, tc_fkeys[TC_FV_USER]) ? 1 : zend_string_equals_literal(role, "assistant") ? 2 : 0;
}

/* entry (an array) without its thinking blocks, into *out; false when it has
 * none, or nothing else (a content is never left empty). */
static bool tc_fthink_without(zval *entry, zval *out, tc_fthink_stats *stats)
{
	zval *content = tc_node_get(entry, TC_FK_CONTENT), *block, list;
	zend_string *key;
	zend_ulong index;
	uint32_t thinking = 0;
	bool is_list;

	if (!content || Z_TYPE_P(content) != IS_ARRAY) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(content), block) {
		thinking += tc_fthink_is_thinking(block);
	} ZEND_HASH_FOREACH_END();
	if (!thinking || thinking == zend_hash_num_elements(Z_ARRVAL_P(content))) {
		return 0;
	}
	/* a list stays a list (renumbered), other keys are kept */
	is_list = zend_array_is_list(Z_ARRVAL_P(content));
	array_init_size(&list, zend_hash_num_elements(Z_ARRVAL_P(content)) - thinking);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(content), index, key, block) {
		ZVAL_DEREF(block);
		if (tc_fthink_is_thinking(block)) {
			zend_string *text = tc_node_str(block, TC_FV_THINKING);

			if (text) {
				if (Z_ISUNDEF(stats->texts)) {
					array_init(&stats->texts);
				}
				add_next_index_str(&stats->texts, zend_string_copy(text));
			}
			continue;
		}
		Z_TRY_ADDREF_P(block);
		if (is_list) {
			zend_hash_next_index_insert_new(Z_ARRVAL(list), block);
		} else if (key) {
			zend_hash_add_new(Z_ARRVAL(list), key, block);
		} else {
			zend_hash_index_add_new(Z_ARRVAL(list), index, block);
		}
	} ZEND_HASH_FOREACH_END();
	/* a copy key by key: a PHP reference in the entry is replaced by its value */
	array_init_size(out, zend_hash_num_elements(Z_ARRVAL_P(entry)));
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(entry), index, key, block) {
		zval value;

		if (key && zend_string_equals(key, tc_fkeys[TC_FK_CONTENT])) {
			ZVAL_COPY_VALUE(&value, &list);
		} else {
			ZVAL_COPY_DEREF(&value, block);
		}
		tc_hash_add_new_key(Z_ARRVAL_P(out), key, index, &value);
	} ZEND_HASH_FOREACH_END();
	stats->removed = tc_sum_add(stats->removed, thinking);
	return 1;
}

void tc_fthink_clear(zval *compacted, zval *history, zend_long keep, tc_fthink_stats *stats)
{
	HashTable *ht = Z_ARRVAL_P(history);
	uint32_t n = zend_hash_num_elements(ht), i = 0, turn = 0, last_turn, clear_below, assistant_turns = 0;
	uint32_t *turns;
	bool *has_assistant, in_loop = 0;
	zval *entry, *slot, copy, *content;
	zend_string *key;
	zend_ulong index;
	int role = 0;

	stats->removed = 0;
	stats->messages = 0;
	stats->first = -1;
	ZVAL_UNDEF(&stats->texts);
	if (n == 0) {
		return;
	}
	turns = safe_emalloc(n, sizeof(uint32_t), 0);
	has_assistant = ecalloc(n + 1, sizeof(bool));
	ZEND_HASH_FOREACH_VAL(ht, entry) {
		ZVAL_DEREF(entry);
		role = tc_fthink_role(entry);
		content = role ? tc_node_get(entry, TC_FK_CONTENT) : NULL;
		if (role == 1 && !tc_fthink_only_results(content)) {
			turn++;
		}
		turns[i++] = turn;
		if (role == 2 && !has_assistant[turn]) {
			has_assistant[turn] = 1;
			assistant_turns++;
		}
		/* the last entry: a pending call, or results the model has not answered */
		in_loop = (role == 2 && tc_fthink_has_tool_use(content)) || (role == 1 && tc_fthink_only_results(content));
	} ZEND_HASH_FOREACH_END();
	last_turn = turn;
	/* the turns below clear_below lose their thinking: all but the newest keep assistant turns */
	clear_below = 0;
	if ((zend_ulong) keep < assistant_turns) {
		uint32_t kept = 0, t;

		for (t = last_turn + 1; t-- > 0;) {
			if (has_assistant[t] && kept++ == (uint32_t) keep) {
				clear_below = t + 1;
				break;
			}
		}
	}
	i = 0;
	ZEND_HASH_FOREACH_KEY_VAL(ht, index, key, entry) {
		uint32_t position = i++;

		ZVAL_DEREF(entry);
		if (turns[position] >= clear_below || (in_loop && turns[position] == last_turn) || tc_fthink_role(entry) != 2) {
			continue;
		}
		/* the pass's output for this entry, which may already be a new one */
		slot = key ? zend_hash_find(Z_ARRVAL_P(compacted), key) : zend_hash_index_find(Z_ARRVAL_P(compacted), index);
		if (!slot) {
			continue;
		}
		ZVAL_DEREF(slot);
		if (Z_TYPE_P(slot) != IS_ARRAY || !tc_fthink_without(slot, &copy, stats)) {
			continue;
		}
		if (Z_TYPE_P(entry) == IS_ARRAY && Z_ARR_P(slot) == Z_ARR_P(entry)) {
			stats->messages++;
		}
		if (stats->first < 0) {
			stats->first = position;
		}
		SEPARATE_ARRAY(compacted);
		tc_hash_replace_key(Z_ARRVAL_P(compacted), key, index, &copy);
	} ZEND_HASH_FOREACH_END();
	efree(turns);
	efree(has_assistant);
}
