/*
 * toolcompact: the Zend glue. The algorithm lives in src/.
 * Licensed under the MIT licence (see LICENSE).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "ext/spl/spl_exceptions.h"

#include "php_toolcompact.h"
#include "src/shapes/tc_access.h"
#include "src/bind/tc_bind.h"
#include "src/json/tc_json_escape.h"
#include "src/memo/tc_memo.h"
#include "src/engine/tc_params.h"
#include "src/engine/tc_pass.h"
#include "src/offload/tc_restore.h"
#include "src/offload/tc_retrieval.h"
#include "src/formats/tc_format.h"
#include "src/formats/tc_fcache.h"
#include "src/formats/tc_fjson.h"
#include "src/window/tc_target.h"
#include "src/window/tc_window.h"
#include "src/wire/tc_request.h"
#include "src/digest/tc_sha256.h"
#include "src/wire/tc_readback.h"
#include "stubs/toolcompact_arginfo.h"

ZEND_DECLARE_MODULE_GLOBALS(toolcompact)

/* The Composer package's name of the parameters class. */
#define TC_COMPOSER_PARAMS_CLASS "AdachSoft\\AiAgentContextToolCompaction\\ToolCompactionStrategyParams"

/* toolcompact.escaper: auto, ssse3 or bytes; stores the way this CPU has
 * for it (a tc_json_way) per thread, for tc_json_way_in_use(). */
static ZEND_INI_MH(OnUpdateEscaper)
{
	(void) entry;
	(void) mh_arg3;
	if (tc_json_way_of_setting(ZSTR_VAL(new_value), ZSTR_LEN(new_value), (zend_long *) ZEND_INI_GET_ADDR())) {
		return SUCCESS;
	}
	php_error_docref(NULL, E_WARNING, "toolcompact.escaper must be auto, ssse3 or bytes, \"%s\" given; %s",
		ZSTR_VAL(new_value), stage == ZEND_INI_STAGE_STARTUP ? "using auto" : "unchanged");
	return FAILURE;
}

PHP_INI_BEGIN()
	STD_PHP_INI_BOOLEAN("toolcompact.override", "1", PHP_INI_SYSTEM, OnUpdateBool,
		override, zend_toolcompact_globals, toolcompact_globals)
	STD_PHP_INI_ENTRY("toolcompact.memo_entries", "16384", PHP_INI_ALL, OnUpdateLong,
		memo_entries, zend_toolcompact_globals, toolcompact_globals)
	STD_PHP_INI_BOOLEAN("toolcompact.format_cache", "1", PHP_INI_ALL, OnUpdateBool,
		format_cache, zend_toolcompact_globals, toolcompact_globals)
	STD_PHP_INI_ENTRY("toolcompact.escaper", "auto", PHP_INI_ALL, OnUpdateEscaper,
		json_way, zend_toolcompact_globals, toolcompact_globals)
PHP_INI_END()

/* Z_PARAM for a history: an array or an object, with the union type named in
 * the error (Z_PARAM_ARRAY_OR_OBJECT would say "array" only). */
#define TC_PARAM_HISTORY(dest) \
	Z_PARAM_ZVAL(dest) \
	if (UNEXPECTED(Z_TYPE_P(dest) != IS_ARRAY && Z_TYPE_P(dest) != IS_OBJECT)) { \
		zend_argument_type_error(_i, "must be of type object|array, %s given", zend_zval_type_name(dest)); \
		_error_code = ZPP_ERROR_FAILURE; \
		break; \
	}

/* The pass (as far as targetTokens asks), then the window on what it
 * returns (SPEC Part 6). */
static zend_result tc_compact_run(zval *out, zval *history, const tc_params *params, zval *report)
{
	tc_format format;
	zend_result result = tc_target_compact(out, history, params, report, &format);

	if (result == SUCCESS && tc_params_has_window(params)) {
		if (format == TC_FORMAT_AUTO) {
			tc_window_report_none(report);
		} else if ((result = tc_window_apply(out, format, params, report)) == FAILURE && report) {
			zval_ptr_dtor(report); /* the pass's: not handed out */
		}
	}
	return result;
}

