/*
 * Parameter resolution (SPEC.md Part 1, "Parameters"): whatever the caller
 * configured becomes a tc_params that the walk can use without checking
 * types again. Bad values of the Composer package's four parameters fall
 * back to their defaults, silently; a bad option of ours throws (SPEC Part 3,
 * "Options of our own").
 */
#ifndef TC_PARAMS_H
#define TC_PARAMS_H

#include "php.h"

#include "tc_preview.h"

#define TC_DEFAULT_TRIM_BYTES 100

/* An unset trigger threshold (SPEC Part 2 "trigger"). */
#define TC_TRIGGER_UNSET (-1)

/* The configured identifier argument names of one tool, in configured
 * order. A name that PHP array access would turn into an integer key
 * ("0", "42") is kept both ways so that lookups behave like $args[$name]. */
typedef struct _tc_id_field {
	zend_string *name;   /* borrowed from tc_params.resolved */
	zend_ulong   index;  /* the integer key, when is_index */
	bool         is_index;
} tc_id_field;

typedef struct _tc_id_fields {
	uint32_t    count;
	tc_id_field field[1]; /* count entries */
} tc_id_fields;

/* A user callable, resolved once (fcc is valid while callable is held);
 * a trampoline is not kept (fcc.function_handler NULL), as after
 * Z_PARAM_FUNC, and is resolved again by each call. */
typedef struct _tc_callable {
	zval                  callable; /* owned; IS_UNDEF: not configured */
	zend_fcall_info_cache fcc;
} tc_callable;

/* The format of a history (SPEC Part 4): the `format` parameter, and what
 * auto chooses. */
typedef enum _tc_format {
	TC_FORMAT_AUTO,
	TC_FORMAT_ADACHSOFT,
	TC_FORMAT_OPENAI,
	TC_FORMAT_RESPONSES,
	TC_FORMAT_ANTHROPIC,
	TC_FORMAT_GEMINI,
	TC_FORMAT__COUNT
} tc_format;

/* The name of each format, as the parameter and the report spell it. */
extern const char *const tc_format_names[TC_FORMAT__COUNT];

/* The format name (borrowed) spells in tc_format_names, or TC_FORMAT_AUTO
 * for any other string. */
tc_format tc_format_by_name(zend_string *name);

typedef struct _tc_params {
	zend_long  input_trim_bytes;
	zend_long  output_trim_bytes;
	/* SPEC Part 2; the defaults give Part 1 exactly. */
	zend_long  keep_latest;     /* >= 0 */
	zend_long  keep_recent;     /* >= 0 */
	/* SPEC Part 2, windows of our own: 0 (or TC_TRIGGER_UNSET) is none */
	zend_long  keep_recent_uses;   /* keepRecentToolUses, >= 0 */
	zend_long  keep_recent_turns;  /* keepRecentTurns, >= 0 */
	zend_long  keep_recent_tokens; /* keepRecentTokens, >= 1 or TC_TRIGGER_UNSET */
	bool       compact_inputs;
	bool       compact_outputs;
	zend_long  trigger_tokens;  /* >= 0, or TC_TRIGGER_UNSET */
	zend_long  trigger_messages;
	zend_long  trigger_turns;
	zend_long  trigger_uses;    /* trigger.toolUses */
	/* trigger.fraction of contextWindow as a count of tokens (the least
	 * int >= fraction x contextWindow), or TC_TRIGGER_UNSET */
	zend_long  trigger_fraction;
	bool       trigger_all;     /* trigger.mode "all" */
	zend_long  context_window;  /* >= 1 or TC_TRIGGER_UNSET */
	zend_long  min_saved_bytes; /* >= 0; 0 disables the gate */
	tc_callable token_counter;
	tc_callable on_omit;
	tc_format  format;          /* TC_FORMAT_AUTO unless one is named */
	/* SPEC Part 6, the window: limits >= 1 or TC_TRIGGER_UNSET */
	zend_long  max_messages;
	zend_long  max_tokens;
	bool       keep_system;
	bool       keep_first_user;
	tc_callable summarize;
	zend_long  target_tokens;   /* SPEC Part 6, the budget: >= 1 or TC_TRIGGER_UNSET */
	tc_preview preview;         /* SPEC Part 6, previews: both >= 0 */
	bool       collapse;        /* SPEC Part 6, collapseWhitespace */
	/* retrievalTool (owned; NULL: none): never compacted, as if excluded */
	zend_string *retrieval_tool;
	/* placeholder (owned; NULL: the default), SPEC Part 4 "a text" */
	zend_string *placeholder;
	zend_long  keep_thinking;   /* SPEC Part 4, keepThinkingTurns: >= 0 or TC_TRIGGER_UNSET */
	/* an option of ours is set (a top-level key of ours, not null): an
	 * adachsoft payload is then never made larger (SPEC Part 4) */
	bool       options_ours;
	/* The resolved parameters as ToolCompactionStrategyParams::resolve()
	 * returns them (an owned array); the fields below borrow from it. */
	zval       resolved;
	/* tool name => NULL, for excludedTools lookups (owned). */
	HashTable  excluded;
	/* compactInputs given as a list of tool names: those names => NULL
	 * (owned); empty otherwise, when compact_inputs alone decides. */
	HashTable  input_tools;
	/* tool name => tc_id_fields * (owned, emalloc'd), tools with at least
	 * one identifier field only. */
	HashTable  identifiers;
} tc_params;

