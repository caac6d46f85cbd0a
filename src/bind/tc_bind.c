#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_execute.h"
#include "zend_smart_str.h"

#include "../../php_toolcompact.h"
#include "tc_bind.h"
#include "tc_client.h"

static zend_class_entry *(*tc_bind_previous)(zend_string *name, zend_string *lc_name);
static zend_class_entry *tc_bind_exception_ce;
static bool tc_bind_installed;
static bool tc_bind_override;

/* ---- types as PHP source ---- */

static bool tc_bind_builtin(const char *name, size_t len)
{
	static const char *const builtin[] = {
		"array", "bool", "callable", "false", "float", "int", "iterable", "mixed",
		"never", "null", "object", "static", "string", "true", "void", NULL
	};
	int i;

	for (i = 0; builtin[i]; i++) {
		if (strlen(builtin[i]) == len && zend_binary_strcasecmp(builtin[i], len, name, len) == 0) {
			return 1;
		}
	}
	return 0;
}

/* Appends type as source that means the same inside another namespace:
 * class names fully qualified, self spelled as the interface's name. */
static void tc_bind_type(smart_str *code, zend_type type, zend_class_entry *iface)
{
	zend_string *str = zend_type_to_string(type);
	const char *p = ZSTR_VAL(str), *end = p + ZSTR_LEN(str);

#ifdef ZEND_TYPE_IS_ITERABLE_FALLBACK
	/* Since 8.2 iterable is stored as Traversable|array; spell it as declared. */
	if (ZEND_TYPE_IS_ITERABLE_FALLBACK(type)
			&& (zend_string_equals_literal(str, "Traversable|array")
				|| zend_string_equals_literal(str, "Traversable|array|null")
				|| zend_string_equals_literal(str, "?Traversable|array"))) {
		smart_str_appends(code, ZSTR_LEN(str) > sizeof("Traversable|array") - 1 ? "?iterable" : "iterable");
		zend_string_release(str);
		return;
	}
#endif

	while (p < end) {
		const char *start = p;
		size_t len;

		if (strchr("|&()?", *p)) {
			smart_str_appendc(code, *p++);
			continue;
		}
		while (p < end && !strchr("|&()?", *p)) {
			p++;
		}
		len = p - start;
		if (len == 4 && zend_binary_strcasecmp(start, len, "self", 4) == 0) {
			smart_str_appendc(code, '\\');
			smart_str_append(code, iface->name);
		} else {
			if (!tc_bind_builtin(start, len)) {
				smart_str_appendc(code, '\\');
			}
			smart_str_appendl(code, start, len);
		}
	}
	zend_string_release(str);
}

/* Can a value of this type carry a history (an array or a collection)? */
static bool tc_bind_holds_history(zend_type type)
{
	uint32_t mask = MAY_BE_OBJECT | MAY_BE_ARRAY;

#ifdef MAY_BE_ITERABLE
	mask |= MAY_BE_ITERABLE;
#endif
	return !ZEND_TYPE_IS_SET(type) || ZEND_TYPE_IS_COMPLEX(type) || (ZEND_TYPE_PURE_MASK(type) & mask);
}

/* A default value of our own for an optional parameter of this type (the
 * interface's default need not be repeated, only optionality). */
static bool tc_bind_default(smart_str *code, zend_type type)
{
	uint32_t mask = ZEND_TYPE_PURE_MASK(type);

	if (!ZEND_TYPE_IS_SET(type) || ZEND_TYPE_ALLOW_NULL(type)) {
		smart_str_appendl(code, ZEND_STRL(" = null"));
	} else if (mask & MAY_BE_ARRAY) {
		smart_str_appendl(code, ZEND_STRL(" = []"));
	} else if (mask & MAY_BE_STRING) {
		smart_str_appendl(code, ZEND_STRL(" = ''"));
	} else if (mask & MAY_BE_LONG) {
		smart_str_appendl(code, ZEND_STRL(" = 0"));
	} else if (mask & MAY_BE_DOUBLE) {
		smart_str_appendl(code, ZEND_STRL(" = 0.0"));
	} else if (mask & MAY_BE_FALSE) {
		smart_str_appendl(code, ZEND_STRL(" = false"));
	} else if (mask & MAY_BE_TRUE) {
		smart_str_appendl(code, ZEND_STRL(" = true"));
	} else {
		return 0;
	}
	return 1;
}

/* ---- methods ---- */

static zend_string *tc_bind_arg_name(zend_function *fn, uint32_t i)
{
	if (ZEND_USER_CODE(fn->type)) {
		return zend_string_copy(fn->op_array.arg_info[i].name);
	}
	return zend_string_init(fn->internal_function.arg_info[i].name,
		strlen(fn->internal_function.arg_info[i].name), 0);
}