PHP_TOOLCOMPACT_API zend_result php_toolcompact_compact(zval *out, zval *history, HashTable *params, zval *report)
{
	tc_params resolved;
	zend_result result;

	if (Z_TYPE_P(history) != IS_ARRAY && Z_TYPE_P(history) != IS_OBJECT) {
		return FAILURE;
	}
	if (tc_params_init(&resolved, params) == FAILURE) {
		return FAILURE; /* a wrong option of ours: thrown before any work */
	}
	if (Z_TYPE_P(history) == IS_ARRAY && tc_fjson_wanted(history)) {
		/* json_decode() objects, read as their arrays (SPEC Part 4,
		 * "Histories of stdClass objects") */
		zval arrays, result_arrays;

		tc_fjson_to_arrays(&arrays, history);
		if ((result = tc_compact_run(&result_arrays, &arrays, &resolved, report)) == SUCCESS) {
			tc_fjson_back(out, &result_arrays, history, &arrays);
			zval_ptr_dtor(&result_arrays);
		} else {
			ZVAL_COPY_VALUE(out, &result_arrays);
		}
		zval_ptr_dtor(&arrays);
	} else {
		result = tc_compact_run(out, history, &resolved, report);
	}
	tc_params_dtor(&resolved);
	return result;
}

PHP_FUNCTION(toolcompact_compact)
{
	zval *messages, *report_ref = NULL, report;
	HashTable *params = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		TC_PARAM_HISTORY(messages)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(params)
		Z_PARAM_ZVAL(report_ref)
	ZEND_PARSE_PARAMETERS_END();

	if (php_toolcompact_compact(return_value, messages, params, report_ref ? &report : NULL) == SUCCESS && report_ref) {
		ZEND_TRY_ASSIGN_REF_TMP(report_ref, &report);
	}
}

PHP_FUNCTION(toolcompact_compact_request)
{
	zend_string *body, *out;
	zval *report_ref = NULL, report;
	HashTable *params = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(body)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(params)
		Z_PARAM_ZVAL(report_ref)
	ZEND_PARSE_PARAMETERS_END();

	if (tc_request_compact(&out, body, params, report_ref ? &report : NULL) == FAILURE) {
		RETURN_THROWS();
	}
	if (report_ref) {
		ZEND_TRY_ASSIGN_REF_TMP(report_ref, &report);
	}
	RETURN_STR(out);
}

PHP_FUNCTION(toolcompact_restore)
{
	zval *messages, *placeholder = NULL;
	tc_callable lookup;
	zend_fcall_info fci;
	HashTable *params = NULL;
	zend_string *tpl;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		TC_PARAM_HISTORY(messages)
		Z_PARAM_FUNC(fci, lookup.fcc)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(params)
	ZEND_PARSE_PARAMETERS_END();

	/* the only key read: placeholder (SPEC Part 4, "Restoring") */
	if (params && (placeholder = zend_hash_str_find_deref(params, ZEND_STRL("placeholder")))
			&& tc_params_check_placeholder(placeholder) == FAILURE) {
		RETURN_THROWS();
	}
	/* held: the lookup may change what a reference in $params points at */
	tpl = placeholder && Z_TYPE_P(placeholder) == IS_STRING ? zend_string_copy(Z_STR_P(placeholder)) : NULL;
	ZVAL_COPY_VALUE(&lookup.callable, &fci.function_name);
	if (Z_TYPE_P(messages) == IS_ARRAY && tc_fjson_wanted(messages)) {
		zval arrays, restored;

		tc_fjson_to_arrays(&arrays, messages);
		tc_format_restore(&restored, &arrays, &lookup, tpl);
		tc_fjson_back(return_value, &restored, messages, &arrays);
		zval_ptr_dtor(&restored);
		zval_ptr_dtor(&arrays);
	} else {
		tc_format_restore(return_value, messages, &lookup, tpl);
	}
	if (tpl) {
		zend_string_release(tpl);
	}
}

