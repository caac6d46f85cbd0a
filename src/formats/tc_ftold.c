/*
 * Which format an entry tells (SPEC Part 4, "Choosing the format"): the
 * keys and values the providers' entries are known by.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fread.h"

/* Is an object (dereferenced) one of the Anthropic SDK's? */
static bool tc_told_sdk_object(zval *object)
{
	zend_string *name = Z_OBJCE_P(object)->name;

	return ZSTR_LEN(name) > 10 && strncasecmp(ZSTR_VAL(name), "Anthropic\\", 10) == 0;
}

/* Does a content list hold an Anthropic block that tells the format? */
static bool tc_told_anthropic(zval *content)
{
	static const tc_fkey types[] = {TC_FV_TOOL_USE, TC_FV_TOOL_RESULT, TC_FV_THINKING, TC_FV_REDACTED_THINKING};
	zval *block;
	size_t i;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(content), block) {
		ZVAL_DEREF(block);
		if (Z_TYPE_P(block) == IS_OBJECT) {
			if (tc_told_sdk_object(block)) {
				return 1;
			}
			continue;
		}
		if (Z_TYPE_P(block) != IS_ARRAY) {
			continue;
		}
		for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
			if (tc_node_is(block, TC_FK_TYPE, types[i])) {
				return 1;
			}
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}

/* The keys the format is told by after toolCalls and toolResults. */
enum { TC_TOLD_TYPE, TC_TOLD_CALL_ID, TC_TOLD_PARTS, TC_TOLD_ROLE, TC_TOLD_TOOL_CALLS, TC_TOLD_TOOL_CALL_ID, TC_TOLD_CONTENT,
	TC_TOLD__COUNT };
static const tc_fkey tc_told_keys[TC_TOLD__COUNT] = {
	TC_FK_TYPE, TC_FK_CALL_ID, TC_FK_PARTS, TC_FK_ROLE, TC_FK_TOOL_CALLS, TC_FK_TOOL_CALL_ID, TC_FK_CONTENT,
};

/* An entry with more members than this is asked for each key instead. */
#define TC_TOLD_WALK_MAX 8

/* The hashes of those keys (the same in every thread: set at MINIT). */
static zend_ulong tc_told_hashes[TC_TOLD__COUNT];

void tc_ftold_startup(void)
{
	int k;

	for (k = 0; k < TC_TOLD__COUNT; k++) {
		tc_told_hashes[k] = zend_string_hash_val(tc_fkeys[tc_told_keys[k]]);
	}
}

/* The members of ht under the keys of tc_told_keys (NULL: none), found in
 * one walk over its few members, which costs less than a lookup of each;
 * false when ht has too many members for that. A member's key is read only
 * when its hash is a key's. */
static bool tc_told_walk(HashTable *ht, zval **found)
{
	Bucket *b;
	int k;

	if (HT_IS_PACKED(ht) || zend_hash_num_elements(ht) > TC_TOLD_WALK_MAX) {
		return 0;
	}
	memset(found, 0, TC_TOLD__COUNT * sizeof(zval *));
	ZEND_HASH_MAP_FOREACH_BUCKET(ht, b) {
		if (!b->key) {
			continue;
		}
		for (k = 0; k < TC_TOLD__COUNT; k++) {
			if (b->h == tc_told_hashes[k] && zend_string_equals(b->key, tc_fkeys[tc_told_keys[k]])) {
				found[k] = &b->val;
				break;
			}
		}
	} ZEND_HASH_FOREACH_END();
	return 1;
}

/* found[k], dereferenced, when it is a string; else NULL. */
static zend_string *tc_told_str(zval **found, int k)
{
	zval *value = found[k];

	if (value) {
		ZVAL_DEREF(value);
	}
	return value && Z_TYPE_P(value) == IS_STRING ? Z_STR_P(value) : NULL;
}

/* The format the first rule that applies to entry tells, or, with only a
 * format, only when its own rule applies to it (TC_FORMAT_AUTO: none). */