/*
 * Appends "public function name(params): type" as the interface declares it.
 * Sets *params_arg to the name of the first array parameter after the first
 * one (owned, or NULL). Returns false when an optional parameter's type
 * leaves no default to give it.
 */
static bool tc_bind_signature(smart_str *code, zend_function *fn, zend_class_entry *iface, zend_string **params_arg)
{
	uint32_t i, count = fn->common.num_args;

	if (fn->common.fn_flags & ZEND_ACC_VARIADIC) {
		count++;
	}
	smart_str_appendl(code, ZEND_STRL("    public function "));
	if (fn->common.fn_flags & ZEND_ACC_RETURN_REFERENCE) {
		smart_str_appendc(code, '&');
	}
	smart_str_append(code, fn->common.function_name);
	smart_str_appendc(code, '(');
	for (i = 0; i < count; i++) {
		zend_arg_info *arg = &fn->common.arg_info[i];
		zend_string *name = tc_bind_arg_name(fn, i);

		if (i) {
			smart_str_appendl(code, ZEND_STRL(", "));
		}
		if (ZEND_TYPE_IS_SET(arg->type)) {
			tc_bind_type(code, arg->type, iface);
			smart_str_appendc(code, ' ');
		}
		if (ZEND_ARG_SEND_MODE(arg)) {
			smart_str_appendc(code, '&');
		}
		if (ZEND_ARG_IS_VARIADIC(arg)) {
			smart_str_appendl(code, ZEND_STRL("..."));
		}
		smart_str_appendc(code, '$');
		smart_str_append(code, name);
		if (i >= fn->common.required_num_args && !ZEND_ARG_IS_VARIADIC(arg)
				&& !tc_bind_default(code, arg->type)) {
			zend_string_release(name);
			return 0;
		}
		if (params_arg && i > 0 && !*params_arg && !ZEND_ARG_IS_VARIADIC(arg)
				&& ZEND_TYPE_IS_SET(arg->type) && !ZEND_TYPE_IS_COMPLEX(arg->type)
				&& (ZEND_TYPE_PURE_MASK(arg->type) & ~MAY_BE_NULL) == MAY_BE_ARRAY) {
			*params_arg = name;
		} else {
			zend_string_release(name);
		}
	}
	smart_str_appendc(code, ')');
	if (fn->common.fn_flags & ZEND_ACC_HAS_RETURN_TYPE) {
		smart_str_appendl(code, ZEND_STRL(": "));
		tc_bind_type(code, fn->common.arg_info[-1].type, iface);
	}
	return 1;
}

static bool tc_bind_is_id(zend_function *fn)
{
	zend_type type;

	if (fn->common.required_num_args != 0 || !(fn->common.fn_flags & ZEND_ACC_HAS_RETURN_TYPE)) {
		return 0;
	}
	type = fn->common.arg_info[-1].type;
	return !ZEND_TYPE_IS_COMPLEX(type) && ZEND_TYPE_PURE_MASK(type) == MAY_BE_STRING;
}

static bool tc_bind_is_compaction(zend_function *fn)
{
	return fn->common.num_args >= 1 && fn->common.required_num_args >= 1
		&& !ZEND_ARG_IS_VARIADIC(&fn->common.arg_info[0])
		&& tc_bind_holds_history(fn->common.arg_info[0].type)
		&& (!(fn->common.fn_flags & ZEND_ACC_HAS_RETURN_TYPE)
			|| tc_bind_holds_history(fn->common.arg_info[-1].type));
}

static void tc_bind_fail(zend_class_entry *iface, zend_function *fn, const char *why)
{
	zend_throw_exception_ex(tc_bind_exception_ce, 0,
		"toolcompact cannot implement %s::%s() for " TC_COMPOSER_STRATEGY_CLASS ": %s",
		ZSTR_VAL(iface->name), ZSTR_VAL(fn->common.function_name), why);
}

/*
 * The source of the class implementing iface, or NULL with an exception
 * thrown when one of its methods has neither shape.
 */