PHP_FUNCTION(toolcompact_format)
{
	zval *messages;
	const char *reason;
	tc_format format;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		TC_PARAM_HISTORY(messages)
	ZEND_PARSE_PARAMETERS_END();

	if (Z_TYPE_P(messages) == IS_OBJECT) {
		/* the pass reads a collection only when it is one that holds no
		 * provider message (notAList, unreadable) */
		if (!tc_pass_reads(messages)) {
			RETURN_NULL();
		}
		format = tc_format_choose(messages, TC_FORMAT_AUTO, &reason);
	} else if (tc_fjson_wanted(messages)) {
		zval arrays;

		tc_fjson_to_arrays(&arrays, messages);
		format = tc_format_choose(&arrays, TC_FORMAT_AUTO, &reason);
		zval_ptr_dtor(&arrays);
	} else {
		format = tc_format_choose(messages, TC_FORMAT_AUTO, &reason);
	}
	if (reason) {
		RETURN_NULL();
	}
	RETURN_STRING(tc_format_names[format]);
}

PHP_FUNCTION(toolcompact_retrieval_tool)
{
	zend_string *format_name = NULL, *name = NULL;
	tc_format format = TC_FORMAT_OPENAI;

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(format_name)
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (format_name && (format = tc_retrieval_format(format_name)) == TC_FORMAT_AUTO) {
		zend_argument_value_error(1, "must be \"openai\", \"openai-responses\", \"anthropic\" or \"gemini\"");
		RETURN_THROWS();
	}
	if (name && !tc_retrieval_name_ok(name)) {
		zend_argument_value_error(2, TC_RETRIEVAL_NAME_RULE);
		RETURN_THROWS();
	}
	tc_retrieval_tool(return_value, format, name);
}

PHP_FUNCTION(toolcompact_retrieve)
{
	zend_string *sha256, *wanted, *stored;
	tc_callable lookup;
	zend_fcall_info fci;
	bool threw = 0;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(sha256)
		Z_PARAM_FUNC(fci, lookup.fcc)
	ZEND_PARSE_PARAMETERS_END();

	ZVAL_COPY_VALUE(&lookup.callable, &fci.function_name);
	if (!(wanted = tc_retrieval_sha256(sha256))) {
		RETURN_NULL();
	}
	stored = tc_restore_stored(&lookup, wanted, &threw);
	zend_string_release(wanted);
	if (threw) {
		RETURN_THROWS();
	}
	if (!stored) {
		RETURN_NULL();
	}
	RETURN_STR(stored);
}

PHP_FUNCTION(toolcompact_readback_next)
{
	zend_string *request, *response, *name = NULL, *next;
	tc_callable lookup;
	zend_fcall_info fci;
	bool threw;

	ZEND_PARSE_PARAMETERS_START(3, 4)
		Z_PARAM_STR(request)
		Z_PARAM_STR(response)
		Z_PARAM_FUNC(fci, lookup.fcc)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(name)
	ZEND_PARSE_PARAMETERS_END();

	if (name && !tc_retrieval_name_ok(name)) {
		zend_argument_value_error(4, TC_RETRIEVAL_NAME_RULE);
		RETURN_THROWS();
	}
	ZVAL_COPY_VALUE(&lookup.callable, &fci.function_name);
	name = name ? zend_string_copy(name) : ZSTR_INIT_LITERAL(TC_RETRIEVAL_NAME, 0);
	next = tc_readback_next(request, response, &lookup, name, &threw);
	zend_string_release(name);
	if (threw) {
		RETURN_THROWS();
	}
	if (!next) {
		RETURN_NULL();
	}
	RETURN_STR(next);
}

PHP_FUNCTION(toolcompact_memo_info)
{
	ZEND_PARSE_PARAMETERS_NONE();

	tc_memo_info(return_value);
}

PHP_METHOD(ToolCompact_ToolCompactionConversationContextStrategy, getId)
{
	ZEND_PARSE_PARAMETERS_NONE();

	RETURN_STRINGL(PHP_TOOLCOMPACT_STRATEGY_ID, sizeof(PHP_TOOLCOMPACT_STRATEGY_ID) - 1);
}

