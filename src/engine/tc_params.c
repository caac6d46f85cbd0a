#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"

#include "tc_params.h"
#include "../offload/tc_retrieval.h"
#include "../formats/tc_placeholder.h"

/* The keys of the configuration array, interned once at MINIT so that
 * neither a lookup in it nor an insert into the resolved array hashes or
 * copies a name. */
typedef enum {
	TC_P_INPUT_TRIM, TC_P_OUTPUT_TRIM, TC_P_EXCLUDED, TC_P_IDENTIFIERS,
	TC_P_KEEP_LATEST, TC_P_KEEP_RECENT, TC_P_COMPACT_INPUTS, TC_P_COMPACT_OUTPUTS,
	TC_P_TRIGGER, TC_P_MIN_SAVED, TC_P_TOKEN_COUNTER, TC_P_ON_OMIT, TC_P_FORMAT,
	TC_P_MAX_MESSAGES, TC_P_MAX_TOKENS, TC_P_KEEP_SYSTEM, TC_P_KEEP_FIRST_USER, TC_P_SUMMARIZE,
	TC_P_TARGET_TOKENS, TC_P_PREVIEW_BYTES, TC_P_PREVIEW_TAIL, TC_P_COLLAPSE,
	TC_P_KEEP_THINKING,
	TC_P_TOKENS, TC_P_MESSAGES, TC_P_TURNS,
	TC_P_KEEP_RECENT_USES, TC_P_KEEP_RECENT_TURNS, TC_P_KEEP_RECENT_TOKENS, TC_P_CONTEXT_WINDOW,
	TC_P_TOOL_USES, TC_P_FRACTION, TC_P_MODE, TC_P_RETRIEVAL_TOOL, TC_P_PLACEHOLDER,
	TC_P__COUNT
} tc_param_key;

static const char *const tc_param_names[TC_P__COUNT] = {
	"inputTrimBytes", "outputTrimBytes", "excludedTools", "toolIdentifierFields",
	"keepLatestPerGroup", "keepRecentMessages", "compactInputs", "compactOutputs",
	"trigger", "minSavedBytes", "tokenCounter", "onOmit", "format",
	"maxMessages", "maxTokensWindow", "keepSystem", "keepFirstUser", "summarize",
	"targetTokens", "previewBytes", "previewTail", "collapseWhitespace",
	"keepThinkingTurns",
	"tokens", "messages", "turns",
	"keepRecentToolUses", "keepRecentTurns", "keepRecentTokens", "contextWindow",
	"toolUses", "fraction", "mode", "retrievalTool", "placeholder",
};

static zend_string *tc_param_keys[TC_P__COUNT];

static zval *tc_params_find(HashTable *raw, tc_param_key key);

const char *const tc_format_names[TC_FORMAT__COUNT] = {
	"auto", "adachsoft", "openai", "openai-responses", "anthropic", "gemini",
};

tc_format tc_format_by_name(zend_string *name)
{
	int i;

	for (i = 1; i < TC_FORMAT__COUNT; i++) {
		if (zend_string_equals_cstr(name, tc_format_names[i], strlen(tc_format_names[i]))) {
			return (tc_format) i;
		}
	}
	return TC_FORMAT_AUTO;
}

/* The format named (checked by tc_params_check()), else auto (SPEC Part 4). */
static tc_format tc_params_format(HashTable *raw)
{
	zval *value = tc_params_find(raw, TC_P_FORMAT);

	return value && Z_TYPE_P(value) == IS_STRING ? tc_format_by_name(Z_STR_P(value)) : TC_FORMAT_AUTO;
}

void tc_params_startup(void)
{
	int i;

	for (i = 0; i < TC_P__COUNT; i++) {
		tc_param_keys[i] = zend_string_init_interned(tc_param_names[i], strlen(tc_param_names[i]), 1);
	}
}

static zval *tc_params_find(HashTable *raw, tc_param_key key)
{
	zval *value = raw && zend_hash_num_elements(raw) ? zend_hash_find(raw, tc_param_keys[key]) : NULL;

	if (value) {
		ZVAL_DEREF(value);
	}
	return value;
}

/* Throws ce with "{function}(): Option "{name}" {what}", as PHP names a
 * wrong argument. */
static ZEND_COLD void tc_params_throw(zend_class_entry *ce, const char *name, const char *format, ...)
{
	const char *space, *class_name = get_active_class_name(&space);
	char *what;
	va_list va;

	va_start(va, format);
	zend_vspprintf(&what, 0, format, va);
	va_end(va);
	zend_throw_error(ce, "%s%s%s(): Option \"%s\" %s", class_name, space, get_active_function_name(), name, what);
	efree(what);
}

/* What an option of ours takes (SPEC Part 3, "Options of our own"). */
typedef enum {
	TC_O_COUNT, TC_O_POSITIVE, TC_O_LIMIT, TC_O_COUNT_OR_NULL, TC_O_BOOL, TC_O_TRIGGER, TC_O_FORMAT, TC_O_INPUTS, TC_O_TOOL,
	TC_O_TEMPLATE
} tc_option_kind;