static zend_string *tc_bind_source(zend_class_entry *iface)
{
	smart_str code = {0};
	zend_function *fn, *id = NULL, *compaction = NULL;

	smart_str_appendl(&code, ZEND_STRL(
		"namespace AdachSoft\\AiAgentContextToolCompaction;\n"
		"class ToolCompactionConversationContextStrategy implements \\"));
	smart_str_append(&code, iface->name);
	smart_str_appendl(&code, ZEND_STRL(", \\ToolCompact\\NativeStrategy\n{\n"));

	ZEND_HASH_FOREACH_PTR(&iface->function_table, fn) {
		zend_string *params_arg = NULL, *history_arg;

		if (fn->common.fn_flags & ZEND_ACC_STATIC) {
			tc_bind_fail(iface, fn, "a static method is neither the strategy id nor the compaction");
			break;
		}
		if (!id && tc_bind_is_id(fn)) {
			id = fn;
			if (!tc_bind_signature(&code, fn, iface, NULL)) {
				tc_bind_fail(iface, fn, "an optional parameter whose type admits no default");
				break;
			}
			smart_str_appendl(&code, ZEND_STRL("\n    {\n        return '" PHP_TOOLCOMPACT_STRATEGY_ID "';\n    }\n"));
		} else if (!compaction && tc_bind_is_compaction(fn)) {
			compaction = fn;
			if (!tc_bind_signature(&code, fn, iface, &params_arg)) {
				tc_bind_fail(iface, fn, "an optional parameter whose type admits no default");
				break;
			}
			history_arg = tc_bind_arg_name(fn, 0);
			smart_str_appendl(&code, ZEND_STRL("\n    {\n        return \\toolcompact_compact($"));
			smart_str_append(&code, history_arg);
			zend_string_release(history_arg);
			if (params_arg) {
				smart_str_appendl(&code, ZEND_STRL(", \\is_array($"));
				smart_str_append(&code, params_arg);
				smart_str_appendl(&code, ZEND_STRL(") ? $"));
				smart_str_append(&code, params_arg);
				smart_str_appendl(&code, ZEND_STRL(" : []"));
				zend_string_release(params_arg);
			}
			smart_str_appendl(&code, ZEND_STRL(");\n    }\n"));
		} else {
			tc_bind_fail(iface, fn, "it is neither the strategy id (no required parameter, returns string) "
				"nor the compaction (its first parameter takes the history)");
			break;
		}
	} ZEND_HASH_FOREACH_END();

	if (EG(exception)) {
		smart_str_free(&code);
		return NULL;
	}
	smart_str_appendl(&code, ZEND_STRL("}\n"));
	return smart_str_extract(&code);
}

/* Without the interface: the same methods as the native class. */
static const char tc_bind_standalone[] =
	"namespace AdachSoft\\AiAgentContextToolCompaction;\n"
	"class ToolCompactionConversationContextStrategy implements \\ToolCompact\\NativeStrategy\n"
	"{\n"
	"    public function getId(): string\n"
	"    {\n"
	"        return '" PHP_TOOLCOMPACT_STRATEGY_ID "';\n"
	"    }\n"
	"    public function compact(array|object $history, array $params = []): array|object\n"
	"    {\n"
	"        return \\toolcompact_compact($history, $params);\n"
	"    }\n"
	"}\n";

/*
 * The file name of the binding's code while opcache preloads: what PHP's own
 * eval() names code eval()'d where the lookup was made, "file(line) : eval()'d
 * code". Opcache keeps the classes of eval()'d code one level deep only, so
 * when the running code is itself eval()'d ("file(1) : eval()'d code"), the
 * file it was eval()'d in is named. Owned (efree()).
 */
static char *tc_bind_preload_name(void)
{
	static const char tail[] = " : eval()'d code";
	const size_t tail_len = sizeof(tail) - 1;
	const char *file = zend_get_executed_filename();
	size_t len = strlen(file), at;
	char *name = NULL;

	/* strip "(line) : eval()'d code" while the name ends with it */
	while (len > tail_len && memcmp(file + len - tail_len, tail, tail_len) == 0) {
		at = len - tail_len;
		if (at < 3 || file[at - 1] != ')') {
			break;
		}
		for (at -= 2; at > 0 && file[at] >= '0' && file[at] <= '9'; at--) {
		}
		if (at == 0 || file[at] != '(') {
			break;
		}
		len = at;
	}
	zend_spprintf(&name, 0, "%.*s(%d) : eval()'d code", (int) len, file, zend_get_executed_lineno());
	return name;
}

/*
 * Declares the class of this source, as code run where the lookup was made.
 *
 * In a request, zend_eval_stringl(): the class lives as long as the request.
 *
 * While opcache preloads (CG(compiler_options) has ZEND_COMPILE_PRELOAD, which
 * opcache sets while it compiles and runs opcache.preload), a preloaded class
 * that extends or uses the class points at it, so it must be preloaded too. At
 * the end of preloading opcache keeps in shared memory the classes declared by
 * the files it compiled and by code eval()'d in them, and destroys every other
 * user class. So the source is compiled and run here as PHP's eval() in the
 * preloaded script would: with the preload's compiler options, under the name
 * of eval()'d code of that script (tc_bind_preload_name()). The class becomes
 * one of the preloaded classes, persisted like them, and every request finds
 * it under the Composer name without asking the hook again. Declared by
 * zend_eval_stringl() ("toolcompact binding", options reset for eval), it was
 * destroyed while a preloaded subclass kept a pointer to it: a request using
 * the subclass crashed, or preloading looped over freed memory.
 *
 * Not chosen: the binding as an internal class made at MINIT cannot implement
 * the application's SPI interface (a user interface, known at first use only);
 * refusing to answer while preloading fails a preload script that declares a
 * subclass ("Class not found" at startup), and leaves the subclass out.
 */
