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

#include "php_toolcompact.h"
#include "src/tc_access.h"
#include "src/tc_params.h"
#include "src/tc_sha256.h"
#include "src/tc_walk.h"
#include "stubs/toolcompact_arginfo.h"

ZEND_DECLARE_MODULE_GLOBALS(toolcompact)

/* The Composer package's name of the parameters class. */
#define TC_COMPOSER_PARAMS_CLASS "AdachSoft\\AiAgentContextToolCompaction\\ToolCompactionStrategyParams"

static zend_class_entry *tc_params_ce;

PHP_INI_BEGIN()
	STD_PHP_INI_BOOLEAN("toolcompact.override", "1", PHP_INI_SYSTEM, OnUpdateBool,
		override, zend_toolcompact_globals, toolcompact_globals)
PHP_INI_END()

PHP_TOOLCOMPACT_API zend_result php_toolcompact_compact(zval *out, zval *history, HashTable *params)
{
	tc_params resolved;

	if (Z_TYPE_P(history) != IS_ARRAY) {
		return FAILURE;
	}
	tc_params_init(&resolved, params);
	tc_compact(out, history, &resolved);
	tc_params_dtor(&resolved);
	return SUCCESS;
}

PHP_FUNCTION(toolcompact_compact)
{
	zval *messages;
	HashTable *params = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_ARRAY(messages)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(params)
	ZEND_PARSE_PARAMETERS_END();

	php_toolcompact_compact(return_value, messages, params);
}

PHP_METHOD(ToolCompact_ToolCompactionStrategyParams, resolve)
{
	HashTable *raw;
	tc_params params;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(raw)
	ZEND_PARSE_PARAMETERS_END();

	tc_params_init(&params, raw);
	RETVAL_COPY(&params.resolved);
	tc_params_dtor(&params);
}

static PHP_GINIT_FUNCTION(toolcompact)
{
#if defined(COMPILE_DL_TOOLCOMPACT) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	toolcompact_globals->override = 1;
}

static PHP_MINIT_FUNCTION(toolcompact)
{
	REGISTER_INI_ENTRIES();
	tc_access_startup();
	tc_params_ce = register_class_ToolCompact_ToolCompactionStrategyParams();
	if (TOOLCOMPACT_G(override)) {
		zend_register_class_alias(TC_COMPOSER_PARAMS_CLASS, tc_params_ce);
	}
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(toolcompact)
{
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(toolcompact)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "toolcompact support", "enabled");
	php_info_print_table_row(2, "Version", PHP_TOOLCOMPACT_VERSION);
	php_info_print_table_row(2, "Strategy id", PHP_TOOLCOMPACT_STRATEGY_ID);
	php_info_print_table_row(2, "SHA-256 backend", tc_sha256_backend());
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

static const zend_module_dep toolcompact_deps[] = {
	ZEND_MOD_REQUIRED("json")
	ZEND_MOD_REQUIRED("hash")
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
	NULL,
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