/* An int >= 0 (TC_O_COUNT; TC_O_COUNT_OR_NULL: or null), or >= 1
 * (TC_O_POSITIVE; TC_O_LIMIT: or null). */
static zend_result tc_params_check_int(zval *value, const char *name, tc_option_kind kind)
{
	bool from_zero = kind == TC_O_COUNT || kind == TC_O_COUNT_OR_NULL;
	bool nullable = kind == TC_O_LIMIT || kind == TC_O_COUNT_OR_NULL;

	if (Z_TYPE_P(value) == IS_LONG) {
		if (Z_LVAL_P(value) >= (from_zero ? 0 : 1)) {
			return SUCCESS;
		}
		tc_params_throw(zend_ce_value_error, name, from_zero
			? "must be greater than or equal to 0" : "must be greater than 0");
		return FAILURE;
	}
	if (nullable && Z_TYPE_P(value) == IS_NULL) {
		return SUCCESS;
	}
	tc_params_throw(zend_ce_type_error, name, "must be of type %sint, %s given", nullable ? "?" : "",
		zend_zval_type_name(value));
	return FAILURE;
}

/* trigger.fraction: an int or float in (0, 1]. */
static zend_result tc_params_check_fraction(zval *value)
{
	double f;

	if (Z_TYPE_P(value) != IS_LONG && Z_TYPE_P(value) != IS_DOUBLE) {
		tc_params_throw(zend_ce_type_error, "trigger.fraction", "must be of type float, %s given",
			zend_zval_type_name(value));
		return FAILURE;
	}
	f = Z_TYPE_P(value) == IS_LONG ? (double) Z_LVAL_P(value) : Z_DVAL_P(value);
	if (!(f > 0 && f <= 1)) { /* NAN too */
		tc_params_throw(zend_ce_value_error, "trigger.fraction", "must be greater than 0 and less than or equal to 1");
		return FAILURE;
	}
	return SUCCESS;
}

/* trigger.mode: "any" or "all". */
static zend_result tc_params_check_mode(zval *value)
{
	if (Z_TYPE_P(value) != IS_STRING) {
		tc_params_throw(zend_ce_type_error, "trigger.mode", "must be of type string, %s given", zend_zval_type_name(value));
		return FAILURE;
	}
	if (!zend_string_equals_literal(Z_STR_P(value), "any") && !zend_string_equals_literal(Z_STR_P(value), "all")) {
		tc_params_throw(zend_ce_value_error, "trigger.mode", "must be \"any\" or \"all\"");
		return FAILURE;
	}
	return SUCCESS;
}

#define TC_TRIGGER_KEYS "\"tokens\", \"messages\", \"turns\", \"toolUses\", \"fraction\" and \"mode\""

/* null, or an array of tokens, messages, turns and toolUses, each an int
 * >= 0, fraction (with contextWindow) and mode. */