/* MINIT: interns the keys of the configuration array. */
void tc_params_startup(void);

/*
 * Fills params from the configuration array raw (borrowed; NULL means all
 * defaults); the caller must tc_params_dtor(). An option of ours with a wrong
 * type or value throws a TypeError or ValueError naming it (params then holds
 * nothing: no tc_params_dtor()) and FAILURE is returned. Never warns.
 */
zend_result tc_params_init(tc_params *params, HashTable *raw);

/* Throws (and fails) unless value is a `placeholder` option: null or a
 * template (SPEC Part 3, "Options of our own"). */
zend_result tc_params_check_placeholder(zval *value);

/* Is any trigger threshold set? */
static zend_always_inline bool tc_params_has_trigger(const tc_params *params)
{
	return params->trigger_tokens != TC_TRIGGER_UNSET
		|| params->trigger_messages != TC_TRIGGER_UNSET
		|| params->trigger_turns != TC_TRIGGER_UNSET
		|| params->trigger_uses != TC_TRIGGER_UNSET
		|| params->trigger_fraction != TC_TRIGGER_UNSET;
}

/* Is a window of messages that are never changed set (keepRecentTurns,
 * keepRecentTokens)? keepRecentMessages is read by the decide step itself. */
static zend_always_inline bool tc_params_has_recent_window(const tc_params *params)
{
	return params->keep_recent_turns > 0 || params->keep_recent_tokens != TC_TRIGGER_UNSET;
}

/* Is a limit of the window set (SPEC Part 6)? */
static zend_always_inline bool tc_params_has_window(const tc_params *params)
{
	return params->max_messages != TC_TRIGGER_UNSET || params->max_tokens != TC_TRIGGER_UNSET;
}

static zend_always_inline bool tc_callable_set(const tc_callable *c)
{
	return Z_TYPE(c->callable) != IS_UNDEF;
}

/*
 * Calls a configured user callable with argc arguments (borrowed) and
 * writes its return value into *retval (owned by the caller). Returns
 * FAILURE, with *retval undefined, when the call failed or threw.
 */
zend_result tc_callable_call(const tc_callable *c, zval *retval, uint32_t argc, zval *argv);

/*
 * Were the resolved parameters resolved (an array from a tc_params, borrowed)
 * made with the same settings as params for everything that shapes a
 * message's summary or rewrite (inputTrimBytes, outputTrimBytes,
 * excludedTools, toolIdentifierFields, previewBytes, previewTail,
 * collapseWhitespace)?
 */
bool tc_params_same_shaping(const zval *resolved, const tc_params *params);

/* Releases everything tc_params_init() allocated. */
void tc_params_dtor(tc_params *params);

/* Are the arguments of a call of tool (borrowed) compacted (compactInputs)? */
bool tc_params_compacts_input(const tc_params *params, zend_string *tool);

/* Is tool one of the excluded tools? tool is borrowed. */
bool tc_params_excluded(const tc_params *params, zend_string *tool);

/* The identifier fields configured for tool, or NULL when it has none.
 * Borrowed from params. */
const tc_id_fields *tc_params_id_fields(const tc_params *params, zend_string *tool);

/* Is the payload key (an integer key when str_key is NULL) one of fields? */
bool tc_id_fields_has(const tc_id_fields *fields, zend_string *str_key, zend_ulong num_key);

#endif