static tc_format tc_told_by_rules(zval *entry, tc_format only)
{
	HashTable *ht;
	zval *found[TC_TOLD__COUNT], *content;
	zend_string *type, *role;
	int k;

#define TC_TOLD_ASKED(format) (only == TC_FORMAT_AUTO || only == (format))
	if (Z_TYPE_P(entry) == IS_OBJECT) {
		return TC_TOLD_ASKED(TC_FORMAT_ADACHSOFT) ? TC_FORMAT_ADACHSOFT : TC_FORMAT_AUTO;
	}
	if (Z_TYPE_P(entry) != IS_ARRAY) {
		return TC_FORMAT_AUTO;
	}
	ht = Z_ARRVAL_P(entry);
	if (TC_TOLD_ASKED(TC_FORMAT_ADACHSOFT)
			&& (zend_hash_exists(ht, tc_fkeys[TC_FK_TOOL_CALLS_DTO]) || zend_hash_exists(ht, tc_fkeys[TC_FK_TOOL_RESULTS_DTO]))) {
		return TC_FORMAT_ADACHSOFT;
	}
	if (!tc_told_walk(ht, found)) {
		for (k = 0; k < TC_TOLD__COUNT; k++) {
			found[k] = zend_hash_find_known_hash(ht, tc_fkeys[tc_told_keys[k]]);
		}
	}
	type = tc_told_str(found, TC_TOLD_TYPE);
	if (TC_TOLD_ASKED(TC_FORMAT_RESPONSES) && ((type && (zend_string_equals(type, tc_fkeys[TC_FV_FUNCTION_CALL])
				|| zend_string_equals(type, tc_fkeys[TC_FV_FUNCTION_CALL_OUTPUT])
				|| zend_string_equals(type, tc_fkeys[TC_FV_MESSAGE]) || zend_string_equals(type, tc_fkeys[TC_FV_REASONING])))
			|| found[TC_TOLD_CALL_ID])) {
		return TC_FORMAT_RESPONSES;
	}
	role = tc_told_str(found, TC_TOLD_ROLE);
	if (TC_TOLD_ASKED(TC_FORMAT_GEMINI) && (found[TC_TOLD_PARTS] || (role && zend_string_equals(role, tc_fkeys[TC_FV_MODEL])))) {
		return TC_FORMAT_GEMINI;
	}
	if (TC_TOLD_ASKED(TC_FORMAT_OPENAI) && (found[TC_TOLD_TOOL_CALLS] || found[TC_TOLD_TOOL_CALL_ID])) {
		return TC_FORMAT_OPENAI;
	}
	content = found[TC_TOLD_CONTENT];
	if (content && TC_TOLD_ASKED(TC_FORMAT_ANTHROPIC)) {
		ZVAL_DEREF(content);
		if (Z_TYPE_P(content) == IS_ARRAY && tc_told_anthropic(content)) {
			return TC_FORMAT_ANTHROPIC;
		}
	}
	return TC_FORMAT_AUTO;
#undef TC_TOLD_ASKED
}

tc_format tc_format_told(zval *entry)
{
	return tc_told_by_rules(entry, TC_FORMAT_AUTO);
}

bool tc_format_shaped(zval *entry, tc_format format)
{
	return tc_told_by_rules(entry, format) == format;
}

bool tc_format_unreadable(zval *entry, bool in_collection)
{
	tc_format told;

	ZVAL_DEREF(entry);
	if (Z_TYPE_P(entry) == IS_OBJECT) {
		return tc_told_sdk_object(entry);
	}
	if (!in_collection) {
		return 0;
	}
	told = tc_format_told(entry);
	return told != TC_FORMAT_AUTO && told != TC_FORMAT_ADACHSOFT;
}

bool tc_format_holds_unreadable(HashTable *entries, bool in_collection)
{
	zval *entry;

	ZEND_HASH_FOREACH_VAL(entries, entry) {
		if (tc_format_unreadable(entry, in_collection)) {
			return 1;
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}