static zend_result tc_params_check_trigger(zval *value, HashTable *raw)
{
	static const tc_param_key keys[] = {
		TC_P_TOKENS, TC_P_MESSAGES, TC_P_TURNS, TC_P_TOOL_USES, TC_P_FRACTION, TC_P_MODE,
	};
	zend_string *key;
	zend_ulong index;
	zval *entry, *window;
	char name[sizeof("trigger.fraction")];
	size_t i;
	zend_result ok;

	if (Z_TYPE_P(value) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_ARRAY) {
		tc_params_throw(zend_ce_type_error, "trigger", "must be of type ?array, %s given", zend_zval_type_name(value));
		return FAILURE;
	}
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(value), index, key, entry) {
		for (i = 0; key && i < sizeof(keys) / sizeof(keys[0]) && !zend_string_equals(key, tc_param_keys[keys[i]]); i++) {
		}
		if (!key || i == sizeof(keys) / sizeof(keys[0])) {
			if (key) {
				tc_params_throw(zend_ce_value_error, "trigger", "must have only the keys " TC_TRIGGER_KEYS ", \"%s\" given",
					ZSTR_VAL(key));
			} else {
				tc_params_throw(zend_ce_value_error, "trigger", "must have only the keys " TC_TRIGGER_KEYS ", "
					ZEND_ULONG_FMT " given", index);
			}
			return FAILURE;
		}
		snprintf(name, sizeof(name), "trigger.%s", tc_param_names[keys[i]]);
		ZVAL_DEREF(entry);
		if (keys[i] == TC_P_FRACTION) {
			ok = tc_params_check_fraction(entry);
			window = tc_params_find(raw, TC_P_CONTEXT_WINDOW);
			if (ok == SUCCESS && (!window || Z_TYPE_P(window) == IS_NULL)) {
				tc_params_throw(zend_ce_value_error, "trigger.fraction", "must be used with the option \"contextWindow\"");
				ok = FAILURE;
			}
		} else if (keys[i] == TC_P_MODE) {
			ok = tc_params_check_mode(entry);
		} else {
			ok = tc_params_check_int(entry, name, TC_O_COUNT);
		}
		if (ok == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* compactInputs: a bool, or an array of tool names (strings). */
static zend_result tc_params_check_inputs(zval *value)
{
	zval *entry;

	if (Z_TYPE_P(value) == IS_TRUE || Z_TYPE_P(value) == IS_FALSE) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_ARRAY) {
		tc_params_throw(zend_ce_type_error, "compactInputs", "must be of type array|bool, %s given",
			zend_zval_type_name(value));
		return FAILURE;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING) {
			tc_params_throw(zend_ce_type_error, "compactInputs", "must be a list of tool names (strings), %s given",
				zend_zval_type_name(entry));
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* One of the names of tc_format_names. */
static zend_result tc_params_check_format(zval *value)
{
	if (Z_TYPE_P(value) != IS_STRING) {
		tc_params_throw(zend_ce_type_error, "format", "must be of type string, %s given", zend_zval_type_name(value));
		return FAILURE;
	}
	if (tc_format_by_name(Z_STR_P(value)) == TC_FORMAT_AUTO && !zend_string_equals_literal(Z_STR_P(value), "auto")) {
		tc_params_throw(zend_ce_value_error, "format",
			"must be \"auto\", \"adachsoft\", \"openai\", \"openai-responses\", \"anthropic\" or \"gemini\"");
		return FAILURE;
	}
	return SUCCESS;
}

/* A tool name toolcompact_retrieval_tool() takes, or null (none). */
static zend_result tc_params_check_tool(zval *value, const char *name)
{
	if (Z_TYPE_P(value) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_STRING) {
		tc_params_throw(zend_ce_type_error, name, "must be of type ?string, %s given", zend_zval_type_name(value));
		return FAILURE;
	}
	if (!tc_retrieval_name_ok(Z_STR_P(value))) {
		tc_params_throw(zend_ce_value_error, name, TC_RETRIEVAL_NAME_RULE);
		return FAILURE;
	}
	return SUCCESS;
}

zend_result tc_params_check_placeholder(zval *value)
{
	const char *wrong;

	if (Z_TYPE_P(value) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(value) != IS_STRING) {
		tc_params_throw(zend_ce_type_error, "placeholder", "must be of type ?string, %s given", zend_zval_type_name(value));
		return FAILURE;
	}
	if ((wrong = tc_placeholder_check(Z_STR_P(value)))) {
		tc_params_throw(zend_ce_value_error, "placeholder", "%s", wrong);
		return FAILURE;
	}
	return SUCCESS;
}

/*
 * Throws for the first option of ours in raw with a wrong type or value
 * (the callables are checked as they are resolved). The Composer package's
 * four and unknown keys are never refused.
 */
static zend_result tc_params_check(HashTable *raw)
{
	static const struct {
		tc_param_key   key;
		tc_option_kind kind;
	} options[] = {
		{ TC_P_KEEP_LATEST, TC_O_COUNT }, { TC_P_KEEP_RECENT, TC_O_COUNT }, { TC_P_COMPACT_INPUTS, TC_O_INPUTS },
		{ TC_P_COMPACT_OUTPUTS, TC_O_BOOL }, { TC_P_TRIGGER, TC_O_TRIGGER }, { TC_P_MIN_SAVED, TC_O_COUNT },
		{ TC_P_FORMAT, TC_O_FORMAT }, { TC_P_MAX_MESSAGES, TC_O_LIMIT }, { TC_P_MAX_TOKENS, TC_O_LIMIT },
		{ TC_P_KEEP_SYSTEM, TC_O_BOOL }, { TC_P_KEEP_FIRST_USER, TC_O_BOOL }, { TC_P_TARGET_TOKENS, TC_O_LIMIT },
		{ TC_P_PREVIEW_BYTES, TC_O_COUNT }, { TC_P_PREVIEW_TAIL, TC_O_COUNT }, { TC_P_COLLAPSE, TC_O_BOOL },
		{ TC_P_KEEP_RECENT_USES, TC_O_COUNT }, { TC_P_KEEP_RECENT_TURNS, TC_O_COUNT },
		{ TC_P_KEEP_RECENT_TOKENS, TC_O_LIMIT }, { TC_P_CONTEXT_WINDOW, TC_O_LIMIT },
		{ TC_P_RETRIEVAL_TOOL, TC_O_TOOL }, { TC_P_PLACEHOLDER, TC_O_TEMPLATE },
		{ TC_P_KEEP_THINKING, TC_O_COUNT_OR_NULL },
	};
	size_t i;
	zval *value;
	zend_result ok = SUCCESS;

	if (!raw || zend_hash_num_elements(raw) == 0) {
		return SUCCESS;
	}
	for (i = 0; ok == SUCCESS && i < sizeof(options) / sizeof(options[0]); i++) {
		const char *name = tc_param_names[options[i].key];

		if (!(value = tc_params_find(raw, options[i].key))) {
			continue;
		}
		switch (options[i].kind) {
			case TC_O_BOOL:
				if (Z_TYPE_P(value) != IS_TRUE && Z_TYPE_P(value) != IS_FALSE) {
					tc_params_throw(zend_ce_type_error, name, "must be of type bool, %s given", zend_zval_type_name(value));
					ok = FAILURE;
				}
				break;
			case TC_O_TRIGGER:
				ok = tc_params_check_trigger(value, raw);
				break;
			case TC_O_INPUTS:
				ok = tc_params_check_inputs(value);
				break;
			case TC_O_FORMAT:
				ok = tc_params_check_format(value);
				break;
			case TC_O_TOOL:
				ok = tc_params_check_tool(value, name);
				break;
			case TC_O_TEMPLATE:
				ok = tc_params_check_placeholder(value);
				break;
			default:
				ok = tc_params_check_int(value, name, options[i].kind);
				break;
		}
	}
	return ok;
}

/* Adds value (taken over) under key to the resolved array. */
static void tc_params_put(zval *resolved, tc_param_key key, zval *value)
{
	zend_hash_add_new(Z_ARRVAL_P(resolved), tc_param_keys[key], value);
}

static void tc_params_put_long(zval *resolved, tc_param_key key, zend_long n)
{
	zval value;

	ZVAL_LONG(&value, n);
	tc_params_put(resolved, key, &value);
}

/* str (borrowed), or null when it is NULL. */
static void tc_params_put_string(zval *resolved, tc_param_key key, zend_string *str)
{
	zval value;

	if (str) {
		ZVAL_STR_COPY(&value, str);
	} else {
		ZVAL_NULL(&value);
	}
	tc_params_put(resolved, key, &value);
}

static void tc_params_put_bool(zval *resolved, tc_param_key key, bool b)
{
	zval value;

	ZVAL_BOOL(&value, b);
	tc_params_put(resolved, key, &value);
}

/* An int >= min, anything else def (an option of ours is checked first:
 * only Part 1's thresholds fall back). */
static zend_long tc_params_int(HashTable *raw, tc_param_key key, zend_long min, zend_long def)
{
	zval *value = tc_params_find(raw, key);

	return value && Z_TYPE_P(value) == IS_LONG && Z_LVAL_P(value) >= min ? Z_LVAL_P(value) : def;
}

/* false, anything else (true, or not given) true. */
static bool tc_params_switch(HashTable *raw, tc_param_key key)
{
	zval *value = tc_params_find(raw, key);

	return value && Z_TYPE_P(value) == IS_FALSE ? 0 : 1;
}

/* true, anything else (false, or not given) false (SPEC Part 6: keepFirstUser,
 * collapseWhitespace). */
static bool tc_params_true(HashTable *raw, tc_param_key key)
{
	zval *value = tc_params_find(raw, key);

	return value && Z_TYPE_P(value) == IS_TRUE;
}

/* A limit of the window: an int >= 1, else (null, or not given) unset (null
 * when resolved). */
static void tc_params_put_limit(zval *resolved, tc_param_key key, zend_long limit)
{
	zval value;

	if (limit == TC_TRIGGER_UNSET) {
		ZVAL_NULL(&value);
	} else {
		ZVAL_LONG(&value, limit);
	}
	tc_params_put(resolved, key, &value);
}

static zend_long tc_params_limit(HashTable *raw, zval *resolved, tc_param_key key)
{
	zend_long limit = tc_params_int(raw, key, 1, TC_TRIGGER_UNSET);

	tc_params_put_limit(resolved, key, limit);
	return limit;
}

static void tc_params_string_list(zval *out, zval *value);

/* compactInputs (checked): false, a list of tool names (their set into
 * params->input_tools; an empty list is false), anything else true. *resolved
 * receives its resolved value: a bool, or the list re-indexed. */
static void tc_params_inputs(tc_params *params, HashTable *raw, zval *resolved)
{
	zval *value = tc_params_find(raw, TC_P_COMPACT_INPUTS), *name;

	zend_hash_init(&params->input_tools, 8, NULL, NULL, 0);
	if (!value || Z_TYPE_P(value) != IS_ARRAY) {
		params->compact_inputs = tc_params_switch(raw, TC_P_COMPACT_INPUTS);
		ZVAL_BOOL(resolved, params->compact_inputs);
		return;
	}
	params->compact_inputs = zend_hash_num_elements(Z_ARRVAL_P(value)) > 0;
	if (!params->compact_inputs) {
		ZVAL_FALSE(resolved);
		return;
	}
	tc_params_string_list(resolved, value);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(resolved), name) {
		zend_hash_add_empty_element(&params->input_tools, Z_STR_P(name));
	} ZEND_HASH_FOREACH_END();
}

/* One threshold of the trigger: an int >= 0, else (not given) unset, and
 * left out of the resolved trigger. */
static zend_long tc_params_trigger_one(HashTable *trigger, zval *resolved, tc_param_key key)
{
	zend_long threshold = tc_params_int(trigger, key, 0, TC_TRIGGER_UNSET);

	if (threshold != TC_TRIGGER_UNSET) {
		tc_params_put_long(resolved, key, threshold);
	}
	return threshold;
}

/* trigger.fraction of the contextWindow as a count of tokens: the least int
 * >= fraction x contextWindow (both checked), added to the resolved trigger
 * as a float; unset without either. */
static zend_long tc_params_fraction(HashTable *trigger, zend_long window, zval *resolved)
{
	zval *value = trigger ? zend_hash_find(trigger, tc_param_keys[TC_P_FRACTION]) : NULL;
	double f, tokens;
	zval put;

	if (!value || window == TC_TRIGGER_UNSET) {
		return TC_TRIGGER_UNSET;
	}
	ZVAL_DEREF(value);
	f = Z_TYPE_P(value) == IS_LONG ? (double) Z_LVAL_P(value) : Z_DVAL_P(value);
	ZVAL_DOUBLE(&put, f);
	tc_params_put(resolved, TC_P_FRACTION, &put);
	tokens = ceil(f * (double) window);
	return tokens >= (double) ZEND_LONG_MAX ? ZEND_LONG_MAX : (zend_long) tokens;
}

static void tc_params_trigger(tc_params *params, HashTable *raw, zval *resolved)
{
	zval *value = tc_params_find(raw, TC_P_TRIGGER), *mode;
	HashTable *trigger = value && Z_TYPE_P(value) == IS_ARRAY ? Z_ARRVAL_P(value) : NULL;

	array_init(resolved);
	params->trigger_tokens = tc_params_trigger_one(trigger, resolved, TC_P_TOKENS);
	params->trigger_messages = tc_params_trigger_one(trigger, resolved, TC_P_MESSAGES);
	params->trigger_turns = tc_params_trigger_one(trigger, resolved, TC_P_TURNS);
	params->trigger_uses = tc_params_trigger_one(trigger, resolved, TC_P_TOOL_USES);
	params->trigger_fraction = tc_params_fraction(trigger, params->context_window, resolved);
	mode = trigger ? zend_hash_find(trigger, tc_param_keys[TC_P_MODE]) : NULL;
	if (mode) {
		ZVAL_DEREF(mode);
	}
	/* "all" is kept only beside a threshold: without one there is no trigger */
	params->trigger_all = mode && zend_string_equals_literal(Z_STR_P(mode), "all") && tc_params_has_trigger(params);
	if (params->trigger_all) {
		zval put;

		ZVAL_STRINGL(&put, "all", 3);
		tc_params_put(resolved, TC_P_MODE, &put);
	}
}

/* The callable of an option (null or not given: none) into *target. A
 * trampoline (__call, __callStatic) is let go of at once, as PHP's parameter
 * parsing does: each call resolves it again (tc_callable_call()). Anything
 * else throws (SPEC Part 3, "Options of our own"). Resolving may autoload. */
static zend_result tc_params_callable(tc_callable *target, HashTable *raw, tc_param_key key)
{
	zval *value = tc_params_find(raw, key);
	char *error = NULL;
	bool callable;

	ZVAL_UNDEF(&target->callable);
	if (!value || Z_TYPE_P(value) == IS_NULL) {
		return SUCCESS;
	}
	if ((callable = zend_is_callable_ex(value, NULL, 0, NULL, &target->fcc, &error))) {
		zend_release_fcall_info_cache(&target->fcc);
		ZVAL_COPY(&target->callable, value);
	} else if (Z_TYPE_P(value) == IS_STRING || Z_TYPE_P(value) == IS_ARRAY) {
		tc_params_throw(zend_ce_value_error, tc_param_names[key], "must be a valid callback or null, %s",
			error ? error : "not callable");
	} else {
		tc_params_throw(zend_ce_type_error, tc_param_names[key], "must be of type ?callable, %s given",
			zend_zval_type_name(value));
	}
	if (error) {
		efree(error);
	}
	return callable ? SUCCESS : FAILURE;
}

/* Adds the callable c (or null) under key to the resolved array. */
static void tc_params_put_callable(zval *resolved, tc_param_key key, const tc_callable *c)
{
	zval value;

	if (tc_callable_set(c)) {
		ZVAL_COPY(&value, &c->callable);
	} else {
		ZVAL_NULL(&value);
	}
	tc_params_put(resolved, key, &value);
}

/* The string entries of the array in value, re-indexed, into *out (a new
 * reference, the array itself when it is already that). */
static void tc_params_string_list(zval *out, zval *value)
{
	HashTable *list = Z_ARRVAL_P(value);
	zval *entry;
	bool as_is = zend_array_is_list(list);

	ZEND_HASH_FOREACH_VAL(list, entry) {
		if (!as_is || Z_TYPE_P(entry) != IS_STRING) {
			as_is = 0;
			break;
		}
	} ZEND_HASH_FOREACH_END();
	if (as_is) {
		/* already what it would become: shared, not copied (held, so it
		 * cannot change while the strings borrowed from it are in use) */
		ZVAL_COPY(out, value);
		return;
	}
	array_init_size(out, zend_hash_num_elements(list));
	ZEND_HASH_FOREACH_VAL(list, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) == IS_STRING) {
			Z_TRY_ADDREF_P(entry);
			zend_hash_next_index_insert_new(Z_ARRVAL_P(out), entry);
		}
	} ZEND_HASH_FOREACH_END();
}