PHP_METHOD(ToolCompact_ToolCompactionConversationContextStrategy, compact)
{
	zval *history;
	HashTable *params = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		TC_PARAM_HISTORY(history)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(params)
	ZEND_PARSE_PARAMETERS_END();

	php_toolcompact_compact(return_value, history, params, NULL);
}

PHP_METHOD(ToolCompact_ToolCompactionStrategyParams, resolve)
{
	HashTable *raw;
	tc_params params;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(raw)
	ZEND_PARSE_PARAMETERS_END();

	if (tc_params_init(&params, raw) == FAILURE) {
		RETURN_THROWS();
	}
	RETVAL_COPY(&params.resolved);
	tc_params_dtor(&params);
}

static PHP_GINIT_FUNCTION(toolcompact)
{
#if defined(COMPILE_DL_TOOLCOMPACT) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	toolcompact_globals->override = 1;
	toolcompact_globals->shapes = NULL;
	toolcompact_globals->binding = 0;
	toolcompact_globals->memo_entries = 0;
	toolcompact_globals->format_cache = 1;
	toolcompact_globals->json_way = TC_JSON_BYTES;
	toolcompact_globals->memo = NULL;
	toolcompact_globals->fcache = NULL;
	toolcompact_globals->fcache_reads = 0;
	toolcompact_globals->fcache_busy = 0;
}

static PHP_MINIT_FUNCTION(toolcompact)
{
	zend_class_entry *native_ce, *params_ce, *binding_exception_ce;

	/* before the INI entries: toolcompact.escaper asks what the CPU has */
	tc_json_escape_startup();
	REGISTER_INI_ENTRIES();
	tc_access_startup();
	tc_format_startup();
	tc_params_startup();
	native_ce = register_class_ToolCompact_NativeStrategy();
	register_class_ToolCompact_ToolCompactionConversationContextStrategy(native_ce);
	params_ce = register_class_ToolCompact_ToolCompactionStrategyParams();
	binding_exception_ce = register_class_ToolCompact_BindingException(spl_ce_LogicException);
	if (TOOLCOMPACT_G(override)) {
		zend_register_class_alias(TC_COMPOSER_PARAMS_CLASS, params_ce);
	}
	tc_bind_startup(binding_exception_ce, TOOLCOMPACT_G(override));
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(toolcompact)
{
	tc_bind_shutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(toolcompact)
{
	(void) type;
	(void) module_number;
	tc_memo_request_shutdown();
	tc_fcache_request_shutdown();
	tc_access_request_shutdown();
	tc_bind_request_shutdown();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(toolcompact)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "toolcompact support", "enabled");
	php_info_print_table_row(2, "Version", PHP_TOOLCOMPACT_VERSION);
	php_info_print_table_row(2, "Strategy id", PHP_TOOLCOMPACT_STRATEGY_ID);
	php_info_print_table_row(2, "SHA-256 backend", tc_sha256_backend());
	php_info_print_table_row(2, "JSON escaper", tc_json_escaper_name(tc_json_way_in_use()));
	php_info_print_table_row(2, "JSON decoder", tc_json_decoder_name(tc_json_way_in_use()));
#ifdef TOOLCOMPACT_PGO
	php_info_print_table_row(2, "Build", "profile-guided (make pgo)");
#else
	php_info_print_table_row(2, "Build", "plain");
#endif
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

static const zend_module_dep toolcompact_deps[] = {
	ZEND_MOD_REQUIRED("json")
	ZEND_MOD_REQUIRED("hash")
	ZEND_MOD_REQUIRED("spl")
	ZEND_MOD_END
};

zend_module_entry toolcompact_module_entry = {
	STANDARD_MODULE_HEADER_EX,
	NULL,
	toolcompact_deps,
	"toolcompact",
	ext_functions,
	PHP_MINIT(toolcompact),
	PHP_MSHUTDOWN(toolcompact),
	NULL,
	PHP_RSHUTDOWN(toolcompact),
	PHP_MINFO(toolcompact),
	PHP_TOOLCOMPACT_VERSION,
	PHP_MODULE_GLOBALS(toolcompact),
	PHP_GINIT(toolcompact),
	NULL,
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_TOOLCOMPACT
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(toolcompact)
#endif