void tc_bind_declare(const char *code, size_t len)
{
	zend_string *source;
	zend_op_array *op_array;
	char *name;

	if (!(CG(compiler_options) & ZEND_COMPILE_PRELOAD)) {
		zend_eval_stringl(code, len, NULL, "toolcompact binding");
		return;
	}
	source = zend_string_init(code, len, 0);
	name = tc_bind_preload_name();
#if PHP_VERSION_ID >= 80200
	op_array = zend_compile_string(source, name, ZEND_COMPILE_POSITION_AFTER_OPEN_TAG);
#else
	/* PHP 8.1's zend_compile_string() has no position: it compiles as code after an open tag. */
	op_array = zend_compile_string(source, name);
#endif
	efree(name);
	zend_string_release(source);
	if (op_array) {
		zval retval;

		ZVAL_UNDEF(&retval);
		zend_try {
			zend_execute(op_array, &retval);
		} zend_catch {
			destroy_op_array(op_array);
			efree_size(op_array, sizeof(zend_op_array));
			zend_bailout();
		} zend_end_try();
		zval_ptr_dtor(&retval);
		destroy_op_array(op_array);
		efree_size(op_array, sizeof(zend_op_array));
	}
}

/* Makes the class (once per request, or once for all requests when opcache
 * preloads it: it stays in the class table). */
static zend_class_entry *tc_bind_strategy(zend_string *lc_name)
{
	zend_string *iface_name = zend_string_init(ZEND_STRL(TC_SPI_INTERFACE), 0);
	zend_class_entry *iface = zend_lookup_class(iface_name);
	zend_string *source = NULL;

	zend_string_release(iface_name);
	if (EG(exception)) {
		return NULL; /* the application's autoloader threw: its exception goes on */
	}
	if (iface && (iface->ce_flags & ZEND_ACC_INTERFACE)) {
		if (!(source = tc_bind_source(iface))) {
			return NULL;
		}
		tc_bind_declare(ZSTR_VAL(source), ZSTR_LEN(source));
		zend_string_release(source);
	} else {
		tc_bind_declare(tc_bind_standalone, sizeof(tc_bind_standalone) - 1);
	}
	return EG(exception) ? NULL : zend_hash_find_ptr(EG(class_table), lc_name);
}

/* TC_COMPOSER_STRATEGY_CLASS in lower case, as the engine passes lc_name. A
 * literal: since PHP 8.3 zend_string_equals_literal() takes a literal only. */
#define TC_COMPOSER_STRATEGY_LC "adachsoft\\aiagentcontexttoolcompaction\\toolcompactionconversationcontextstrategy"

static zend_class_entry *tc_bind_autoload(zend_string *name, zend_string *lc_name)
{
	if (zend_string_equals_literal(lc_name, TC_CLIENT_LC)) {
		/* the engine's lookup never asks again for a name it is looking up */
		return tc_client_bind(lc_name);
	}
	if (tc_bind_override && zend_string_equals_literal(lc_name, TC_COMPOSER_STRATEGY_LC)
			&& !TOOLCOMPACT_G(binding)) {
		zend_class_entry *ce;

		TOOLCOMPACT_G(binding) = 1;
		ce = tc_bind_strategy(lc_name);
		TOOLCOMPACT_G(binding) = 0;
		return ce;
	}
	return tc_bind_previous ? tc_bind_previous(name, lc_name) : NULL;
}

void tc_bind_startup(zend_class_entry *exception_ce, bool override)
{
	tc_bind_exception_ce = exception_ce;
	tc_bind_override = override;
	tc_bind_previous = zend_autoload;
	zend_autoload = tc_bind_autoload;
	tc_bind_installed = 1;
}

void tc_bind_request_shutdown(void)
{
	TOOLCOMPACT_G(binding) = 0;
}

void tc_bind_shutdown(void)
{
	if (tc_bind_installed && zend_autoload == tc_bind_autoload) {
		zend_autoload = tc_bind_previous;
	}
	tc_bind_installed = 0;
}