static void tc_params_fields_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

static tc_id_fields *tc_params_fields_new(HashTable *names)
{
	uint32_t count = zend_hash_num_elements(names);
	tc_id_fields *fields = emalloc(sizeof(tc_id_fields) + (count - 1) * sizeof(tc_id_field));
	zval *name;

	fields->count = 0;
	ZEND_HASH_FOREACH_VAL(names, name) {
		tc_id_field *field = &fields->field[fields->count++];

		field->name = Z_STR_P(name);
		field->is_index = ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(field->name), ZSTR_LEN(field->name), field->index);
	} ZEND_HASH_FOREACH_END();
	return fields;
}

/* The read-back tool's name (checked), kept in params and, as if the
 * caller had listed it, added to the excluded tools and their list. */
static void tc_params_retrieval(tc_params *params, HashTable *raw, zval *excluded)
{
	zval *value = tc_params_find(raw, TC_P_RETRIEVAL_TOOL), list, *name;

	params->retrieval_tool = NULL;
	if (!value || Z_TYPE_P(value) != IS_STRING) {
		return;
	}
	params->retrieval_tool = zend_string_copy(Z_STR_P(value));
	if (!zend_hash_add_empty_element(&params->excluded, params->retrieval_tool)) {
		return; /* listed already */
	}
	array_init_size(&list, zend_hash_num_elements(Z_ARRVAL_P(excluded)) + 1);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(excluded), name) {
		Z_TRY_ADDREF_P(name);
		zend_hash_next_index_insert_new(Z_ARRVAL(list), name);
	} ZEND_HASH_FOREACH_END();
	add_next_index_str(&list, zend_string_copy(params->retrieval_tool));
	zval_ptr_dtor(excluded);
	ZVAL_COPY_VALUE(excluded, &list);
}

/* Is a top-level key of ours (not one of the package's four, nor a member
 * of trigger only) given, not null? */
static bool tc_params_options_ours(HashTable *raw)
{
	zval *value;
	int i;

	for (i = TC_P_KEEP_LATEST; i < TC_P__COUNT; i++) {
		if (i == TC_P_TOKENS || i == TC_P_MESSAGES || i == TC_P_TURNS || i == TC_P_TOOL_USES
				|| i == TC_P_FRACTION || i == TC_P_MODE) {
			continue;
		}
		if ((value = tc_params_find(raw, (tc_param_key) i)) && Z_TYPE_P(value) != IS_NULL) {
			return 1;
		}
	}
	return 0;
}

zend_result tc_params_init(tc_params *params, HashTable *raw)
{
	zval *value, excluded, identifiers, list, *tool_fields, value_zv, inputs;
	zend_string *tool;
	zend_ulong tool_index;

	/* the callables first: resolving one may run an autoloader, and nothing
	 * after them runs user code */
	ZVAL_UNDEF(&params->on_omit.callable);
	ZVAL_UNDEF(&params->summarize.callable);
	if (tc_params_callable(&params->token_counter, raw, TC_P_TOKEN_COUNTER) == FAILURE
			|| tc_params_callable(&params->on_omit, raw, TC_P_ON_OMIT) == FAILURE
			|| tc_params_callable(&params->summarize, raw, TC_P_SUMMARIZE) == FAILURE
			|| tc_params_check(raw) == FAILURE) {
		zval_ptr_dtor(&params->token_counter.callable);
		zval_ptr_dtor(&params->on_omit.callable);
		zval_ptr_dtor(&params->summarize.callable);
		return FAILURE;
	}
	params->options_ours = tc_params_options_ours(raw);

	params->input_trim_bytes = tc_params_int(raw, TC_P_INPUT_TRIM, 0, TC_DEFAULT_TRIM_BYTES);
	params->output_trim_bytes = tc_params_int(raw, TC_P_OUTPUT_TRIM, 0, TC_DEFAULT_TRIM_BYTES);
	zend_hash_init(&params->excluded, 8, NULL, NULL, 0);
	zend_hash_init(&params->identifiers, 8, NULL, tc_params_fields_dtor, 0);

	value = tc_params_find(raw, TC_P_EXCLUDED);
	if (value && Z_TYPE_P(value) == IS_ARRAY) {
		zval *name;

		tc_params_string_list(&excluded, value);
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(excluded), name) {
			zend_hash_add_empty_element(&params->excluded, Z_STR_P(name));
		} ZEND_HASH_FOREACH_END();
	} else {
		ZVAL_EMPTY_ARRAY(&excluded);
	}
	tc_params_retrieval(params, raw, &excluded);
	value = tc_params_find(raw, TC_P_PLACEHOLDER);
	params->placeholder = value && Z_TYPE_P(value) == IS_STRING ? zend_string_copy(Z_STR_P(value)) : NULL;

	array_init(&identifiers);
	value = tc_params_find(raw, TC_P_IDENTIFIERS);
	if (value && Z_TYPE_P(value) == IS_ARRAY) {
		ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(value), tool_index, tool, tool_fields) {
			ZVAL_DEREF(tool_fields);
			if (Z_TYPE_P(tool_fields) != IS_ARRAY) {
				continue; /* treated as unconfigured */
			}
			tc_params_string_list(&list, tool_fields);
			if (tool) {
				tool_fields = zend_hash_add_new(Z_ARRVAL(identifiers), tool, &list);
			} else {
				tool_fields = zend_hash_index_add_new(Z_ARRVAL(identifiers), tool_index, &list);
			}
			if (zend_hash_num_elements(Z_ARRVAL_P(tool_fields)) == 0) {
				continue; /* an empty list: one group for all calls */
			}
			if (tool) {
				zend_hash_add_new_ptr(&params->identifiers, tool, tc_params_fields_new(Z_ARRVAL_P(tool_fields)));
			} else {
				zend_hash_index_add_new_ptr(&params->identifiers, tool_index, tc_params_fields_new(Z_ARRVAL_P(tool_fields)));
			}
		} ZEND_HASH_FOREACH_END();
	}

	params->keep_latest = tc_params_int(raw, TC_P_KEEP_LATEST, 0, 1);
	params->keep_recent = tc_params_int(raw, TC_P_KEEP_RECENT, 0, 0);
	params->keep_recent_uses = tc_params_int(raw, TC_P_KEEP_RECENT_USES, 0, 0);
	params->keep_recent_turns = tc_params_int(raw, TC_P_KEEP_RECENT_TURNS, 0, 0);
	params->keep_recent_tokens = tc_params_int(raw, TC_P_KEEP_RECENT_TOKENS, 1, TC_TRIGGER_UNSET);
	params->context_window = tc_params_int(raw, TC_P_CONTEXT_WINDOW, 1, TC_TRIGGER_UNSET);
	tc_params_inputs(params, raw, &inputs);
	params->compact_outputs = tc_params_switch(raw, TC_P_COMPACT_OUTPUTS);
	params->min_saved_bytes = tc_params_int(raw, TC_P_MIN_SAVED, 0, 0);

	params->format = tc_params_format(raw);

	array_init_size(&params->resolved, 27);
	tc_params_put_long(&params->resolved, TC_P_INPUT_TRIM, params->input_trim_bytes);
	tc_params_put_long(&params->resolved, TC_P_OUTPUT_TRIM, params->output_trim_bytes);
	tc_params_put(&params->resolved, TC_P_EXCLUDED, &excluded);
	tc_params_put(&params->resolved, TC_P_IDENTIFIERS, &identifiers);
	tc_params_put_long(&params->resolved, TC_P_KEEP_LATEST, params->keep_latest);
	tc_params_put_long(&params->resolved, TC_P_KEEP_RECENT, params->keep_recent);
	tc_params_put(&params->resolved, TC_P_COMPACT_INPUTS, &inputs);
	tc_params_put_bool(&params->resolved, TC_P_COMPACT_OUTPUTS, params->compact_outputs);
	tc_params_trigger(params, raw, &value_zv);
	tc_params_put(&params->resolved, TC_P_TRIGGER, &value_zv);
	tc_params_put_long(&params->resolved, TC_P_MIN_SAVED, params->min_saved_bytes);
	tc_params_put_callable(&params->resolved, TC_P_TOKEN_COUNTER, &params->token_counter);
	tc_params_put_callable(&params->resolved, TC_P_ON_OMIT, &params->on_omit);
	ZVAL_STRING(&value_zv, tc_format_names[params->format]);
	tc_params_put(&params->resolved, TC_P_FORMAT, &value_zv);
	/* SPEC Part 6 */
	params->max_messages = tc_params_limit(raw, &params->resolved, TC_P_MAX_MESSAGES);
	params->max_tokens = tc_params_limit(raw, &params->resolved, TC_P_MAX_TOKENS);
	params->keep_system = tc_params_switch(raw, TC_P_KEEP_SYSTEM);
	tc_params_put_bool(&params->resolved, TC_P_KEEP_SYSTEM, params->keep_system);
	params->keep_first_user = tc_params_true(raw, TC_P_KEEP_FIRST_USER);
	tc_params_put_bool(&params->resolved, TC_P_KEEP_FIRST_USER, params->keep_first_user);
	tc_params_put_callable(&params->resolved, TC_P_SUMMARIZE, &params->summarize);
	params->target_tokens = tc_params_limit(raw, &params->resolved, TC_P_TARGET_TOKENS);
	params->preview.head = tc_params_int(raw, TC_P_PREVIEW_BYTES, 0, 0);
	tc_params_put_long(&params->resolved, TC_P_PREVIEW_BYTES, params->preview.head);
	params->preview.tail = tc_params_int(raw, TC_P_PREVIEW_TAIL, 0, 0);
	tc_params_put_long(&params->resolved, TC_P_PREVIEW_TAIL, params->preview.tail);
	params->collapse = tc_params_true(raw, TC_P_COLLAPSE);
	tc_params_put_bool(&params->resolved, TC_P_COLLAPSE, params->collapse);
	/* SPEC Part 2, windows of our own */
	tc_params_put_long(&params->resolved, TC_P_KEEP_RECENT_USES, params->keep_recent_uses);
	tc_params_put_long(&params->resolved, TC_P_KEEP_RECENT_TURNS, params->keep_recent_turns);
	tc_params_put_limit(&params->resolved, TC_P_KEEP_RECENT_TOKENS, params->keep_recent_tokens);
	tc_params_put_limit(&params->resolved, TC_P_CONTEXT_WINDOW, params->context_window);
	/* SPEC Part 4, thinking blocks: an int >= 0, else (null, or not given) unset */
	params->keep_thinking = tc_params_int(raw, TC_P_KEEP_THINKING, 0, TC_TRIGGER_UNSET);
	if (params->keep_thinking == TC_TRIGGER_UNSET) {
		ZVAL_NULL(&value_zv);
	} else {
		ZVAL_LONG(&value_zv, params->keep_thinking);
	}
	tc_params_put(&params->resolved, TC_P_KEEP_THINKING, &value_zv);
	/* the template, so that a pass made again from the resolved params (the
	 * target's, Part 6) writes and reads the same placeholders */
	tc_params_put_string(&params->resolved, TC_P_PLACEHOLDER, params->placeholder);
	return SUCCESS;
}

void tc_params_dtor(tc_params *params)
{
	if (params->retrieval_tool) {
		zend_string_release(params->retrieval_tool);
	}
	if (params->placeholder) {
		zend_string_release(params->placeholder);
	}
	zval_ptr_dtor(&params->token_counter.callable);
	zval_ptr_dtor(&params->on_omit.callable);
	zval_ptr_dtor(&params->summarize.callable);
	zend_hash_destroy(&params->identifiers);
	zend_hash_destroy(&params->excluded);
	zend_hash_destroy(&params->input_tools);
	zval_ptr_dtor(&params->resolved);
}

bool tc_params_same_shaping(const zval *resolved, const tc_params *params)
{
	static const tc_param_key shaping[] = {
		TC_P_INPUT_TRIM, TC_P_OUTPUT_TRIM, TC_P_EXCLUDED, TC_P_IDENTIFIERS, TC_P_PREVIEW_BYTES, TC_P_PREVIEW_TAIL,
		TC_P_COLLAPSE,
	};
	size_t i;

	for (i = 0; i < sizeof(shaping) / sizeof(shaping[0]); i++) {
		zval *had = zend_hash_find_known_hash(Z_ARRVAL_P(resolved), tc_param_keys[shaping[i]]);
		zval *has = zend_hash_find_known_hash(Z_ARRVAL(params->resolved), tc_param_keys[shaping[i]]);

		if (!had || !has || !zend_is_identical(had, has)) {
			return 0;
		}
	}
	return 1;
}

bool tc_params_compacts_input(const tc_params *params, zend_string *tool)
{
	return params->compact_inputs
		&& (zend_hash_num_elements(&params->input_tools) == 0 || zend_hash_exists(&params->input_tools, tool));
}

bool tc_params_excluded(const tc_params *params, zend_string *tool)
{
	return zend_hash_num_elements(&params->excluded) > 0
		&& zend_hash_exists(&params->excluded, tool);
}

const tc_id_fields *tc_params_id_fields(const tc_params *params, zend_string *tool)
{
	if (zend_hash_num_elements(&params->identifiers) == 0) {
		return NULL;
	}
	zval *fields = zend_symtable_find(&params->identifiers, tool);

	return fields ? Z_PTR_P(fields) : NULL;
}

bool tc_id_fields_has(const tc_id_fields *fields, zend_string *str_key, zend_ulong num_key)
{
	uint32_t i;

	if (!fields) {
		return 0;
	}
	for (i = 0; i < fields->count; i++) {
		const tc_id_field *field = &fields->field[i];

		if (str_key ? (!field->is_index && zend_string_equals(field->name, str_key))
				: (field->is_index && field->index == num_key)) {
			return 1;
		}
	}
	return 0;
}

zend_result tc_callable_call(const tc_callable *c, zval *retval, uint32_t argc, zval *argv)
{
	zend_fcall_info fci;
	/* a copy: the call fills in a trampoline it resolves, and frees it */
	zend_fcall_info_cache fcc = c->fcc;

	fci.size = sizeof(fci);
	ZVAL_COPY_VALUE(&fci.function_name, &c->callable);
	fci.object = NULL;
	fci.retval = retval;
	fci.param_count = argc;
	fci.params = argv;
	fci.named_params = NULL;
	if (zend_call_function(&fci, &fcc) != SUCCESS || EG(exception)) {
		if (Z_TYPE_P(retval) != IS_UNDEF) {
			zval_ptr_dtor(retval);
			ZVAL_UNDEF(retval);
		}
		return FAILURE;
	}
	return SUCCESS;
}
